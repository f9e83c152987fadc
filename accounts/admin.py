from django.contrib import admin
from django.contrib.auth.admin import UserAdmin

from accounts.models import User


@admin.register(User)
class PosseUserAdmin(UserAdmin):
    search_fields = ["username", "email"]
