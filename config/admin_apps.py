from django.contrib.admin.apps import AdminConfig


class PosseAdminConfig(AdminConfig):
    """django.contrib.admin with Posse's site as ``admin.site``, so that every ``@admin.register``
    lands on the site that lets organisers in (config/admin_site.py)."""

    default_site = "config.admin_site.PosseAdminSite"
