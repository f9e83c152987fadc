"""Match records for every game, and the live state, actions and event log of refereed play.

Two kinds of match share one table:
- a **logged result** (``live=False``): a game played at the table, reported afterwards;
  its status is ``reported`` from the start and it has no state, actions or events.
- a **live match** (``live=True``): the server referees it. It starts ``invited`` (no state
  yet) until every named player has accepted their seat; then it is dealt and ``live``; a
  decline ``cancelled`` it instead. Then ``live -> finished`` (the engine says the game is
  over, or every other seat resigned) or ``live -> abandoned`` (staff stop it, or a seat
  resigns from a game whose engine cannot go on without it). ``finished``, ``abandoned`` and
  ``cancelled`` are final.

Consent is per seat (``Participant.consent``): a player named by someone else is
``awaiting`` until they accept (a live seat) or confirm (a logged result), or decline. A
logged result counts only once no seat awaits and none declined
(``matches.selectors.counted``).

``state`` and ``seed`` are hidden information: no serializer exposes them. Everything a
client sees about a running game is built from ``ruleset.view(state, seat)``.
"""

from __future__ import annotations

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import models
from django.db.models import Q
from django.utils import timezone

from rulesets.registry import get_ruleset


def validate_ruleset_slug(value: str) -> None:
    if get_ruleset(value) is None:
        raise ValidationError(f"There is no game called '{value}'.")


class Match(models.Model):
    class Status(models.TextChoices):
        INVITED = "invited", "waiting for the players to accept"
        LIVE = "live", "being played"
        FINISHED = "finished", "finished"
        ABANDONED = "abandoned", "abandoned"
        CANCELLED = "cancelled", "cancelled (an invitation was declined)"
        REPORTED = "reported", "result reported"

    LIVE_STATUSES = (
        Status.INVITED,
        Status.LIVE,
        Status.FINISHED,
        Status.ABANDONED,
        Status.CANCELLED,
    )
    # Dealt: the engine's state exists (new_game ran with the seed).
    DEALT_STATUSES = (Status.LIVE, Status.FINISHED, Status.ABANDONED)

    ruleset = models.CharField(max_length=50, validators=[validate_ruleset_slug], db_index=True)
    live = models.BooleanField(default=False)
    status = models.CharField(max_length=10, choices=Status.choices)
    played_at = models.DateTimeField(default=timezone.now, db_index=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="matches_created",
    )
    created_at = models.DateTimeField(auto_now_add=True)
    # How the game ended, keyed by seat: {"winners": [...], "placements": {...}, "scores": {...},
    # "teams": {...}}. The API turns seats into usernames. None while a live match runs.
    outcome = models.JSONField(null=True, blank=True)

    # --- live play only ---------------------------------------------------------------------
    options = models.JSONField(default=dict, blank=True)
    state = models.JSONField(default=dict, blank=True, editable=False)  # hidden: never serialized
    seed = models.BigIntegerField(null=True, blank=True, editable=False)  # hidden: never serialized
    # Grows by one with every change a client can see (a resolved action, an abandon); never
    # goes back. Clients poll it to know when to fetch state again.
    version = models.PositiveIntegerField(default=0)
    last_event_seq = models.PositiveIntegerField(default=0)
    # Who may watch besides the seats (docs/matches.md "Spectators"): anyone signed in when
    # public; campaign members for a campaign battle (matches.access).
    public = models.BooleanField(default=False)
    # Turn clock (matches/clock.py): seconds per turn and an optional bank per seat.
    turn_seconds = models.PositiveIntegerField(null=True, blank=True)
    bank_seconds = models.PositiveIntegerField(null=True, blank=True)

    # Campaigns point here (campaigns.Battle.match, one to one). If a match ever needs to know
    # its round directly, `round = models.ForeignKey("campaigns.Round", null=True, ...)` goes here.

    class Meta:
        ordering = ["-played_at", "-id"]
        verbose_name_plural = "matches"
        constraints = [
            models.CheckConstraint(
                condition=(
                    Q(
                        live=True,
                        status__in=["invited", "live", "finished", "abandoned", "cancelled"],
                    )
                    | Q(live=False, status="reported")
                ),
                name="match_status_fits_its_kind",
            ),
            models.CheckConstraint(
                condition=Q(live=False) | Q(seed__isnull=False), name="live_match_has_a_seed"
            ),
        ]

    def __str__(self):
        return f"#{self.pk} {self.ruleset} ({self.status})"

    @property
    def is_running(self) -> bool:
        return self.live and self.status == self.Status.LIVE

    @property
    def is_dealt(self) -> bool:
        return self.live and self.status in self.DEALT_STATUSES


class Participant(models.Model):
    class Consent(models.TextChoices):
        AWAITING = "awaiting", "waiting for the player"
        ACCEPTED = "accepted", "accepted"
        DECLINED = "declined", "declined"

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="participants")
    player = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="match_participations"
    )
    # Opaque to clients ("s1".."sN" in the order players were given); engines know seats only.
    seat = models.CharField(max_length=10)
    team = models.CharField(max_length=50, blank=True)
    placement = models.PositiveSmallIntegerField(null=True, blank=True)  # 1 = best, ties share
    scores = models.JSONField(default=dict, blank=True)
    resigned = models.BooleanField(default=False)
    # The player's answer to being named: a live seat is accepted (or declined) before the
    # match is dealt; a logged result is confirmed (or declined) before it counts. A player
    # who names themselves, and a result a league or campaign records on its players' behalf
    # (their consent is that app's business), are ``accepted`` from the start.
    consent = models.CharField(max_length=10, choices=Consent.choices, default=Consent.ACCEPTED)
    answered_at = models.DateTimeField(null=True, blank=True)

    # For the games played with a gang (Last Hope Frontier).
    gang = models.ForeignKey(
        "rosters.Gang", null=True, blank=True, on_delete=models.PROTECT, related_name="match_seats"
    )
    # A bot seat names its policy ("random", "greedy"); blank for a person (matches/bots.py).
    bot = models.CharField(max_length=10, blank=True)
    # Turn clock (matches/clock.py): when this seat began waiting to move, when the server
    # acts for it, and what is left of its bank.
    clock_since = models.DateTimeField(null=True, blank=True)
    clock_deadline = models.DateTimeField(null=True, blank=True, db_index=True)
    bank_left = models.FloatField(null=True, blank=True)

    class Meta:
        ordering = ["match", "id"]
        constraints = [
            models.UniqueConstraint(fields=["match", "seat"], name="one_player_per_seat"),
            models.UniqueConstraint(fields=["match", "player"], name="one_seat_per_player"),
            models.CheckConstraint(
                condition=Q(placement__isnull=True) | Q(placement__gte=1),
                name="placement_starts_at_one",
            ),
        ]

    def __str__(self):
        return f"{self.seat}: {self.player}"


class MatchAction(models.Model):
    """One decision a seat submitted. Stored ``pending``; a worker resolves it exactly once."""

    class Status(models.TextChoices):
        PENDING = "pending"
        RESOLVED = "resolved"
        REJECTED = "rejected"

    class Kind(models.TextChoices):
        PLAY = "play"  # an action object from legal-actions, fed to ruleset.apply
        RESIGN = "resign"

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="actions")
    seat = models.CharField(max_length=10)
    kind = models.CharField(max_length=10, choices=Kind.choices, default=Kind.PLAY)
    payload = models.JSONField(default=dict, blank=True)
    idempotency_key = models.CharField(max_length=200)
    # When given, the action only stands if the match is still at this version (else "stale").
    expected_version = models.PositiveIntegerField(null=True, blank=True)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.PENDING)
    reason = models.TextField(blank=True)  # the engine's sentence when rejected
    version_after = models.PositiveIntegerField(null=True, blank=True)
    created_at = models.DateTimeField(default=timezone.now, db_index=True)
    resolved_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        # Submission takes the match row lock, so within a match ids follow submission order.
        ordering = ["id"]
        constraints = [
            models.UniqueConstraint(
                fields=["match", "seat", "idempotency_key"], name="one_action_per_idempotency_key"
            ),
            models.CheckConstraint(
                condition=(
                    Q(status="resolved", version_after__isnull=False)
                    | (Q(status__in=["pending", "rejected"]) & Q(version_after__isnull=True))
                ),
                name="resolved_action_has_version_after",
            ),
        ]
        indexes = [models.Index(fields=["match", "status", "id"], name="matchaction_queue")]

    def __str__(self):
        return f"action {self.pk} of match {self.match_id} by {self.seat} ({self.status})"


class MatchEvent(models.Model):
    """The match's log, numbered per match from 1. ``private_to`` (a seat) hides an event from
    every other seat; blank means everybody may read it."""

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="events")
    seq = models.PositiveIntegerField()
    action = models.ForeignKey(
        MatchAction, null=True, blank=True, on_delete=models.PROTECT, related_name="events"
    )
    type = models.CharField(max_length=50)
    text = models.TextField(blank=True)
    data = models.JSONField(default=dict, blank=True)  # the engine's other (public) fields
    private_to = models.CharField(max_length=10, blank=True)
    version = models.PositiveIntegerField()
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["match", "seq"]
        constraints = [
            models.UniqueConstraint(fields=["match", "seq"], name="one_event_per_seq"),
            models.CheckConstraint(condition=Q(seq__gte=1), name="event_seq_starts_at_one"),
        ]

    def __str__(self):
        return f"{self.match_id}#{self.seq} {self.type}"
