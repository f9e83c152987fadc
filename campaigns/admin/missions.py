"""Missions in the admin, for staff: each mission's data (as data/missions.json shapes it)
edited as JSON, checked by the engine's own rules before it is saved (services.save_mission);
an arbitrator reads them on the API and the campaign pages."""

from __future__ import annotations

from django import forms
from django.contrib import admin

from campaigns import services
from campaigns.models import Mission
from config.errors import DomainError


class MissionForm(forms.ModelForm):
    class Meta:
        model = Mission
        fields = ["data", "active"]

    def clean_data(self):
        try:
            return services.check_mission_data(self.cleaned_data["data"])
        except DomainError as exc:
            raise forms.ValidationError(f"{exc.field}: {exc.detail}") from None


@admin.register(Mission)
class MissionAdmin(admin.ModelAdmin):
    form = MissionForm
    list_display = ["name", "key", "active", "updated_at"]
    list_filter = ["active"]
    search_fields = ["name", "key"]
    readonly_fields = ["key", "name", "updated_at"]

    def save_model(self, request, obj, form, change):
        services.save_mission(
            mission=obj, data=form.cleaned_data["data"], active=obj.active, actor=request.user
        )
