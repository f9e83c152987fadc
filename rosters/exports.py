"""A whole gang as JSON, and back.

An import recreates the roster as a new gang owned by the importer. Its credits arrive as one
``import`` ledger row, and only when the exported ledger adds up to the exported credits;
stat lines must match the role's, and advancements/injuries must be consistent. An import is a
convenience for moving a gang between servers, not a way to mint credits — campaigns still
have the arbitrator approve every gang that joins (documented in docs/rules/last-hope-frontier.md).
"""

from __future__ import annotations

from django.db import transaction
from rest_framework import serializers

from rosters import services
from rosters.errors import RosterError
from rosters.models import STATS, Advancement, CatalogueItem, Equipment, Fighter, Gang, Injury, Role

FORMAT = "posse-gang"
VERSION = 1


def _kit(rows) -> list[dict]:
    return [{"item": e.item.slug, "price_paid": e.price_paid} for e in rows]


def export_gang(gang: Gang) -> dict:
    """Uses the prefetches of selectors.gang_detail_queryset()."""
    return {
        "format": FORMAT,
        "version": VERSION,
        "ruleset": services.RULESET,
        "name": gang.name,
        "faction": gang.faction,
        "notes": gang.notes,
        "credits": gang.credits,
        "battles": gang.battles,
        "fighters": [
            {
                "name": f.name,
                "role": f.role.slug,
                "status": f.status,
                "base_stats": f.base_stats(),
                "hire_cost": f.hire_cost,
                "times_out_of_action": f.times_out_of_action,
                "flips": f.flips,
                "advancements": [
                    {"stat": a.stat, "amount": a.amount, "card": a.card, "note": a.note}
                    for a in f.advancements.all()
                ],
                "injuries": [
                    {
                        "strike": i.strike,
                        "wounds_lost": i.wounds_lost,
                        "fatal": i.fatal,
                        "note": i.note,
                    }
                    for i in f.injuries.all()
                ],
                "equipment": _kit(f.equipment.all()),
            }
            for f in gang.fighters.all()
            if f.is_active
        ],
        "stash": _kit(gang.stash),
        "goods": [
            {
                "item": g.item.slug if g.item_id else None,
                "name": g.name,
                "market_value": g.market_value,
            }
            for g in gang.unsold_goods
        ],
        "ledger": [
            {"amount": e.amount, "reason": e.reason, "note": e.note} for e in gang.ledger.all()
        ],
    }


class _KitSerializer(serializers.Serializer):
    item = serializers.SlugRelatedField(slug_field="slug", queryset=CatalogueItem.objects.all())
    price_paid = serializers.IntegerField(min_value=0, max_value=100000)


class _AdvancementSerializer(serializers.Serializer):
    stat = serializers.ChoiceField(choices=STATS)
    amount = serializers.IntegerField(min_value=1, max_value=1)
    card = serializers.CharField(max_length=6, allow_blank=True)
    note = serializers.CharField(max_length=200, allow_blank=True)


class _InjurySerializer(serializers.Serializer):
    strike = serializers.IntegerField(min_value=1, max_value=2)
    wounds_lost = serializers.IntegerField(min_value=1, max_value=1)
    fatal = serializers.BooleanField()
    note = serializers.CharField(max_length=200, allow_blank=True)


class _FighterSerializer(serializers.Serializer):
    name = serializers.CharField(max_length=80)
    role = serializers.SlugRelatedField(slug_field="slug", queryset=Role.objects.all())
    base_stats = serializers.DictField(child=serializers.IntegerField())
    hire_cost = serializers.IntegerField(min_value=0, max_value=100000)
    times_out_of_action = serializers.IntegerField(min_value=0, max_value=2)
    flips = serializers.IntegerField(min_value=0, max_value=100)
    advancements = _AdvancementSerializer(many=True)
    injuries = _InjurySerializer(many=True)
    equipment = _KitSerializer(many=True)

    def validate(self, attrs):
        if attrs["base_stats"] != attrs["role"].stat_line():
            raise serializers.ValidationError({"base_stats": ["must be the role's stat line."]})
        if len(attrs["injuries"]) != attrs["times_out_of_action"]:
            raise serializers.ValidationError(
                {"injuries": ["there must be one injury for each time out of action."]}
            )
        return attrs


class _GoodsSerializer(serializers.Serializer):
    item = serializers.SlugRelatedField(
        slug_field="slug", queryset=CatalogueItem.objects.filter(kind="goods")
    )
    name = serializers.CharField(max_length=80)
    market_value = serializers.IntegerField(min_value=0, max_value=100000)


class _LedgerSerializer(serializers.Serializer):
    amount = serializers.IntegerField()
    reason = serializers.CharField(max_length=20)
    note = serializers.CharField(max_length=300, allow_blank=True)


class GangImportSerializer(serializers.Serializer):
    format = serializers.ChoiceField(choices=[FORMAT])
    version = serializers.ChoiceField(choices=[VERSION])
    ruleset = serializers.ChoiceField(choices=[services.RULESET])
    name = serializers.CharField(max_length=80)
    faction = serializers.ChoiceField(choices=Gang.Faction.choices)
    notes = serializers.CharField(allow_blank=True, max_length=5000)
    credits = serializers.IntegerField(min_value=0, max_value=1000000)
    battles = serializers.IntegerField(min_value=0, max_value=100000)
    fighters = _FighterSerializer(many=True)
    stash = _KitSerializer(many=True)
    goods = _GoodsSerializer(many=True)
    ledger = _LedgerSerializer(many=True)

    def validate(self, attrs):
        if sum(row["amount"] for row in attrs["ledger"]) != attrs["credits"]:
            raise serializers.ValidationError({"credits": ["do not match the exported ledger."]})
        if len(attrs["fighters"]) > services.gang_rules().max_fighters:
            raise serializers.ValidationError({"fighters": ["more fighters than a gang may have."]})
        return attrs


@transaction.atomic
def import_gang(*, data, owner) -> Gang:
    parsed = GangImportSerializer(data=data)
    parsed.is_valid(raise_exception=True)
    v = parsed.validated_data
    if Gang.objects.filter(owner=owner, name__iexact=v["name"]).exists():
        raise RosterError("You already have a gang with this name.", field="name")
    gang = Gang.objects.create(
        owner=owner, name=v["name"], faction=v["faction"], notes=v["notes"], battles=v["battles"]
    )
    for f in v["fighters"]:
        fighter = Fighter.objects.create(
            gang=gang,
            name=f["name"],
            role=f["role"],
            hire_cost=f["hire_cost"],
            times_out_of_action=f["times_out_of_action"],
            flips=f["flips"],
            **f["role"].stat_line(),
        )
        Advancement.objects.bulk_create(
            Advancement(fighter=fighter, **a) for a in f["advancements"]
        )
        Injury.objects.bulk_create(Injury(fighter=fighter, **i) for i in f["injuries"])
        _equip(gang, fighter, f["equipment"])
    _equip(gang, None, v["stash"])
    for g in v["goods"]:
        gang.goods.create(item=g["item"], name=g["name"], market_value=g["market_value"])
    if v["credits"]:
        services._post(
            gang,
            amount=v["credits"],
            reason=services.Reason.IMPORT,
            actor=owner,
            note=f"Imported with {v['credits']} credits",
        )
    services._event(
        gang,
        services.Kind.IMPORT,
        f"{gang.name} was imported from an export with {len(v['fighters'])} fighters.",
        actor=owner,
    )
    services._refresh_totals(gang)
    return gang


def _equip(gang, fighter, rows):
    Equipment.objects.bulk_create(
        Equipment(
            gang=gang,
            fighter=fighter,
            item=row["item"],
            price_paid=row["price_paid"],
            catalogue_revision=row["item"].revision,
        )
        for row in rows
    )
