"""Admin actions that call a service once per selected row, reporting each refusal."""

from django.contrib import messages

from config.errors import DomainError


def run_each(modeladmin, request, queryset, action, label: str) -> None:
    done = 0
    for obj in queryset:
        try:
            action(obj)
            done += 1
        except DomainError as exc:
            modeladmin.message_user(request, f"{obj}: {exc.detail}", messages.ERROR)
    if done:
        modeladmin.message_user(request, f"{label}: {done}.", messages.SUCCESS)
