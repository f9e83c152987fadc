"""Last Hope Frontier campaigns: arbitrators, gangs, rounds, battles and the campaign log."""

from __future__ import annotations

import secrets

from django.conf import settings
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from campaigns.mission_models import Mission

MAX_BATTLES_PER_PAIRING = 20


# Letters and digits a person reads out without doubt (no 0/O, 1/I/L): codes are given out
# by word of mouth and typed in any case (``campaign_by_join_code`` ignores it).
JOIN_CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"


def new_join_code() -> str:
    return "".join(secrets.choice(JOIN_CODE_ALPHABET) for _ in range(8))


def new_seed() -> int:
    return secrets.randbits(63)


class Campaign(models.Model):
    class Status(models.TextChoices):
        DRAFT = "draft"
        ACTIVE = "active"
        FINISHED = "finished"

    # Each setting's verbose name is its label in the reader's language: the admin's form and
    # the campaign log's "changed the settings" line (campaigns/log_lines.py) say it.
    name = models.CharField(_("name"), max_length=100)
    ruleset = models.SlugField(default="last-hope-frontier")
    status = models.CharField(max_length=8, choices=Status.choices, default=Status.DRAFT)
    arbitrators = models.ManyToManyField(
        settings.AUTH_USER_MODEL, related_name="arbitrated_campaigns"
    )
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+"
    )
    description = models.TextField(_("description"), blank=True)
    points_win = models.PositiveSmallIntegerField(_("points for a win"), default=3)
    points_draw = models.PositiveSmallIntegerField(_("points for a draw"), default=1)
    points_loss = models.PositiveSmallIntegerField(_("points for a loss"), default=0)
    reward_win = models.PositiveIntegerField(_("credits for a win"), default=60)
    reward_draw = models.PositiveIntegerField(_("credits for a draw"), default=40)
    reward_loss = models.PositiveIntegerField(_("credits for a loss"), default=25)
    round_length_days = models.PositiveSmallIntegerField(_("round length in days"), default=14)
    max_battles_per_pairing = models.PositiveSmallIntegerField(
        _("battles per pair of gangs in a round"),
        default=1,
        validators=[MinValueValidator(1), MaxValueValidator(MAX_BATTLES_PER_PAIRING)],
        help_text="How many battles the same two gangs may fight in one round.",
    )
    tie_breakers = models.JSONField(
        _("tie-breakers"),
        default=list,
        blank=True,
        help_text="Ordered: head_to_head, wins, taken_out, rating, wealth.",
    )
    # The house rules chosen ({"key": true}; rulesets/core/house_rules.py): the rulebook's
    # text when empty. Its matches are played with them.
    house_rules = models.JSONField(
        _("house rules"),
        default=dict,
        blank=True,
        help_text='Departures from the rulebook: {"key": true}.',
    )
    join_code = models.CharField(max_length=16, unique=True, default=new_join_code)
    mission_choice = models.CharField(
        _("who chooses the mission"),
        max_length=10,
        choices=Mission.Choice.choices,
        default=Mission.Choice.ARBITRATOR,
        help_text="Who chooses each battle's mission.",
    )
    underdog_bonus = models.PositiveIntegerField(
        _("underdog bonus"),
        default=0,
        help_text="Credits for the lower-rated gang of a battle with a mission.",
    )
    # Seeds the card flips of every fighter in the campaign. Hidden: it would predict draws.
    flip_seed = models.BigIntegerField(default=new_seed, editable=False)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created_at", "id"]
        constraints = [
            models.CheckConstraint(
                condition=Q(points_win__gte=models.F("points_draw")),
                name="campaign_win_worth_at_least_a_draw",
            ),
            models.CheckConstraint(
                condition=Q(max_battles_per_pairing__gte=1), name="campaign_pairings_fight_once"
            ),
        ]

    def __str__(self):
        return self.name


class Membership(models.Model):
    """A gang in a campaign, which its owner always agreed to (docs/rules/campaigns.md).

    Three ways in, each needing the owner's consent: an arbitrator *invites* someone else's
    gang (``invited`` until its owner accepts or declines); the owner *asks* with the join code
    (``pending`` until an arbitrator approves or rejects); an arbitrator adds their *own* gang
    (``active`` at once). The owner's ``leave`` takes effect at once (``left``).
    """

    class Status(models.TextChoices):
        INVITED = "invited", "invited (waits for the gang's owner)"
        PENDING = "pending", "asked to join (waits for an arbitrator)"
        ACTIVE = "active"
        DECLINED = "declined", "invitation declined"
        REJECTED = "rejected", "request rejected"
        LEFT = "left"

    class Via(models.TextChoices):
        INVITATION = "invitation", "invited by an arbitrator"
        REQUEST = "request", "asked with the join code"
        OWN = "own", "an arbitrator's own gang"

    # A gang is in (or on its way into) a campaign at most once at a time.
    LIVE = (Status.INVITED, Status.PENDING, Status.ACTIVE)

    campaign = models.ForeignKey(Campaign, on_delete=models.CASCADE, related_name="memberships")
    gang = models.ForeignKey("rosters.Gang", on_delete=models.PROTECT, related_name="memberships")
    status = models.CharField(max_length=8, choices=Status.choices, default=Status.PENDING)
    via = models.CharField(max_length=10, choices=Via.choices, default=Via.REQUEST)
    requested_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
        help_text="Who invited the gang, or the owner who asked.",
    )
    requested_at = models.DateTimeField(auto_now_add=True)
    decided_at = models.DateTimeField(null=True, blank=True)
    decided_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    # The owner's consent, theirs alone to give or take back (campaigns/access.py): while it
    # is on and the gang is active, the campaign's arbitrators hire, buy, sell, move kit and
    # spend flips for the gang (never its name or notes).
    arbitrators_manage_roster = models.BooleanField(
        default=False,
        help_text="The owner lets the campaign's arbitrators hire, buy, sell, move kit and "
        "spend card flips for this gang.",
    )

    class Meta:
        ordering = ["id"]
        constraints = [
            models.UniqueConstraint(
                fields=["campaign", "gang"],
                condition=Q(status__in=["invited", "pending", "active"]),
                name="membership_one_live_per_gang",
            ),
        ]

    def __str__(self):
        return f"{self.gang} in {self.campaign} ({self.status})"


class Round(models.Model):
    class Status(models.TextChoices):
        OPEN = "open"
        CLOSING = "closing"
        CLOSED = "closed"

    campaign = models.ForeignKey(Campaign, on_delete=models.CASCADE, related_name="rounds")
    number = models.PositiveSmallIntegerField()
    status = models.CharField(max_length=8, choices=Status.choices, default=Status.OPEN)
    deadline = models.DateTimeField(null=True, blank=True)
    opened_at = models.DateTimeField(auto_now_add=True)
    closed_at = models.DateTimeField(null=True, blank=True)
    close_job = models.ForeignKey(
        "jobs.Job", null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )

    class Meta:
        ordering = ["campaign", "number"]
        constraints = [
            models.UniqueConstraint(fields=["campaign", "number"], name="round_number_unique"),
            # One round at a time: battles are reported into the open round.
            models.UniqueConstraint(
                fields=["campaign"],
                condition=Q(status__in=["open", "closing"]),
                name="one_open_round_per_campaign",
            ),
        ]

    def __str__(self):
        return f"{self.campaign} round {self.number}"


class Battle(models.Model):
    """A Last Hope Frontier battle between two gangs of a campaign, as reported.

    ``reported`` → the other side (or an arbitrator) ``confirmed`` it → the post-game sequence
    ran (``post_game_at``). Or ``reported`` → ``disputed`` → an arbitrator confirms or voids.
    """

    class Status(models.TextChoices):
        REPORTED = "reported"
        CONFIRMED = "confirmed"
        DISPUTED = "disputed"
        VOID = "void"

    class Source(models.TextChoices):
        LOGGED = "logged", "logged by a player"
        LIVE = "live", "played live on the server"

    # What a battle is counted as: every battle but a void one stands (and counts towards
    # the pairing limit).
    STANDING = (Status.REPORTED, Status.CONFIRMED, Status.DISPUTED)

    campaign = models.ForeignKey(Campaign, on_delete=models.CASCADE, related_name="battles")
    # Battles are numbered within their campaign (1, 2, ...): "Battle 1" is a campaign's first.
    number = models.PositiveIntegerField(null=True, blank=True, editable=False)
    round = models.ForeignKey(Round, on_delete=models.PROTECT, related_name="battles")
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.REPORTED)
    source = models.CharField(max_length=6, choices=Source.choices, default=Source.LOGGED)
    reported_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+"
    )
    reported_at = models.DateTimeField(auto_now_add=True)
    confirmed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    confirmed_at = models.DateTimeField(null=True, blank=True)
    dispute_reason = models.TextField(blank=True)
    # Why it was voided, or that its reporter withdrew it.
    void_reason = models.TextField(blank=True)
    post_game_at = models.DateTimeField(null=True, blank=True, help_text="When the post-game ran.")
    # Items used up in a live battle ({"fighter": id, "item": slug}); the post-game removes them.
    spent = models.JSONField(default=list, blank=True)
    # What the post-game did, as it did it (campaigns/services/post_game.py): injuries, deaths,
    # flips, rewards, items. Null until it ran (and for battles settled before it was kept).
    outcome = models.JSONField(null=True, blank=True, editable=False)
    match = models.OneToOneField(
        "matches.Match",
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="campaign_battle",
    )
    mission = models.ForeignKey(
        Mission, null=True, blank=True, on_delete=models.PROTECT, related_name="battles"
    )

    class Meta:
        ordering = ["campaign", "round__number", "id"]
        constraints = [
            models.CheckConstraint(
                condition=Q(post_game_at__isnull=True) | Q(status="confirmed"),
                name="post_game_only_after_confirmation",
            ),
            models.UniqueConstraint(
                fields=["campaign", "number"], name="battle_number_unique_in_campaign"
            ),
        ]

    def __str__(self):
        return f"Battle {self.shown_number} ({self.status})"

    @property
    def shown_number(self) -> int:
        """Its number in the campaign (the id only for a row written before numbers)."""
        return self.number or self.pk


class BattleSide(models.Model):
    class Result(models.TextChoices):
        WIN = "win"
        DRAW = "draw"
        LOSS = "loss"

    battle = models.ForeignKey(Battle, on_delete=models.CASCADE, related_name="sides")
    gang = models.ForeignKey("rosters.Gang", on_delete=models.PROTECT, related_name="battle_sides")
    result = models.CharField(max_length=4, choices=Result.choices)
    credits_earned = models.PositiveIntegerField(
        default=0, help_text="Besides the campaign reward."
    )
    goods = models.JSONField(default=list, blank=True, help_text="Slugs of goods found.")

    class Meta:
        ordering = ["battle", "id"]
        constraints = [models.UniqueConstraint(fields=["battle", "gang"], name="one_side_per_gang")]

    def __str__(self):
        return f"{self.gang}: {self.result}"


class Casualty(models.Model):
    """A fighter taken out of action in a battle, and by whom (None: a fall, or unknown)."""

    battle = models.ForeignKey(Battle, on_delete=models.CASCADE, related_name="casualties")
    fighter = models.ForeignKey(
        "rosters.Fighter", on_delete=models.PROTECT, related_name="casualties"
    )
    taken_out_by = models.ForeignKey(
        "rosters.Fighter", null=True, blank=True, on_delete=models.PROTECT, related_name="takedowns"
    )
    # Filled in by the post-game: whether this was the fighter's third time (a killing blow).
    killed = models.BooleanField(null=True, blank=True)

    class Meta:
        ordering = ["battle", "id"]
        verbose_name_plural = "casualties"
        constraints = [
            models.UniqueConstraint(
                fields=["battle", "fighter"], name="out_of_action_once_per_battle"
            ),
        ]

    def __str__(self):
        return f"{self.fighter} out of action"


class LogEntry(models.Model):
    """The campaign log: one sentence per thing that happened, readable by every player."""

    class Kind(models.TextChoices):
        CAMPAIGN = "campaign"
        MEMBERSHIP = "membership"
        ROUND = "round"
        BATTLE = "battle"
        INJURY = "injury"
        DEATH = "death"
        FLIPS = "flips"
        REWARD = "reward"
        OVERRIDE = "override"

    campaign = models.ForeignKey(Campaign, on_delete=models.CASCADE, related_name="log")
    kind = models.CharField(max_length=10, choices=Kind.choices)
    text = models.CharField(max_length=500)  # the English, as written (and for old lines)
    # The line's code and parameters (campaigns/log_lines.py): read in the reader's language.
    code = models.CharField(max_length=50, blank=True, default="")
    params = models.JSONField(default=dict, blank=True)
    battle = models.ForeignKey(
        Battle, null=True, blank=True, on_delete=models.CASCADE, related_name="+"
    )
    gang = models.ForeignKey(
        "rosters.Gang", null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    actor = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["id"]
        verbose_name_plural = "log entries"

    def __str__(self):
        return self.text


class LiveBattle(models.Model):
    """A campaign battle being played live on the server. When its match finishes, the server
    writes the Battle report from the engine's record (nobody types it in); the players then
    confirm it like any report, and the post-game follows."""

    campaign = models.ForeignKey(Campaign, on_delete=models.CASCADE, related_name="live_battles")
    round = models.ForeignKey(Round, on_delete=models.PROTECT, related_name="live_battles")
    match = models.OneToOneField(
        "matches.Match", on_delete=models.PROTECT, related_name="campaign_live"
    )
    battle = models.OneToOneField(
        Battle, null=True, blank=True, on_delete=models.SET_NULL, related_name="live"
    )
    started_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+"
    )
    started_at = models.DateTimeField(auto_now_add=True)
    mission = models.ForeignKey(
        Mission, null=True, blank=True, on_delete=models.PROTECT, related_name="live_battles"
    )

    class Meta:
        ordering = ["id"]

    def __str__(self):
        return f"Live battle {self.pk} (match {self.match_id})"


from campaigns.session_models import ScheduledBattle  # noqa: E402,F401  (registered with the app)
