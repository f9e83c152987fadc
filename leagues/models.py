"""Leagues: seasons of any game, members, logged results, and the openskill ratings they feed.

A league result is a ``matches.Match`` (logged with ``matches.services.log_result``, or a
finished live match) plus a ``LeagueMatch`` row that says which league it counts for and how
far it got: ``reported`` → ``confirmed`` once every player it names has confirmed it (or
``disputed``, until the disputing player confirms after all or an organiser voids it). Only
confirmed results count, for the standings and for the ratings, and a result names only
active members (who accepted the league's invitation, or joined with its code).

Ratings are one series per game, across every league of that game. Each confirmed result
takes the next number of its game's series (``rating_seq``) and is rated in that order, so a
rebuild from scratch (``leagues.ratings.recompute_ratings``) replays exactly the same steps.
"""

from __future__ import annotations

import secrets

from django.conf import settings
from django.db import models
from django.db.models import F, Q
from django.utils import timezone

from matches.models import validate_ruleset_slug


def new_join_code() -> str:
    return secrets.token_urlsafe(6)


def new_standings_revision() -> int:
    # A random start: two databases sharing one cache (CI, a benchmark, staging) never share
    # a key (leagues/standings.py caches by league id and this number).
    return secrets.randbits(48)


class League(models.Model):
    class Scoring(models.TextChoices):
        PLACEMENT = "placement", "points per place"
        WIN_DRAW_LOSS = "win_draw_loss", "win / draw / loss"

    name = models.CharField(max_length=100)
    ruleset = models.CharField(max_length=50, validators=[validate_ruleset_slug], db_index=True)
    description = models.TextField(blank=True)
    organisers = models.ManyToManyField(settings.AUTH_USER_MODEL, related_name="organised_leagues")
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+"
    )
    season_start = models.DateField(null=True, blank=True)
    season_end = models.DateField(null=True, blank=True)
    scoring = models.CharField(max_length=16, choices=Scoring.choices, default=Scoring.PLACEMENT)
    # {"1": 5, "2": 3, "3": 2}: points for each place; a place not in the table scores 0.
    points_table = models.JSONField(default=dict, blank=True)
    points_win = models.PositiveSmallIntegerField(default=3)
    points_draw = models.PositiveSmallIntegerField(default=1)
    points_loss = models.PositiveSmallIntegerField(default=0)
    tie_breakers = models.JSONField(
        default=list,
        blank=True,
        help_text="Ordered: head_to_head, wins, average_placement, opponents_strength, "
        "score_difference, most_kills (the last two for the games that score them).",
    )
    # The house rules chosen ({"key": true}; rulesets/core/house_rules.py): the rulebook's
    # text when empty. Its matches are played with them.
    house_rules = models.JSONField(
        default=dict, blank=True, help_text='Departures from the rulebook: {"key": true}.'
    )
    join_code = models.CharField(max_length=16, unique=True, default=new_join_code)
    created_at = models.DateTimeField(auto_now_add=True)
    # Grows in every transaction that changes the standing totals (leagues/summaries.py).
    standings_revision = models.PositiveBigIntegerField(
        default=new_standings_revision, editable=False
    )
    # League nights (leagues/rounds_models.py): who is paired, what a bye and a table left
    # unreported at the close count for.
    asks_check_in = models.BooleanField(
        default=False, help_text="Rounds pair only the members who checked in."
    )
    bye_points = models.PositiveSmallIntegerField(
        null=True, blank=True, help_text="Points for a bye; empty: as many as a win."
    )
    unreported_tables = models.CharField(
        max_length=8,
        choices=[("unplayed", "not played"), ("loss", "a loss each"), ("draw", "a draw each")],
        default="unplayed",
        help_text="What a table without a confirmed result counts as when its round is closed.",
    )

    class Meta:
        ordering = ["-created_at", "-id"]
        constraints = [
            models.CheckConstraint(
                condition=Q(season_start__isnull=True)
                | Q(season_end__isnull=True)
                | Q(season_end__gte=F("season_start")),
                name="league_season_ends_after_it_starts",
            ),
            models.CheckConstraint(
                condition=Q(points_win__gte=F("points_draw"))
                & Q(points_draw__gte=F("points_loss")),
                name="league_win_draw_loss_in_order",
            ),
        ]

    def __str__(self):
        return self.name


class Membership(models.Model):
    """A player in a league. Only ``active`` members are named in results and standings: an
    organiser's invitation is ``invited`` until the player accepts it (or ``declined``); a
    player who joins with the league's code, or an organiser adding themselves, is active at
    once."""

    class Via(models.TextChoices):
        CODE = "code", "joined with the code"
        INVITATION = "invitation", "added by an organiser"

    class Status(models.TextChoices):
        INVITED = "invited", "invited, waiting for the player"
        ACTIVE = "active", "member"
        DECLINED = "declined", "declined the invitation"

    league = models.ForeignKey(League, on_delete=models.CASCADE, related_name="memberships")
    player = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="league_memberships"
    )
    via = models.CharField(max_length=10, choices=Via.choices)
    added_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.INVITED)
    joined_at = models.DateTimeField(
        default=timezone.now, help_text="When the player joined or was invited."
    )
    answered_at = models.DateTimeField(
        null=True, blank=True, help_text="When the player accepted or declined an invitation."
    )

    class Meta:
        ordering = ["league", "id"]
        constraints = [
            models.UniqueConstraint(fields=["league", "player"], name="league_member_once"),
        ]
        indexes = [models.Index(fields=["league", "status"], name="league_member_by_status")]

    def __str__(self):
        return f"{self.player} in {self.league}"


class LeagueMatch(models.Model):
    """One result counted (or waiting to count) for a league."""

    class Status(models.TextChoices):
        REPORTED = "reported", "waiting for confirmation"
        CONFIRMED = "confirmed"
        DISPUTED = "disputed"
        VOID = "void"

    class Source(models.TextChoices):
        LOGGED = "logged", "logged after the game"
        LIVE = "live", "played live on the server"

    league = models.ForeignKey(League, on_delete=models.CASCADE, related_name="results")
    match = models.OneToOneField(
        "matches.Match", on_delete=models.PROTECT, related_name="league_result"
    )
    # The league's game, kept here too: the rating series this result belongs to.
    ruleset = models.CharField(max_length=50)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.REPORTED)
    source = models.CharField(max_length=6, choices=Source.choices, default=Source.LOGGED)
    reported_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+"
    )
    reported_at = models.DateTimeField(default=timezone.now)
    confirmed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    confirmed_at = models.DateTimeField(null=True, blank=True)
    # Its place in the game's rating series, given when it is confirmed; kept when voided.
    rating_seq = models.PositiveBigIntegerField(null=True, blank=True, editable=False)
    disputed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    dispute_reason = models.TextField(blank=True)
    voided_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    void_reason = models.TextField(blank=True)

    class Meta:
        ordering = ["-reported_at", "-id"]
        verbose_name = "league result"
        constraints = [
            models.UniqueConstraint(
                fields=["ruleset", "rating_seq"], name="league_result_one_rating_seq"
            ),
            models.CheckConstraint(
                condition=~Q(status="confirmed")
                | Q(rating_seq__isnull=False, confirmed_at__isnull=False),
                name="confirmed_league_result_is_rated",
            ),
        ]
        indexes = [
            models.Index(fields=["league", "status"], name="league_result_by_status"),
            models.Index(fields=["ruleset", "status", "rating_seq"], name="league_result_series"),
        ]

    def __str__(self):
        return f"Result {self.pk} in {self.league_id} ({self.status})"


class Confirmation(models.Model):
    """A player of the result (the reporter included) agreeing with it."""

    result = models.ForeignKey(LeagueMatch, on_delete=models.CASCADE, related_name="confirmations")
    player = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["result", "id"]
        constraints = [
            models.UniqueConstraint(fields=["result", "player"], name="league_confirm_once"),
        ]

    def __str__(self):
        return f"{self.player} confirmed result {self.result_id}"


class RatingSeries(models.Model):
    """One row per game: its row lock orders confirmations, ``last_seq`` numbers them."""

    ruleset = models.CharField(max_length=50, unique=True)
    last_seq = models.PositiveBigIntegerField(default=0)

    class Meta:
        verbose_name_plural = "rating series"

    def __str__(self):
        return f"{self.ruleset} (#{self.last_seq})"


class PlayerRating(models.Model):
    """A player's current openskill rating in one game, after ``games`` confirmed results."""

    ruleset = models.CharField(max_length=50)
    player = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="league_ratings"
    )
    mu = models.FloatField()
    sigma = models.FloatField()
    ordinal = models.FloatField(help_text="mu - 3 sigma: the rating the leaderboard shows.")
    games = models.PositiveIntegerField(default=0)
    last_seq = models.PositiveBigIntegerField(default=0)

    class Meta:
        ordering = ["ruleset", "-ordinal", "player_id"]
        constraints = [
            models.UniqueConstraint(fields=["ruleset", "player"], name="one_rating_per_game"),
        ]
        indexes = [models.Index(fields=["ruleset", "-ordinal"], name="rating_leaderboard")]

    def __str__(self):
        return f"{self.player} in {self.ruleset}: {self.ordinal:.2f}"


class RatingChange(models.Model):
    """What one confirmed result did to one player's rating."""

    result = models.ForeignKey(LeagueMatch, on_delete=models.CASCADE, related_name="rating_changes")
    player = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="league_rating_changes"
    )
    ruleset = models.CharField(max_length=50)
    seq = models.PositiveBigIntegerField()
    mu_before = models.FloatField()
    sigma_before = models.FloatField()
    mu_after = models.FloatField()
    sigma_after = models.FloatField()
    ordinal_before = models.FloatField()
    ordinal_after = models.FloatField()
    games = models.PositiveIntegerField(help_text="The player's rated games, this one included.")

    class Meta:
        ordering = ["ruleset", "seq", "player_id"]
        constraints = [
            models.UniqueConstraint(fields=["result", "player"], name="one_rating_change_each"),
        ]
        indexes = [models.Index(fields=["player", "ruleset", "seq"], name="rating_history")]

    def __str__(self):
        return f"{self.player} #{self.seq}: {self.ordinal_before:.2f} → {self.ordinal_after:.2f}"


class StandingTotals(models.Model):
    """One player's totals in one league, over its confirmed results: what the standings read
    instead of every result (``leagues/summaries.py``). Written only there, in the transaction
    that confirms or voids a result (recomputed from the rows for the result's players, never
    a delta) or changes the league's points; ``manage.py rebuild_standings`` recomputes them all.
    A player with no confirmed result has no row."""

    league = models.ForeignKey(League, on_delete=models.CASCADE, related_name="standing_totals")
    player = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    played = models.PositiveIntegerField(default=0)
    won = models.PositiveIntegerField(default=0)
    drawn = models.PositiveIntegerField(default=0)
    lost = models.PositiveIntegerField(default=0)
    # Σ side places (the average placement is places / played), and how many results ended
    # at each side place ({"1": 3, "2": 1}): points follow from it for any points table.
    places = models.PositiveIntegerField(default=0)
    place_counts = models.JSONField(default=dict)
    points = models.IntegerField(default=0, help_text="With the league's current points.")
    difference = models.IntegerField(default=0, help_text="Σ own main score − best opponent's.")
    kills = models.IntegerField(default=0)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["league", "player"], name="standing_totals_once"),
            models.CheckConstraint(
                condition=Q(played=F("won") + F("drawn") + F("lost")),
                name="standing_totals_add_up",
            ),
        ]

    def __str__(self):
        return f"{self.player_id} in {self.league_id}: {self.points} points"


class StandingPair(models.Model):
    """Two players of one league who met in a confirmed result, and what they did against each
    other there: what opponents' strength and head-to-head read instead of every result
    (``leagues/summaries.py``). Written with the totals, in the same transaction and only
    there: the rows between the result's players are recomputed from the confirmed results
    they both played, never a delta. One row per ordered pair (``player``'s side of it).

    ``weight`` is Σ over those results of ``scale // opponents`` when ``other`` was an
    opponent (``scale``: a common multiple of every possible number of opponents), so that
    ``player``'s opponents' strength is Σ weight × other's points, exactly, whatever the points
    table. ``head_to_head`` is Σ 2 for finishing ahead of ``other``, 1 for the same place."""

    league = models.ForeignKey(League, on_delete=models.CASCADE, related_name="standing_pairs")
    player = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    other = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    weight = models.PositiveBigIntegerField(default=0)
    head_to_head = models.PositiveIntegerField(default=0)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["league", "player", "other"], name="standing_pair_once"
            ),
            models.CheckConstraint(
                condition=~Q(player=F("other")), name="standing_pair_two_players"
            ),
        ]

    def __str__(self):
        return f"{self.player_id} against {self.other_id} in {self.league_id}"


class StandingSeat(models.Model):
    """A player's seat at a confirmed result of a league, with what opponents' strength reads
    instead of every pair (``leagues/seats.py``): ``share`` is ``scale // opponents`` (the
    result's weight for this player, 0 without opponents) and ``opponents_points`` Σ the
    current points of the players on other sides. Opponents' strength is Σ share ×
    opponents_points over a player's seats: one pass over the league's seats, which are ~3.5×
    fewer than its pairs. Written with the totals, in the same transactions, recomputed: a
    result's seats when it starts or stops counting, and the opponents' points of every seat at
    a result where a player whose points changed sat (``refresh_totals``; all of them when the
    points table changes)."""

    league = models.ForeignKey(League, on_delete=models.CASCADE, related_name="+")
    match = models.ForeignKey("matches.Match", on_delete=models.CASCADE, related_name="+")
    player = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    team = models.CharField(max_length=50, blank=True, default="")
    share = models.PositiveIntegerField(default=0)
    opponents_points = models.BigIntegerField(default=0)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["league", "match", "player"], name="standing_seat_once")
        ]
        indexes = [models.Index(fields=["league", "player"], name="standing_seat_player")]

    def __str__(self):
        return f"{self.player_id} at {self.match_id} in {self.league_id}"


# League nights live in their own module; imported here so Django registers them.
from leagues.rounds_models import CheckIn, Round, RoundSeat, RoundTable  # noqa: E402, F401
