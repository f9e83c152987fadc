"""Who sees and does what in the admin: the one mechanism every ModelAdmin and inline asks.

Staff (``is_staff``) keep Django's whole admin, with Django's model permissions. Anyone else
gets in only as an *organiser*, and sees only what is theirs to run. *Who* organises, and
*which rows* are theirs, is not decided here: each app decides it in its own access module
and registers it from its ``AppConfig.ready()`` (config imports no app)::

    admin_scope.register_organisers(organises=access.arbitrates_any, runs=access.what_they_run)
    admin_scope.register_scope("campaigns.campaign", rows=..., powers={VIEW, ADD, CHANGE, RUN})

Today campaigns (``campaigns/access.py``: their campaigns, those campaigns' memberships,
rounds, battles and log; the gangs that are ``active`` members, with their fighters, ledger
and history) and leagues (``leagues/access.py``: their leagues and results) register.
A model nobody registered is staff-only. Model permissions granted to a non-staff user
change nothing here (and nothing in the API, which asks ``is_staff`` only).

What an organiser may *do* to those rows is what the API lets them do: every write goes
through the same services and their access checks, and on a change form a field is editable
only when the app's access module grants its named action (``ScopedAdmin.field_actions``);
every other field is read-only for anyone but staff.
"""

from __future__ import annotations

from collections.abc import Callable

from django.contrib import admin
from django.contrib.admin.utils import flatten_fieldsets
from django.db.models import Q

VIEW, ADD, CHANGE, DELETE, RUN = "view", "add", "change", "delete", "run"

# Filled by the apps' AppConfig.ready(), read-only afterwards.
_organiser_rules: list[Callable] = []  # organises(user) -> bool
_run_lists: list[Callable] = []  # runs(user) -> {"my_campaigns": [...]} for the index
# model label -> (rows(user) -> Q, the admin pages and buttons organisers get).
# RUN is the per-row buttons and list actions (approve, confirm, close...), each a service call.
RULES: dict[str, tuple[Callable, frozenset[str]]] = {}


def register_organisers(*, organises: Callable, runs: Callable) -> None:
    """An app's rule for who organises something of it (so may enter the admin), and what it
    lists on the index for them (idempotent)."""
    if organises not in _organiser_rules:
        _organiser_rules.append(organises)
    if runs not in _run_lists:
        _run_lists.append(runs)


def register_scope(label: str, *, rows: Callable[..., Q], powers: set[str]) -> None:
    """The rows of model ``label`` an organiser sees (``rows(user) -> Q``) and their powers."""
    RULES[label] = (rows, frozenset(powers))


def is_staff(user) -> bool:
    return bool(user and user.is_authenticated and user.is_active and user.is_staff)


def is_organiser(user) -> bool:
    """Organises something an app registered. Asked many times per admin page (once per
    model for the side bar), so it is remembered on the request's user object."""
    if not (user and user.is_authenticated and user.is_active):
        return False
    known = getattr(user, "_posse_organiser", None)
    if known is None:
        known = any(rule(user) for rule in _organiser_rules)
        user._posse_organiser = known
    return known


def what_they_run(user) -> dict:
    """The user's own campaigns and leagues, newest first (staff's too: the ones they run)."""
    context: dict = {}
    for runs in _run_lists:
        context.update(runs(user))
    return context


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
    organisers get the rows and powers of ``RULES``, and on a change form only the fields
    whose ``field_actions`` the app's access module grants them (``may``). Subclasses that
    refuse a power outright (``has_add_permission`` returning False) refuse it to everyone."""

    list_per_page = 25
    # Change-form field -> the named action of the app's access module (asked through
    # ``may``) that a non-staff user needs to change it. A field not named here is read-only
    # for everyone but staff, so a new field gives organisers nothing until someone decides.
    field_actions: dict[str, object] = {}

    def may(self, user, action, obj) -> bool:
        """The app's access module's answer for ``action`` on ``obj`` (subclasses that name
        ``field_actions`` say which module and which object it asks about)."""
        return False

    def editable_for(self, request, obj, fields) -> list[str]:
        """Of ``fields``, those ``request.user`` may change on ``obj`` (all of them for staff)."""
        if obj is None or is_staff(request.user):
            return list(fields)
        actions = {self.field_actions[name] for name in fields if name in self.field_actions}
        # Django asks for the read-only fields several times per page: ask access once each.
        known = request.__dict__.setdefault("_posse_granted", {})
        granted = set()
        for action in actions:
            key = (self.model._meta.label_lower, obj.pk, action)
            if key not in known:
                known[key] = self.may(request.user, action, obj)
            if known[key]:
                granted.add(action)
        return [name for name in fields if self.field_actions.get(name) in granted]

    def get_readonly_fields(self, request, obj=None):
        readonly = list(super().get_readonly_fields(request, obj))
        if obj is None or is_staff(request.user) or getattr(request, "_posse_fields", False):
            return readonly
        # get_fields builds the form, which asks get_readonly_fields again: answer that inner
        # question with the declared read-only fields only.
        request._posse_fields = True
        try:
            shown = flatten_fieldsets(self.get_fieldsets(request, obj))
        finally:
            request._posse_fields = False
        editable = set(self.editable_for(request, obj, shown))
        return list(dict.fromkeys(readonly + [f for f in shown if f not in editable]))

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
