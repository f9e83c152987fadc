"""Organisers run whole gangs from the admin. Every change of credits, kit or fighters goes
through rosters.services, exactly as the API does: credits checked, ledger written, actor kept."""

from __future__ import annotations

from django import forms
from django.contrib import admin, messages
from django.shortcuts import get_object_or_404, redirect
from django.template.response import TemplateResponse
from django.urls import path, reverse

from config.errors import DomainError
from rosters import services
from rosters.models import (
    STATS,
    CatalogueItem,
    Equipment,
    Fighter,
    Gang,
    GangEvent,
    GangRules,
    Goods,
    LedgerEntry,
    PriceChange,
    Role,
)


class ReadOnlyInline(admin.TabularInline):
    extra = 0
    can_delete = False
    show_change_link = True

    def has_add_permission(self, request, obj=None):
        return False

    def has_change_permission(self, request, obj=None):
        return False


class FighterInline(ReadOnlyInline):
    model = Fighter
    fields = ["name", "role", "status", "times_out_of_action", "flips", "hire_cost"]
    readonly_fields = fields


class EquipmentInline(ReadOnlyInline):
    model = Equipment
    fields = ["item", "fighter", "price_paid", "disposal"]
    readonly_fields = fields

    def get_queryset(self, request):
        return super().get_queryset(request).filter(disposal="").select_related("item", "fighter")


class GoodsInline(ReadOnlyInline):
    model = Goods
    fields = ["name", "market_value", "sold_at", "sold_for"]
    readonly_fields = fields


class LedgerInline(ReadOnlyInline):
    model = LedgerEntry
    fields = ["at", "amount", "reason", "balance_after", "note", "actor"]
    readonly_fields = fields
    show_change_link = False


class HireForm(forms.Form):
    name = forms.CharField(max_length=80)
    role = forms.ModelChoiceField(Role.objects.all(), to_field_name="slug")


class PurchaseForm(forms.Form):
    item = forms.ModelChoiceField(
        CatalogueItem.objects.filter(purchasable=True).exclude(kind="goods"), to_field_name="slug"
    )
    fighter = forms.ModelChoiceField(
        Fighter.objects.none(), required=False, help_text="Leave empty to put it in the stash."
    )
    quantity = forms.IntegerField(min_value=1, max_value=services.MAX_QUANTITY, initial=1)


class SaleForm(forms.Form):
    equipment = forms.ModelChoiceField(Equipment.objects.none(), required=False)
    goods = forms.ModelChoiceField(Goods.objects.none(), required=False)

    def clean(self):
        data = super().clean()
        if bool(data.get("equipment")) == bool(data.get("goods")):
            raise forms.ValidationError("Choose either one piece of equipment or one lot of goods.")
        return data


class FlipForm(forms.Form):
    action = forms.ChoiceField(
        choices=[
            ("flip", "Flip a card (spends a flip)"),
            ("reflip", "Reflip (burns another flip)"),
            ("choose", "Take +1 in a stat the card offers"),
            ("decline", "Pass on the card"),
        ]
    )
    stat = forms.ChoiceField(choices=[("", "-"), *[(s, s) for s in STATS]], required=False)


class AdjustForm(forms.Form):
    amount = forms.IntegerField(min_value=-100000, max_value=100000)
    note = forms.CharField(max_length=300, help_text="Why: it is written in the ledger.")


@admin.register(Gang)
class GangAdmin(admin.ModelAdmin):
    list_display = ["name", "owner", "faction", "credits", "rating", "wealth", "battles"]
    list_filter = ["faction"]
    search_fields = ["name", "owner__username"]
    readonly_fields = ["credits", "rating", "wealth", "battles", "created_at", "operations"]
    fields = ["owner", "name", "faction", "notes", *readonly_fields]
    inlines = [FighterInline, EquipmentInline, GoodsInline, LedgerInline]
    autocomplete_fields = ["owner"]

    def get_inlines(self, request, obj):
        return self.inlines if obj else []

    def get_readonly_fields(self, request, obj=None):
        # The faction and owner are chosen once, at founding.
        return [*self.readonly_fields, "owner", "faction"] if obj else self.readonly_fields

    @admin.display(description="Run the gang")
    def operations(self, obj):
        from django.utils.html import format_html_join

        if not obj or not obj.pk:
            return "Save the gang first."
        links = [
            (reverse(f"admin:rosters_gang_{op}", args=[obj.pk]), label)
            for op, label in [
                ("hire", "Hire a fighter"),
                ("purchase", "Buy equipment"),
                ("sale", "Sell at the marketplace"),
                ("adjust", "Adjust credits"),
            ]
        ]
        return format_html_join(" · ", '<a href="{}">{}</a>', links)

    def save_model(self, request, obj, form, change):
        if change:
            super().save_model(request, obj, form, change)
            return
        # A new gang is founded through the service so that the starting treasury is paid.
        gang = services.create_gang(
            owner=obj.owner, name=obj.name, faction=obj.faction, notes=obj.notes
        )
        obj.pk = gang.pk
        obj.refresh_from_db()

    def get_urls(self):
        ops = [
            path(
                "<int:gang_id>/hire/",
                self.admin_site.admin_view(self.hire_view),
                name="rosters_gang_hire",
            ),
            path(
                "<int:gang_id>/purchase/",
                self.admin_site.admin_view(self.purchase_view),
                name="rosters_gang_purchase",
            ),
            path(
                "<int:gang_id>/sale/",
                self.admin_site.admin_view(self.sale_view),
                name="rosters_gang_sale",
            ),
            path(
                "<int:gang_id>/adjust/",
                self.admin_site.admin_view(self.adjust_view),
                name="rosters_gang_adjust",
            ),
        ]
        return ops + super().get_urls()

    def _operation(self, request, gang_id, *, title, form_class, prepare, run):
        gang = get_object_or_404(Gang, pk=gang_id)
        if not self.has_change_permission(request, gang):
            messages.error(request, "You may not change this gang.")
            return redirect(reverse("admin:rosters_gang_changelist"))
        form = form_class(request.POST or None)
        prepare(form, gang)
        if request.method == "POST" and form.is_valid():
            try:
                text = run(gang, form.cleaned_data)
            except DomainError as exc:
                form.add_error(None, exc.detail)
            else:
                messages.success(request, text)
                return redirect(reverse("admin:rosters_gang_change", args=[gang.pk]))
        context = {
            **self.admin_site.each_context(request),
            "title": f"{title}: {gang.name}",
            "form": form,
            "gang": gang,
            "opts": self.model._meta,
        }
        return TemplateResponse(request, "admin/rosters/gang/operation.html", context)

    def hire_view(self, request, gang_id):
        def run(gang, data):
            fighter = services.hire_fighter(
                gang=gang, name=data["name"], role=data["role"].slug, actor=request.user
            )
            return f"Hired {fighter.name}."

        return self._operation(
            request,
            gang_id,
            title="Hire a fighter",
            form_class=HireForm,
            prepare=lambda form, gang: None,
            run=run,
        )

    def purchase_view(self, request, gang_id):
        def prepare(form, gang):
            form.fields["fighter"].queryset = gang.fighters.filter(status=Fighter.Status.ACTIVE)

        def run(gang, data):
            fighter = data["fighter"]
            services.purchase_item(
                gang=gang,
                item=data["item"].slug,
                fighter_id=fighter.pk if fighter else None,
                quantity=data["quantity"],
                actor=request.user,
            )
            return f"Bought {data['quantity']} × {data['item'].name}."

        return self._operation(
            request,
            gang_id,
            title="Buy equipment",
            form_class=PurchaseForm,
            prepare=prepare,
            run=run,
        )

    def sale_view(self, request, gang_id):
        def prepare(form, gang):
            form.fields["equipment"].queryset = gang.equipment.filter(disposal="").select_related(
                "item"
            )
            form.fields["goods"].queryset = gang.goods.filter(sold_at__isnull=True)

        def run(gang, data):
            if data.get("equipment"):
                entry = services.sell_equipment(
                    gang=gang, equipment_id=data["equipment"].pk, actor=request.user
                )
            else:
                entry = services.sell_goods(
                    gang=gang, goods_id=data["goods"].pk, actor=request.user
                )
            return f"Sold for {entry.amount} credits."

        return self._operation(
            request,
            gang_id,
            title="Sell at the marketplace",
            form_class=SaleForm,
            prepare=prepare,
            run=run,
        )

    def adjust_view(self, request, gang_id):
        def run(gang, data):
            services.adjust_credits(
                gang=gang, amount=data["amount"], note=data["note"], actor=request.user
            )
            return f"Credits adjusted by {data['amount']}."

        return self._operation(
            request,
            gang_id,
            title="Adjust credits",
            form_class=AdjustForm,
            prepare=lambda form, gang: None,
            run=run,
        )


class AppendOnlyAdmin(admin.ModelAdmin):
    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


@admin.register(LedgerEntry)
class LedgerEntryAdmin(AppendOnlyAdmin):
    list_display = ["at", "gang", "amount", "reason", "balance_after", "actor", "note"]
    list_filter = ["reason"]
    search_fields = ["gang__name", "note"]


@admin.register(GangEvent)
class GangEventAdmin(AppendOnlyAdmin):
    list_display = ["at", "gang", "kind", "text", "actor"]
    list_filter = ["kind"]
    search_fields = ["gang__name", "text"]


@admin.register(PriceChange)
class PriceChangeAdmin(AppendOnlyAdmin):
    list_display = ["at", "item", "old_price", "new_price", "revision", "actor"]


@admin.register(Fighter)
class FighterAdmin(admin.ModelAdmin):
    list_display = ["name", "gang", "role", "status", "times_out_of_action", "flips"]
    list_filter = ["status", "role"]
    search_fields = ["name", "gang__name"]
    fields = [
        "name",
        "gang",
        "role",
        "status",
        "shoot",
        "combat",
        "strength",
        "toughness",
        "defence",
        "wounds",
        "hire_cost",
        "times_out_of_action",
        "flips",
        "hired_at",
        "left_at",
    ]
    readonly_fields = [f for f in fields if f != "name"]

    def has_add_permission(self, request):
        return False  # hire through the gang's "Hire a fighter" so the cost is paid

    def get_readonly_fields(self, request, obj=None):
        return [*self.readonly_fields, "card_flips"]

    def get_fields(self, request, obj=None):
        return [*self.fields, "card_flips"]

    @admin.display(description="Card flips")
    def card_flips(self, obj):
        from django.utils.html import format_html

        if not obj or not obj.pk:
            return "-"
        showing = services.showing_flip(obj)
        state = (
            f"showing {showing.card} ({' or '.join(showing.options)})"
            if showing
            else "no card showing"
        )
        url = reverse("admin:rosters_fighter_flips", args=[obj.pk])
        return format_html('{} left, {} · <a href="{}">Spend flips</a>', obj.flips, state, url)

    def get_urls(self):
        view = self.admin_site.admin_view(self.flips_view)
        return [
            path("<int:fighter_id>/flips/", view, name="rosters_fighter_flips"),
            *super().get_urls(),
        ]

    def flips_view(self, request, fighter_id):
        """The server draws every card; the organiser chooses for the player, as over the API."""
        fighter = get_object_or_404(Fighter.objects.select_related("gang"), pk=fighter_id)
        form = FlipForm(request.POST or None)
        if request.method == "POST" and form.is_valid():
            try:
                services.flip_card(
                    fighter=fighter,
                    actor=request.user,
                    action=form.cleaned_data["action"],
                    stat=form.cleaned_data["stat"] or None,
                )
            except DomainError as exc:
                form.add_error(None, exc.detail)
            else:
                messages.success(request, "Done.")
                return redirect(reverse("admin:rosters_fighter_flips", args=[fighter.pk]))
        fighter.refresh_from_db()
        showing = services.showing_flip(fighter)
        context = {
            **self.admin_site.each_context(request),
            "title": f"Card flips: {fighter.name} ({fighter.flips} left"
            + (f"; showing {showing.card}: {' or '.join(showing.options)}" if showing else "")
            + ")",
            "form": form,
            "gang": fighter.gang,
            "opts": self.model._meta,
        }
        return TemplateResponse(request, "admin/rosters/gang/operation.html", context)


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
