"""Scheduled battles (the battle session, issue #34) in the admin: the list says where each
stands (campaign, round, gangs, date, step); "Add" schedules one (``services.schedule_battle``)
and a battle's page sets it up, its mission and attacker (``services.prepare_battle``): the
calls the API and the campaign page make, with their checks. Organisers see and change only
their campaigns' rows (``campaigns.access.register_admin``); the crews are each side's to
pick, on the campaign page or the API, so they are only read here."""

from __future__ import annotations

from django import forms
from django.contrib import admin
from django.forms.models import construct_instance

from campaigns import access, services, sessions
from campaigns.models import Mission, ScheduledBattle
from config.admin_scope import ScopedAdmin, is_staff
from config.pages import SERVICE_ERRORS, add_service_error, dry_run
from rosters.models import Gang


class ServiceForm(forms.ModelForm):
    """Validated by running its service and rolling it back (the refusal lands on the field
    the service names); written once, by ``write``, from ``save_model``. Trade-off: the
    service runs twice on a save, so a random draw may differ from the one checked."""

    actor = None  # set by the admin's get_form

    def clean(self):
        data = super().clean()
        if not self.errors:
            try:
                dry_run(self.write)
            except SERVICE_ERRORS as exc:
                add_service_error(self, exc)
        return data

    def _post_clean(self):
        # The service decided; the model's constraints would only repeat its refusal.
        self.instance = construct_instance(self, self.instance, self._meta.fields)


class ScheduleForm(ServiceForm):
    class Meta:
        model = ScheduledBattle
        fields = ["campaign", "first_gang", "second_gang", "play_on"]

    def write(self) -> ScheduledBattle:
        data = self.cleaned_data
        return services.schedule_battle(
            campaign=data["campaign"],
            actor=self.actor,
            gangs=[data["first_gang"].pk, data["second_gang"].pk],
            play_on=data["play_on"],
        )


class PreBattleForm(ServiceForm):
    mission = forms.ModelChoiceField(
        queryset=Mission.objects.filter(active=True),
        to_field_name="key",
        required=False,
        help_text="Picked as the campaign says; left empty in a campaign that draws: drawn.",
    )

    class Meta:
        model = ScheduledBattle
        fields = ["mission", "attacker"]

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        if "attacker" in self.fields:  # the battle's two gangs, nobody else
            two = [self.instance.first_gang_id, self.instance.second_gang_id]
            self.fields["attacker"].queryset = Gang.objects.filter(pk__in=two)

    def write(self) -> ScheduledBattle:
        mission, attacker = self.cleaned_data.get("mission"), self.cleaned_data.get("attacker")
        return services.prepare_battle(
            scheduled=self.instance,
            actor=self.actor,
            mission=mission.key if mission else "",  # a key or none: the service asks who may pick
            attacker=attacker.pk if attacker else None,
        )


@admin.register(ScheduledBattle)
class ScheduledBattleAdmin(ScopedAdmin):
    list_display = ["__str__", "campaign", "round_number", "gangs", "play_on", "step"]
    list_filter = ["play_on", ("campaign", admin.RelatedOnlyFieldListFilter)]
    list_select_related = [
        "campaign",
        "round",
        "first_gang",
        "second_gang",
        "battle",
        "live__match",
        "live__battle",
    ]
    shown = ["campaign", "round_number", "gangs", "play_on", "step", "crews_shown", "battle"]
    readonly_fields = shown
    field_actions = dict.fromkeys(["mission", "attacker"], access.Action.SCHEDULE_BATTLE)

    def may(self, user, action, obj) -> bool:
        two = [obj.first_gang, obj.second_gang]
        return access.can(user=user, action=action, campaign=obj.campaign, gangs=two)

    def get_fields(self, request, obj=None):
        if obj is None:
            return ScheduleForm.Meta.fields
        return [*self.shown[:5], "mission", "attacker", *self.shown[5:]]

    def get_readonly_fields(self, request, obj=None):
        if obj is None:
            return []
        return super().get_readonly_fields(request, obj)

    def get_form(self, request, obj=None, change=False, **kwargs):
        kwargs["form"] = ScheduleForm if obj is None else PreBattleForm
        form = super().get_form(request, obj, change=change, **kwargs)
        form.actor = request.user
        return form

    def formfield_for_foreignkey(self, db_field, request, **kwargs):
        """An organiser schedules in their campaigns, with the gangs they oversee."""
        if not is_staff(request.user):
            if db_field.name == "campaign":
                kwargs["queryset"] = access.campaigns_arbitrated_by(request.user)
            elif db_field.name in ("first_gang", "second_gang"):
                kwargs["queryset"] = Gang.objects.filter(
                    pk__in=access.gang_ids_arbitrated_by(request.user)
                )
        return super().formfield_for_foreignkey(db_field, request, **kwargs)

    def save_model(self, request, obj, form, change):
        obj.pk = form.write().pk

    def has_delete_permission(self, request, obj=None):
        return False  # a session ends by being played, or its round closing

    @admin.display(description="Round", ordering="round__number")
    def round_number(self, obj):
        return obj.round.number if obj.round_id else "-"

    @admin.display(description="Gangs")
    def gangs(self, obj):
        return " against ".join(obj.gang_names)

    @admin.display(description="Step")
    def step(self, obj):
        return sessions.scheduled_step(obj) or "void"

    @admin.display(description="Crews")
    def crews_shown(self, obj):
        names = dict(Gang.objects.filter(pk__in=map(int, obj.crews)).values_list("pk", "name"))
        picked = [f"{names.get(int(g), g)}: {len(ids)} fighters" for g, ids in obj.crews.items()]
        return "; ".join(picked) or "every able fighter"
