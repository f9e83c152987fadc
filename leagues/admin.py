"""Organisers run leagues from the admin too. Every write goes through leagues.services, so it
is checked as over the API: members are added with ``add_member``, results are confirmed and
voided with ``confirm_result`` / ``void_result`` (ratings follow), settings are checked."""

from __future__ import annotations

from django import forms
from django.contrib import admin, messages
from django.core.exceptions import NON_FIELD_ERRORS

from config.admin_actions import ReadOnly, run_each
from config.admin_display import username
from config.admin_fields import (
    GameFilter,
    HouseRulesField,
    OrderedChoiceField,
    PointsPerPlaceField,
    game_column,
)
from config.admin_scope import ScopedAdmin, ScopedInline, is_staff
from config.errors import DomainError
from leagues import access, services
from leagues.models import League, LeagueMatch, Membership, PlayerRating, RatingChange
from leagues.ratings import display_rating
from leagues.rounds_models import Round, RoundSeat
from leagues.scoring import TIE_BREAKERS
from rulesets.registry import all_rulesets, get_ruleset


class MembershipInline(ScopedInline, admin.TabularInline):
    """New rows are added through ``services.add_member``; members are never edited here.
    Organisers add members by username (``LeagueForm.new_member``): the player picker would
    list every user."""

    model = Membership
    extra = 0
    fields = ["player", "via", "added_by_name", "joined_at"]
    readonly_fields = ["via", "added_by_name", "joined_at"]
    autocomplete_fields = ["player"]
    can_delete = False
    added_by_name = username("added_by", "Added by")
    player_name = username("player", "Player")

    def get_fields(self, request, obj=None):
        if is_staff(request.user):
            return self.fields
        return ["player_name", *self.fields[1:]]

    def get_readonly_fields(self, request, obj=None):
        return self.readonly_fields if is_staff(request.user) else self.get_fields(request, obj)

    def has_change_permission(self, request, obj=None):
        return False


SETTINGS_FIELDS = [f for f in services.SETTINGS if f not in ("name", "description")]


def _games():
    return [(r.slug, r.name) for r in all_rulesets()]


class LeagueForm(forms.ModelForm):
    """No JSON typed here: the game from the registry, tie-breakers as ordered drop-downs,
    points per place as number boxes; the checks are the service's (``clean``)."""

    ruleset = forms.ChoiceField(choices=_games, label="Game")
    tie_breakers = OrderedChoiceField(
        choices=[(t, t.replace("_", " ")) for t in TIE_BREAKERS],
        label="Tie-breakers",
        help_text="In order. Some only exist for some games (kills, score difference).",
    )
    points_table = PointsPerPlaceField(
        label="Points per place", help_text="1st, 2nd, 3rd...; an empty place scores nothing."
    )
    house_rules = HouseRulesField()

    class Meta:
        model = League
        fields = ["name", "ruleset", "description", "organisers", *SETTINGS_FIELDS]

    new_member = forms.CharField(
        required=False, max_length=150, label="Add a member", help_text="Their username."
    )

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        # A league's own game, or every game's (the service refuses another game's rule).
        game = get_ruleset(self.instance.ruleset) if self.instance.ruleset else None
        self.fields["house_rules"].for_games([game] if game else all_rulesets())
        if "organisers" in self.fields:  # the founder organises a new league anyway
            self.fields["organisers"].required = False

    def clean_new_member(self):
        from django.contrib.auth import get_user_model

        name = self.cleaned_data["new_member"].strip()
        if not name:
            return None
        player = get_user_model().objects.filter(username=name).first()
        if player is None:
            raise forms.ValidationError("No player has this username.")
        return player

    def clean(self):
        data = super().clean()
        league = self.instance
        changes = {k: data[k] for k in services.SETTINGS if k in data}
        try:
            # A dry run of the service's checks; the real write happens in save_model.
            checked = services.check_settings(
                dict(changes), ruleset=data.get("ruleset") or league.ruleset
            )
            probe = League(**{**{k: getattr(league, k) for k in services.SETTINGS}, **checked})
            services.check_order(probe)
        except DomainError as exc:
            field = (exc.field or "").split(".")[0]
            raise forms.ValidationError(
                {field if field in self.fields else NON_FIELD_ERRORS: exc.detail}
            ) from None
        return data


@admin.register(League)
class LeagueAdmin(ScopedAdmin):
    form = LeagueForm
    list_display = ["name", game_column, "season_start", "season_end", "created_at"]
    list_filter = [GameFilter]
    search_fields = ["name"]
    readonly_fields = ["join_code", "created_by_name", "created_at"]
    created_by_name = username("created_by", "Founded by")
    inlines = [MembershipInline]
    # PATCH /leagues/{id}/ and the invitations ask the same: an organiser, or staff.
    field_actions = {
        **dict.fromkeys(LeagueForm.base_fields, access.Action.EDIT),
        "new_member": access.Action.INVITE,
    }

    def may(self, user, action, obj) -> bool:
        return access.can(user=user, action=action, league=obj)

    def has_delete_permission(self, request, obj=None):
        return is_staff(request.user) and super().has_delete_permission(request, obj)

    def get_fields(self, request, obj=None):
        fields = list(super().get_fields(request, obj))
        if not is_staff(request.user):  # the organisers picker would list every user
            fields = [f for f in fields if f != "organisers"]
        return fields

    def get_readonly_fields(self, request, obj=None):
        # The game of a league never changes: its results and ratings belong to that game.
        readonly = super().get_readonly_fields(request, obj)
        return [*readonly, "ruleset"] if obj else readonly

    def save_model(self, request, obj, form, change):
        settings = {k: form.cleaned_data[k] for k in services.SETTINGS if k in form.cleaned_data}
        if change:
            services.update_league(league=obj, actor=request.user, **settings)
            obj.refresh_from_db()
            return
        name = settings.pop("name")
        league = services.create_league(
            creator=request.user, name=name, ruleset=obj.ruleset, **settings
        )
        obj.pk = league.pk
        obj.refresh_from_db()

    def save_related(self, request, form, formsets, change):
        # Organisers from the form; members through the service, one by one.
        form.save_m2m()
        if not form.instance.organisers.exists():
            form.instance.organisers.add(request.user)
        player = form.cleaned_data.get("new_member")
        if player is not None:
            try:
                services.add_member(league=form.instance, player=player, actor=request.user)
            except DomainError as exc:
                self.message_user(request, f"{player}: {exc.detail}", messages.ERROR)
        for formset in formsets:
            for member in formset.save(commit=False):
                try:
                    services.add_member(
                        league=form.instance, player=member.player, actor=request.user
                    )
                except DomainError as exc:
                    self.message_user(request, f"{member.player}: {exc.detail}", messages.ERROR)


@admin.register(LeagueMatch)
class LeagueMatchAdmin(ScopedAdmin):
    list_display = [
        "id",
        "league",
        "status",
        "source",
        "reported_by_name",
        "reported_at",
        "rating_seq",
    ]
    list_filter = ["status", GameFilter]
    search_fields = ["league__name"]
    list_per_page = 25
    list_select_related = ["league", "reported_by"]
    fields = [
        "league",
        "match_id",
        "ruleset",
        "status",
        "source",
        "reported_by_name",
        "reported_at",
        "confirmed_by_name",
        "confirmed_at",
        "rating_seq",
        "disputed_by_name",
        "dispute_reason",
        "voided_by_name",
        "void_reason",
    ]
    readonly_fields = fields
    reported_by_name = username("reported_by", "Reported by")
    confirmed_by_name = username("confirmed_by", "Confirmed by")
    disputed_by_name = username("disputed_by", "Disputed by")
    voided_by_name = username("voided_by", "Voided by")
    actions = ["confirm", "void"]

    def has_add_permission(self, request):
        return False

    def has_delete_permission(self, request, obj=None):
        return False

    @admin.action(description="Confirm (counts the result and rates it)", permissions=["run"])
    def confirm(self, request, queryset):
        run_each(
            self,
            request,
            queryset,
            lambda r: services.confirm_result(result=r, actor=request.user),
            "Confirmed",
        )

    @admin.action(
        description="Void (takes the result out of standings and ratings)", permissions=["run"]
    )
    def void(self, request, queryset):
        run_each(
            self,
            request,
            queryset,
            lambda r: services.void_result(
                result=r, actor=request.user, reason="Voided in the admin."
            ),
            "Voided",
        )


class ReadOnlyAdmin(ReadOnly, admin.ModelAdmin):
    """Ratings are computed; the admin only shows them (rebuild: manage.py recompute_ratings)."""


@admin.register(PlayerRating)
class PlayerRatingAdmin(ReadOnlyAdmin):
    list_display = ["player", game_column, "shown_rating", "ordinal", "mu", "sigma", "games"]
    list_filter = [GameFilter]
    list_select_related = ["player"]
    search_fields = ["player__username"]

    @admin.display(description="Rating", ordering="ordinal")
    def shown_rating(self, obj) -> int:
        """As the pages show it (leagues.ratings.display_rating)."""
        return display_rating(obj.ordinal)


@admin.register(RatingChange)
class RatingChangeAdmin(ReadOnlyAdmin):
    list_display = ["seq", game_column, "player", "result", "ordinal_before", "ordinal_after"]
    list_filter = [GameFilter]
    list_select_related = ["player", "result"]
    search_fields = ["player__username"]


# --- league nights (leagues/services/rounds.py): the same services as the pages and the API -----


class RoundSeatInline(ScopedInline, admin.TabularInline):
    model = RoundSeat
    extra = 0
    fields = ["table", "player_name"]
    readonly_fields = fields
    player_name = username("player", "Player")
    can_delete = False


@admin.register(Round)
class RoundAdmin(ReadOnly, ScopedAdmin):
    list_display = ["league", "number", "status", "opened_at", "deadline", "closed_at"]
    list_filter = ["status"]
    list_select_related = ["league"]
    fields = ["league", "number", "status", "opened_at", "deadline", "closed_at"]
    readonly_fields = fields
    inlines = [RoundSeatInline]
    actions = ["close"]

    @admin.action(
        description="Close (tables without a confirmed result: as the league says)",
        permissions=["run"],
    )
    def close(self, request, queryset):
        run_each(
            self,
            request,
            queryset.filter(status=Round.Status.OPEN),
            lambda r: services.close_round(league=r.league, actor=request.user),
            "Closed",
        )


def _next_round(league: League, actor):
    """Close the round being played, if any (tables as the league says), then open the next:
    the admin's one click between rounds; both are the services' own checks."""
    if Round.objects.filter(league=league, status=Round.Status.OPEN).exists():
        services.close_round(league=league, actor=actor)
    return services.open_round(league=league, actor=actor)


@admin.action(
    description="Next round: close the one being played, pair the next (league nights)",
    permissions=["run"],
)
def open_next_round(modeladmin, request, queryset):
    run_each(
        modeladmin,
        request,
        queryset,
        lambda league: _next_round(league, request.user),
        "Rounds opened",
    )


# Added here rather than in LeagueAdmin's body: the league nights' one action.
LeagueAdmin.open_next_round = open_next_round
LeagueAdmin.actions = [*(LeagueAdmin.actions or []), "open_next_round"]
