"""What happened to a gang, row by row: its credits ledger, its events and its card flips;
and the keys of the roster writes a client may retry."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q

from rosters.models.base import AppendOnly
from rosters.models.gangs import Fighter, Gang


class LedgerEntry(AppendOnly):
    """One change of a gang's credits. The gang's balance is the sum of these rows."""

    class Reason(models.TextChoices):
        STARTING_TREASURY = "starting_treasury"
        HIRE = "hire"
        PURCHASE = "purchase"
        SALE = "sale"
        REWARD = "reward"
        REFUND = "refund"
        ADJUSTMENT = "adjustment", "arbitrator adjustment"
        IMPORT = "import"

    gang = models.ForeignKey(Gang, on_delete=models.PROTECT, related_name="ledger")
    amount = models.IntegerField()
    reason = models.CharField(max_length=20, choices=Reason.choices)
    balance_after = models.IntegerField()
    note = models.CharField(max_length=300, blank=True)
    # The note in the reader's language (rosters/history_lines.py); "" for notes without one
    code = models.CharField(max_length=50, blank=True, default="")
    params = models.JSONField(default=dict, blank=True)
    actor = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+"
    )
    at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["id"]
        verbose_name_plural = "ledger entries"
        constraints = [
            models.CheckConstraint(
                condition=Q(balance_after__gte=0), name="ledger_balance_never_negative"
            ),
        ]

    def __str__(self):
        return f"{self.amount:+d} {self.reason}"


class GangEvent(AppendOnly):
    """The gang's readable history: one sentence per thing that happened to it."""

    class Kind(models.TextChoices):
        CREATED = "created"
        HIRED = "hired"
        RETIRED = "retired"
        PURCHASE = "purchase"
        SALE = "sale"
        MOVED = "moved"
        INJURY = "injury"
        DEATH = "death"
        ADVANCEMENT = "advancement"
        FLIPS = "flips"
        REWARD = "reward"
        GOODS = "goods"
        ADJUSTMENT = "adjustment"
        BATTLE = "battle"
        IMPORT = "import"
        RENAMED = "renamed"

    gang = models.ForeignKey(Gang, on_delete=models.PROTECT, related_name="events")
    kind = models.CharField(max_length=12, choices=Kind.choices)
    text = models.CharField(max_length=400)
    fighter = models.ForeignKey(
        Fighter, null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    actor = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+"
    )
    at = models.DateTimeField(auto_now_add=True)
    # The line in the reader's language (rosters/history_lines.py); "" for lines without one
    code = models.CharField(max_length=50, blank=True, default="")
    params = models.JSONField(default=dict, blank=True)

    class Meta:
        ordering = ["id"]

    def __str__(self):
        return self.text


class FlipDraw(AppendOnly):
    """One card the server flipped for a fighter's advancement. The deck is the fighter's own,
    shuffled from ``Fighter.flip_seed`` and this draw's number, so every draw can be audited
    (re-derived by staff from the seed) and none is ever chosen by a client.

    Rows are written once; what happened to the card is a later row's business: a card is
    ``taken`` (a stat rose), ``reflipped`` (another flip burned to replace it) or ``declined``.
    The current card is the last draw whose outcome is still empty.
    """

    class Outcome(models.TextChoices):
        TAKEN = "taken"
        REFLIPPED = "reflipped"
        DECLINED = "declined"

    fighter = models.ForeignKey(Fighter, on_delete=models.PROTECT, related_name="flip_draws")
    seq = models.PositiveIntegerField(help_text="The fighter's n-th draw, from 1.")
    card = models.CharField(max_length=6)
    options = models.JSONField(help_text="The two stats the card offers.")
    at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["fighter", "seq"]
        constraints = [models.UniqueConstraint(fields=["fighter", "seq"], name="one_flip_per_seq")]

    def __str__(self):
        return f"{self.fighter} flip {self.seq}: {self.card}"


class FlipResolution(AppendOnly):
    draw = models.OneToOneField(FlipDraw, on_delete=models.PROTECT, related_name="resolution")
    outcome = models.CharField(max_length=10, choices=FlipDraw.Outcome.choices)
    stat = models.CharField(max_length=10, blank=True)
    actor = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+"
    )
    at = models.DateTimeField(auto_now_add=True)

    def __str__(self):
        return f"{self.draw}: {self.outcome} {self.stat}".strip()


class KeyedWrite(models.Model):
    """A roster write sent with an Idempotency-Key (config/idempotency.py): who sent it, the
    key, a digest of the request, and the answer it got. Written in the write's own
    transaction (rosters/keyed_writes.py), so a write that committed has its key; a retry
    with the key gets this answer instead of writing again."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    key = models.CharField(max_length=200)
    request = models.CharField(max_length=64)  # config.idempotency.fingerprint
    # Null only inside the write's transaction, between the key's claim and the answer.
    status = models.PositiveSmallIntegerField(null=True)
    # The answer as JSON text, not jsonb: a replay gives its keys in the first answer's order.
    answer = models.TextField(blank=True)
    at = models.DateTimeField(auto_now_add=True, db_index=True)  # forget_old_keys reads it

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["user", "key"], name="one_roster_write_per_key"),
        ]

    def __str__(self):
        return f"{self.key} ({self.status})"
