"""The file a gang is exported to and imported from: its fields and their bounds.

What the values may be beyond their shape (the game's rules, and what only a signed file may
bring) is ``rosters.import_rules``; signing and writing are ``rosters.exports``.
"""

from __future__ import annotations

from drf_spectacular.utils import extend_schema_serializer
from rest_framework import serializers

from rosters import services
from rosters.models import STATS, CatalogueItem, Gang, LedgerEntry, Role

FORMAT = "posse-gang"
VERSION = 2
VERSIONS = [1, 2]  # version 1 files (before signatures) import as unsigned
MAX_COUNT = 10_000  # no fighter takes out or flips more than this


# Named for the schema: "_Fighter" and "Fighter" are one class name to client generators.
@extend_schema_serializer(component_name="ExportKit")
class _KitSerializer(serializers.Serializer):
    item = serializers.SlugRelatedField(slug_field="slug", queryset=CatalogueItem.objects.all())
    price_paid = serializers.IntegerField(min_value=0, max_value=100000)


@extend_schema_serializer(component_name="ExportAdvancement")
class _AdvancementSerializer(serializers.Serializer):
    stat = serializers.ChoiceField(choices=STATS)
    amount = serializers.IntegerField(min_value=1, max_value=1)
    card = serializers.CharField(max_length=6)
    note = serializers.CharField(max_length=200, allow_blank=True)


@extend_schema_serializer(component_name="ExportInjury")
class _InjurySerializer(serializers.Serializer):
    strike = serializers.IntegerField(min_value=1, max_value=3)
    wounds_lost = serializers.IntegerField(min_value=0, max_value=1)
    fatal = serializers.BooleanField()
    note = serializers.CharField(max_length=200, allow_blank=True)


def _count(**kwargs) -> serializers.IntegerField:
    return serializers.IntegerField(min_value=0, max_value=MAX_COUNT, default=0, **kwargs)


@extend_schema_serializer(component_name="ExportFighter")
class _FighterSerializer(serializers.Serializer):
    name = serializers.CharField(max_length=80)
    role = serializers.SlugRelatedField(slug_field="slug", queryset=Role.objects.all())
    status = serializers.CharField(max_length=10, default="active")
    base_stats = serializers.DictField(child=serializers.IntegerField())
    hire_cost = serializers.IntegerField(min_value=0, max_value=100000)
    times_out_of_action = serializers.IntegerField(min_value=0, max_value=2)
    flips = _count(help_text="Card flips earned and not yet spent.")
    flips_spent = _count(help_text="Cards turned (each flip and reflip spent one).")
    takedowns = _count(help_text="Enemies this fighter took out of action, as recorded.")
    killing_blows = _count(help_text="Of those, the victims' third time: two flips each.")
    advancements = _AdvancementSerializer(many=True)
    injuries = _InjurySerializer(many=True)
    equipment = _KitSerializer(many=True)


@extend_schema_serializer(component_name="ExportGoods")
class _GoodsSerializer(serializers.Serializer):
    item = serializers.SlugRelatedField(
        slug_field="slug", queryset=CatalogueItem.objects.filter(kind=CatalogueItem.Kind.GOODS)
    )
    name = serializers.CharField(max_length=80)
    market_value = serializers.IntegerField(min_value=0, max_value=100000)


@extend_schema_serializer(component_name="ExportLedger")
class _LedgerSerializer(serializers.Serializer):
    amount = serializers.IntegerField(min_value=-1_000_000, max_value=1_000_000)
    reason = serializers.ChoiceField(choices=LedgerEntry.Reason.choices)
    note = serializers.CharField(max_length=300, allow_blank=True)
    code = serializers.CharField(
        max_length=50, required=False, allow_blank=True, help_text="The note's code, if any."
    )
    params = serializers.DictField(
        required=False, help_text="The parameters of the note's code (its words in any language)."
    )


@extend_schema_serializer(component_name="ExportOrigin")
class _OriginSerializer(serializers.Serializer):
    gang = serializers.IntegerField(help_text="The gang's id on the server that signed it.")
    owner = serializers.IntegerField(required=False, help_text="Its owner's id, then.")
    exported_at = serializers.DateTimeField()


class GangExportSerializer(serializers.Serializer):
    """A gang as ``GET gangs/{id}/export/`` writes it, and ``POST gangs/import/`` reads it."""

    format = serializers.ChoiceField(choices=[FORMAT])
    version = serializers.ChoiceField(choices=VERSIONS)
    ruleset = serializers.ChoiceField(choices=[services.RULESET])
    name = serializers.CharField(
        max_length=80, help_text="The new gang's name: change it to import a copy under another."
    )
    faction = serializers.ChoiceField(choices=Gang.Faction.choices)
    notes = serializers.CharField(allow_blank=True, max_length=5000)
    credits = serializers.IntegerField(min_value=0, max_value=1_000_000)
    battles = serializers.IntegerField(min_value=0, max_value=MAX_COUNT)
    fighters = _FighterSerializer(many=True)
    stash = _KitSerializer(many=True)
    goods = _GoodsSerializer(many=True)
    ledger = _LedgerSerializer(many=True)
    origin = _OriginSerializer(required=False)
    signature = serializers.CharField(
        required=False,
        max_length=200,
        help_text="This server's HMAC over the rest (but the name): keep it to keep the history.",
    )

    def validate(self, attrs):
        if sum(row["amount"] for row in attrs["ledger"]) != attrs["credits"]:
            raise serializers.ValidationError({"credits": ["do not match the exported ledger."]})
        return attrs
