from django.contrib import admin

from jobs.models import Job


@admin.register(Job)
class JobAdmin(admin.ModelAdmin):
    list_display = ["name", "state", "done", "total", "owner", "created_at"]
    list_filter = ["state", "name"]
    readonly_fields = [f.name for f in Job._meta.fields]
