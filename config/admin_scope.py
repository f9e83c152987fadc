"""Who sees and does what in the admin: the one rule, asked by every ModelAdmin and inline.

Staff (``is_staff``) keep Django's whole admin, with Django's model permissions. Anyone else
gets in only as an *organiser*, someone who arbitrates a campaign or organises a league, and
sees only what is theirs to run:

- their campaigns, and those campaigns' memberships, rounds, battles and log;
- the gangs that are ``active`` members of those campaigns (asked to join, invited, refused or
  gone is not enough: the owner has not put the gang in their hands), with those gangs'
  fighters, ledger and history;
- their leagues and those leagues' results.

Nothing else: no users, no catalogue, no matches or jobs. Model permissions granted to a
non-staff user change nothing here (and nothing in the API, which asks ``is_staff`` only).
What an organiser may *do* to those rows is what the API lets an arbitrator do, because
every write in the admin goes through the same services and their checks; the table below
only says which admin pages and buttons exist for them.
"""

from __future__ import annotations

from django.contrib import admin
from django.db.models import Q

from campaigns import organiser_selectors as campaigns
from leagues import organiser_selectors as leagues

VIEW, ADD, CHANGE, DELETE, RUN = "view", "add", "change", "delete", "run"


def _campaign_rows(user) -> Q:
    return Q(pk__in=campaigns.campaigns_arbitrated_by(user).values("pk"))


def _in_campaigns(user) -> Q:
    return Q(campaign__in=campaigns.campaigns_arbitrated_by(user).values("pk"))


def _gang_rows(user) -> Q:
    return Q(pk__in=campaigns.gang_ids_arbitrated_by(user))


def _of_gangs(user) -> Q:
    return Q(gang_id__in=campaigns.gang_ids_arbitrated_by(user))


def _league_rows(user) -> Q:
    return Q(pk__in=leagues.leagues_organised_by(user).values("pk"))


def _in_leagues(user) -> Q:
    return Q(league__in=leagues.leagues_organised_by(user).values("pk"))


# model label -> (the rows an organiser sees, the admin pages and buttons they get).
# RUN is the per-row buttons and list actions (approve, confirm, close...), each a service call.
RULES = {
    "campaigns.campaign": (_campaign_rows, {VIEW, ADD, CHANGE, RUN}),
    "campaigns.membership": (_in_campaigns, {VIEW, RUN}),
    "campaigns.round": (_in_campaigns, {VIEW, RUN}),
    "campaigns.battle": (_in_campaigns, {VIEW, ADD, RUN}),
    "campaigns.logentry": (_in_campaigns, {VIEW}),
    "rosters.gang": (_gang_rows, {VIEW, CHANGE, RUN}),
    "rosters.fighter": (_of_gangs, {VIEW, CHANGE, RUN}),
    "rosters.ledgerentry": (_of_gangs, {VIEW}),
    "rosters.gangevent": (_of_gangs, {VIEW}),
    "leagues.league": (_league_rows, {VIEW, ADD, CHANGE, RUN}),  # RUN: open a night's round
    "leagues.leaguematch": (_in_leagues, {VIEW, RUN}),
    "leagues.round": (_in_leagues, {VIEW, RUN}),
}


def is_staff(user) -> bool:
    return bool(user and user.is_authenticated and user.is_active and user.is_staff)


def is_organiser(user) -> bool:
    """Arbitrates a campaign or organises a league. Asked many times per admin page (once per
    model for the side bar), so it is remembered on the request's user object."""
    if not (user and user.is_authenticated and user.is_active):
        return False
    known = getattr(user, "_posse_organiser", None)
    if known is None:
        known = campaigns.arbitrates_any(user) or leagues.organises_any(user)
        user._posse_organiser = known
    return known


def what_they_run(user) -> dict:
    """The user's own campaigns and leagues, newest first (staff's too: the ones they run)."""
    return {
        "my_campaigns": list(campaigns.campaigns_arbitrated_by(user).order_by("-created_at")[:20]),
        "my_leagues": list(leagues.leagues_organised_by(user).order_by("-created_at")[:20]),
    }


def may_enter(user) -> bool:
    return is_staff(user) or is_organiser(user)


def organiser_may(user, model, power: str) -> bool:
    rule = RULES.get(model._meta.label_lower)
    return rule is not None and power in rule[1] and is_organiser(user)


def limit(user, queryset):
    """The rows of ``queryset`` an organiser sees (none for a model not in the table)."""
    rule = RULES.get(queryset.model._meta.label_lower)
    if rule is None or not is_organiser(user):
        return queryset.none()
    return queryset.filter(rule[0](user))


class ScopedAdmin(admin.ModelAdmin):
    """A ModelAdmin organisers may use: staff get Django's permissions and every row;
    organisers get the rows and powers of ``RULES``. Subclasses that refuse a power outright
    (``has_add_permission`` returning False) refuse it to everyone."""

    list_per_page = 25

    def _django(self, request, power: str, obj=None) -> bool:
        if not is_staff(request.user):
            return False
        if power == ADD:
            return super().has_add_permission(request)
        if power == RUN:
            return super().has_change_permission(request, obj)
        return getattr(super(), f"has_{power}_permission")(request, obj)

    def _may(self, request, power: str, obj=None) -> bool:
        return self._django(request, power, obj) or organiser_may(request.user, self.model, power)

    def get_queryset(self, request):
        queryset = super().get_queryset(request)
        if self._django(request, VIEW):
            return queryset
        return limit(request.user, queryset)

    def has_module_permission(self, request):
        return (is_staff(request.user) and super().has_module_permission(request)) or (
            organiser_may(request.user, self.model, VIEW)
        )

    def has_view_permission(self, request, obj=None):
        return self._may(request, VIEW, obj) or self._may(request, CHANGE, obj)

    def has_add_permission(self, request):
        return self._may(request, ADD)

    def has_change_permission(self, request, obj=None):
        return self._may(request, CHANGE, obj)

    def has_delete_permission(self, request, obj=None):
        return self._may(request, DELETE, obj)

    def has_run_permission(self, request, obj=None):
        """For ``@admin.action(permissions=["run"])`` and the per-row buttons."""
        return self._may(request, RUN, obj)


class ScopedInline:
    """Mixin for the inlines of a ScopedAdmin: the parent page is already scoped, so an
    organiser sees its inline rows; ``organiser_powers`` says what else they may do there."""

    organiser_powers: frozenset[str] = frozenset({VIEW})

    def _may(self, request, power: str, obj=None) -> bool:
        if is_staff(request.user):
            return getattr(super(), f"has_{power}_permission")(request, obj)
        return power in self.organiser_powers and is_organiser(request.user)

    def has_view_permission(self, request, obj=None):
        return self._may(request, VIEW, obj) or self._may(request, CHANGE, obj)

    def has_add_permission(self, request, obj=None):
        return self._may(request, ADD, obj)

    def has_change_permission(self, request, obj=None):
        return self._may(request, CHANGE, obj)

    def has_delete_permission(self, request, obj=None):
        return self._may(request, DELETE, obj)


class StaffOnly:
    """Mixed by the site into every ModelAdmin that is not a ScopedAdmin (users, groups, the
    catalogue, matches, jobs...): nobody but staff, whatever permissions they were given."""

    def has_module_permission(self, request):
        return is_staff(request.user) and super().has_module_permission(request)

    def has_view_permission(self, request, obj=None):
        return is_staff(request.user) and super().has_view_permission(request, obj)

    def has_add_permission(self, request, *args):
        return is_staff(request.user) and super().has_add_permission(request, *args)

    def has_change_permission(self, request, obj=None):
        return is_staff(request.user) and super().has_change_permission(request, obj)

    def has_delete_permission(self, request, obj=None):
        return is_staff(request.user) and super().has_delete_permission(request, obj)
