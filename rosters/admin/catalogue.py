"""The catalogue is staff's: organisers never see it here (the site makes these staff-only)."""

from __future__ import annotations

from django.contrib import admin

from rosters import services
from rosters.models import CatalogueItem, GangRules, PriceChange, Role


@admin.register(CatalogueItem)
class CatalogueItemAdmin(admin.ModelAdmin):
    list_display = ["name", "slug", "kind", "price", "purchasable", "revision"]
    list_filter = ["kind", "purchasable"]
    search_fields = ["name", "slug"]
    readonly_fields = ["revision"]

    def save_model(self, request, obj, form, change):
        if change and "price" in form.changed_data:
            # A price change is recorded and versioned; what gangs bought keeps its price paid.
            new_price = obj.price
            obj.price = form.initial["price"]
            super().save_model(request, obj, form, change)
            services.change_price(item=obj, price=new_price, actor=request.user)
            obj.refresh_from_db()
        else:
            super().save_model(request, obj, form, change)


@admin.register(PriceChange)
class PriceChangeAdmin(admin.ModelAdmin):
    list_display = ["at", "item", "old_price", "new_price", "revision", "actor"]
    list_select_related = ["item", "actor"]

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


@admin.register(Role)
class RoleAdmin(admin.ModelAdmin):
    list_display = [
        "name",
        "hire_cost",
        "min_count",
        "max_count",
        "shoot",
        "combat",
        "strength",
        "toughness",
        "defence",
        "wounds",
    ]


@admin.register(GangRules)
class GangRulesAdmin(admin.ModelAdmin):
    list_display = ["ruleset", "starting_treasury", "min_fighters", "max_fighters"]
