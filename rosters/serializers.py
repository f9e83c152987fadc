from drf_spectacular.utils import extend_schema_field, inline_serializer
from rest_framework import serializers

from config.serializers import RefuseUnwritable
from rosters import history_lines
from rosters.models import (
    STATS,
    CatalogueItem,
    Equipment,
    Fighter,
    Gang,
    GangEvent,
    Goods,
    LedgerEntry,
)


class StatLineSerializer(serializers.Serializer):
    shoot = serializers.IntegerField()
    combat = serializers.IntegerField()
    strength = serializers.IntegerField()
    toughness = serializers.IntegerField()
    defence = serializers.IntegerField()
    wounds = serializers.IntegerField()


class EquipmentSerializer(serializers.ModelSerializer):
    item = serializers.SlugRelatedField(slug_field="slug", read_only=True)
    name = serializers.CharField(source="item.name", read_only=True)
    kind = serializers.CharField(source="item.kind", read_only=True)
    market_value = serializers.IntegerField(source="item.price", read_only=True)

    class Meta:
        model = Equipment
        fields = [
            "id",
            "item",
            "name",
            "kind",
            "fighter",
            "price_paid",
            "market_value",
            "catalogue_revision",
            "acquired_at",
            "disposal",
            "disposed_at",
        ]


class GoodsSerializer(serializers.ModelSerializer):
    item = serializers.SlugRelatedField(slug_field="slug", read_only=True)

    class Meta:
        model = Goods
        fields = ["id", "item", "name", "market_value", "found_at", "note", "sold_at", "sold_for"]


class FighterSerializer(serializers.ModelSerializer):
    role = serializers.SlugRelatedField(slug_field="slug", read_only=True)
    role_name = serializers.CharField(source="role.name", read_only=True, help_text="To show.")
    base_stats = serializers.SerializerMethodField()
    stats = serializers.SerializerMethodField()
    equipment = EquipmentSerializer(many=True, read_only=True)

    class Meta:
        model = Fighter
        fields = [
            "id",
            "gang",
            "name",
            "role",
            "role_name",
            "status",
            "base_stats",
            "stats",
            "hire_cost",
            "times_out_of_action",
            "flips",
            "equipment",
            "hired_at",
            "left_at",
        ]

    @extend_schema_field(StatLineSerializer)
    def get_base_stats(self, fighter):
        return fighter.base_stats()

    @extend_schema_field(StatLineSerializer)
    def get_stats(self, fighter):
        return fighter.current_stats()


class AdvancementSerializer(serializers.Serializer):
    stat = serializers.ChoiceField(choices=STATS)
    amount = serializers.IntegerField()
    card = serializers.CharField()
    note = serializers.CharField()
    at = serializers.DateTimeField()


class InjurySerializer(serializers.Serializer):
    strike = serializers.IntegerField()
    wounds_lost = serializers.IntegerField()
    fatal = serializers.BooleanField()
    note = serializers.CharField()
    at = serializers.DateTimeField()


class FighterDetailSerializer(FighterSerializer):
    advancements = AdvancementSerializer(many=True, read_only=True)
    injuries = InjurySerializer(many=True, read_only=True)

    class Meta(FighterSerializer.Meta):
        fields = [*FighterSerializer.Meta.fields, "advancements", "injuries"]


class FlipDrawSerializer(serializers.Serializer):
    seq = serializers.IntegerField()
    card = serializers.CharField()
    options = serializers.ListField(child=serializers.CharField())
    outcome = serializers.CharField(source="resolution.outcome", default=None, allow_null=True)
    stat = serializers.CharField(source="resolution.stat", default=None, allow_null=True)
    at = serializers.DateTimeField()


# What ``selectors.gang_list_item`` writes (a gang of ``GET gangs/``, the head of the detail),
# for the OpenAPI schema: the writer is the one source (tests/rosters/test_query_budget.py
# checks that the schema names every key it writes).
GangSchema = inline_serializer(
    name="Gang",
    fields={
        "id": serializers.IntegerField(),
        "name": serializers.CharField(),
        "faction": serializers.ChoiceField(Gang.Faction.choices),
        "faction_name": serializers.CharField(help_text="The faction's name, to show."),
        "owner": serializers.CharField(),
        "notes": serializers.CharField(),
        "credits": serializers.IntegerField(),
        "rating": serializers.IntegerField(),
        "wealth": serializers.IntegerField(),
        "battles": serializers.IntegerField(),
        "created_at": serializers.DateTimeField(),
    },
)


class GangCreateSerializer(serializers.Serializer):
    name = serializers.CharField(max_length=80)
    faction = serializers.ChoiceField(choices=Gang.Faction.choices)
    notes = serializers.CharField(required=False, allow_blank=True, default="", max_length=5000)


class GangUpdateSerializer(RefuseUnwritable, serializers.Serializer):
    read_only_names = ("id", "faction", "faction_name", "owner", "credits", "rating", "wealth")
    name = serializers.CharField(max_length=80, required=False)
    notes = serializers.CharField(required=False, allow_blank=True, max_length=5000)


class HireSerializer(RefuseUnwritable, serializers.Serializer):
    name = serializers.CharField(max_length=80)
    role = serializers.CharField(max_length=50)


class FighterUpdateSerializer(RefuseUnwritable, serializers.Serializer):
    read_only_names = ("id", "gang", "role", "status", "stats", "base_stats", "flips")
    name = serializers.CharField(max_length=80)


class PurchaseSerializer(RefuseUnwritable, serializers.Serializer):
    item = serializers.CharField(max_length=50)
    fighter = serializers.IntegerField(allow_null=True, required=False, default=None)
    quantity = serializers.IntegerField(required=False, default=1, min_value=1, max_value=20)


class PurchaseResultSerializer(serializers.Serializer):
    equipment = EquipmentSerializer(many=True)
    credits = serializers.IntegerField()
    rating = serializers.IntegerField()
    wealth = serializers.IntegerField()


class SaleSerializer(RefuseUnwritable, serializers.Serializer):
    equipment = serializers.IntegerField(required=False)
    goods = serializers.IntegerField(required=False)

    def validate(self, attrs):
        if ("equipment" in attrs) == ("goods" in attrs):
            raise serializers.ValidationError(
                {"equipment": ["Give either an equipment id or a goods id to sell."]}
            )
        return attrs


class MoveSerializer(RefuseUnwritable, serializers.Serializer):
    fighter = serializers.IntegerField(allow_null=True)


class AdjustmentSerializer(RefuseUnwritable, serializers.Serializer):
    amount = serializers.IntegerField(min_value=-100000, max_value=100000)
    note = serializers.CharField(max_length=300)


class AddGoodsSerializer(RefuseUnwritable, serializers.Serializer):
    item = serializers.CharField(max_length=50)
    note = serializers.CharField(max_length=200, required=False, allow_blank=True, default="")


class LedgerEntrySerializer(serializers.ModelSerializer):
    actor = serializers.CharField(
        source="actor.username", read_only=True, default=None, allow_null=True
    )

    line = serializers.SerializerMethodField(help_text="The note in your language.")

    class Meta:
        model = LedgerEntry
        fields = ["id", "amount", "reason", "balance_after", "note", "line", "actor", "at"]

    def get_line(self, entry: LedgerEntry) -> str:
        return history_lines.note(entry)


class GangEventSerializer(serializers.ModelSerializer):
    actor = serializers.CharField(
        source="actor.username", read_only=True, default=None, allow_null=True
    )

    line = serializers.SerializerMethodField(help_text="The line in your language.")

    class Meta:
        model = GangEvent
        fields = ["id", "kind", "text", "line", "fighter", "actor", "at"]

    def get_line(self, event: GangEvent) -> str:
        return history_lines.line(event)


class CatalogueItemSerializer(serializers.ModelSerializer):
    class Meta:
        model = CatalogueItem
        fields = [
            "slug",
            "name",
            "kind",
            "price",
            "purchasable",
            "allowed_roles",
            "max_per_fighter",
            "description",
            "rules",
            "revision",
        ]


class FlipsSerializer(serializers.Serializer):
    flips = serializers.IntegerField(help_text="Flips left to spend.")
    showing = FlipDrawSerializer(allow_null=True, help_text="The card waiting for a choice.")
    draws = FlipDrawSerializer(many=True)


class FlipActionSerializer(serializers.Serializer):
    action = serializers.ChoiceField(choices=["flip", "reflip", "choose", "decline"])
    stat = serializers.ChoiceField(choices=STATS, required=False, allow_null=True, default=None)
