"""Admin actions that call a service once per selected row, reporting each refusal."""

from django.contrib import messages

from config.errors import DomainError

NOTHING_DONE = "Nothing was done: none of the selected rows is yours to run."


def run_each(modeladmin, request, queryset, action, label: str) -> None:
    """``queryset`` is the selection within the user's admin (the ModelAdmin's scoped
    queryset): rows outside it were never offered and are not acted on."""
    done = 0
    rows = list(queryset)
    if not rows:
        modeladmin.message_user(request, NOTHING_DONE, messages.WARNING)
        return
    for obj in rows:
        try:
            action(obj)
            done += 1
        except DomainError as exc:
            modeladmin.message_user(request, f"{obj}: {exc.detail}", messages.ERROR)
    if done:
        modeladmin.message_user(request, f"{label}: {done}.", messages.SUCCESS)


class ReadOnly:
    """A ModelAdmin mixin for rows only services write (memberships, rounds, the log,
    ratings): the admin shows them, its actions call the services."""

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False
