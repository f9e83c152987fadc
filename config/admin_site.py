"""The admin site: staff, and organisers who are not staff (config/admin_scope.py says what
each sees). Organisers sign in with their own account; nobody needs the staff flag to run a
campaign, so nobody gets the API's staff powers for it."""

from __future__ import annotations

from django.contrib import admin
from django.contrib.admin.forms import AdminAuthenticationForm
from django.core.exceptions import ValidationError

from config import admin_scope


class OrganiserAuthenticationForm(AdminAuthenticationForm):
    """Staff or organisers only. accounts/apps.py puts its sign-in lock's message in front of
    it (config imports no app)."""

    error_messages = {
        **AdminAuthenticationForm.error_messages,
        "invalid_login": (
            "Please enter the username and password of a staff account or of an organiser "
            "(someone who arbitrates a campaign or organises a league). Both fields may be "
            "case-sensitive."
        ),
    }

    def confirm_login_allowed(self, user):
        if not user.is_active or not admin_scope.may_enter(user):
            raise ValidationError(
                self.error_messages["invalid_login"],
                code="invalid_login",
                params={"username": self.username_field.verbose_name},
            )


class PosseAdminSite(admin.AdminSite):
    site_header = "Posse"
    site_title = "Posse admin"
    index_title = "Campaigns, gangs and leagues"
    login_form = OrganiserAuthenticationForm
    index_template = "admin/posse/index.html"

    def has_permission(self, request):
        return admin_scope.may_enter(request.user)

    def index(self, request, extra_context=None):
        """The index starts with what the user runs: their campaigns' dashboards, their leagues."""
        context = {**(extra_context or {}), **admin_scope.what_they_run(request.user)}
        return super().index(request, extra_context=context)

    def register(self, model_or_iterable, admin_class=None, **options):
        # Default deny: a ModelAdmin that does not say how organisers are scoped is for staff.
        admin_class = admin_class or admin.ModelAdmin
        if not issubclass(admin_class, admin_scope.ScopedAdmin):
            admin_class = type(
                admin_class.__name__,
                (admin_scope.StaffOnly, admin_class),
                {"__module__": admin_class.__module__},
            )
        super().register(model_or_iterable, admin_class, **options)
