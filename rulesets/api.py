"""Rulesets: what games Posse knows, and (per game) rules calculators."""

from __future__ import annotations

from django.http import Http404
from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.permissions import AllowAny
from rest_framework.response import Response
from rest_framework.views import APIView

from rulesets.last_hope_frontier import calculator, factions
from rulesets.registry import all_rulesets, get_ruleset


class ScoreFieldSerializer(serializers.Serializer):
    name = serializers.CharField()
    label = serializers.CharField()
    minimum = serializers.IntegerField()
    maximum = serializers.IntegerField(allow_null=True)


class HouseRuleSerializer(serializers.Serializer):
    key = serializers.CharField()
    name = serializers.CharField()
    description = serializers.CharField()
    default = serializers.BooleanField(help_text="The rulebook's text: false (off).")


class OptionChoiceSerializer(serializers.Serializer):
    value = serializers.JSONField()
    label = serializers.CharField()


class OptionSerializer(serializers.Serializer):
    """One option of a live match (``options.<key>``), as rulesets/core/options.py declares it."""

    key = serializers.CharField()
    label = serializers.CharField()
    kind = serializers.ChoiceField(["bool", "int", "choice"])
    default = serializers.JSONField(help_text="What the game plays when the option is left out.")
    help = serializers.CharField()
    choices = OptionChoiceSerializer(many=True, help_text="For kind choice: the values allowed.")
    minimum = serializers.IntegerField(allow_null=True)
    maximum = serializers.IntegerField(allow_null=True, help_text="null: no upper bound.")

    def to_representation(self, option) -> dict:
        return option.as_dict()


class RulesetSerializer(serializers.Serializer):
    slug = serializers.CharField()
    name = serializers.CharField(help_text="The game's one name, as every page shows it.")
    min_players = serializers.IntegerField()
    max_players = serializers.IntegerField()
    live = serializers.BooleanField(help_text="The server can referee it turn by turn.")
    score_fields = ScoreFieldSerializer(many=True)
    house_rules = HouseRuleSerializer(
        many=True,
        help_text="Departures from the rulebook a match, campaign or league may choose "
        '(options.house_rules: {"key": true}); off by default.',
    )
    options = OptionSerializer(
        many=True,
        help_text="The options and variants of a live match (POST matches/ options), with "
        "their defaults; /matches/new/ shows the same list as labelled fields.",
    )


def ruleset_or_404(slug: str):
    ruleset = get_ruleset(slug)
    if ruleset is None:
        raise Http404
    return ruleset


@extend_schema(tags=["rulesets"])
class RulesetList(APIView):
    permission_classes = [AllowAny]

    @extend_schema(responses={200: RulesetSerializer(many=True)})
    def get(self, request):
        return Response(RulesetSerializer(all_rulesets(), many=True).data)


@extend_schema(tags=["rulesets"])
class RulesetDetail(APIView):
    permission_classes = [AllowAny]

    @extend_schema(responses={200: RulesetSerializer})
    def get(self, request, slug: str):
        return Response(RulesetSerializer(ruleset_or_404(slug)).data)


# --- Last Hope Frontier rules calculator ------------------------------------------------------
# The engine's factions, labelled as a gang's (rosters.models.Gang.Faction is built from the
# same list), so that the schema has one enum.
FACTIONS = [(name, name.capitalize()) for name in factions.FACTIONS]

# The engine validates the input itself (rulesets/last_hope_frontier/calculator.py) and names
# the field at fault; the serializers below only document the shapes for the schema.


class ShooterSerializer(serializers.Serializer):
    role = serializers.ChoiceField(
        ["leader", "deputy", "ganger"],
        required=False,
        help_text="Stands in for the numbers; a number given wins.",
    )
    shoot = serializers.IntegerField(required=False, min_value=0, max_value=99)
    faction = serializers.ChoiceField(FACTIONS)
    weapon = serializers.CharField(help_text="A weapon slug from the catalogue.")
    mounted = serializers.BooleanField(required=False, help_text="Shooting from a horse: -1.")


class FighterSerializer(serializers.Serializer):
    role = serializers.ChoiceField(["leader", "deputy", "ganger"], required=False)
    combat = serializers.IntegerField(required=False, min_value=0, max_value=99)
    strength = serializers.IntegerField(required=False, min_value=0, max_value=99)
    faction = serializers.ChoiceField(FACTIONS)
    weapon = serializers.CharField(
        required=False,
        allow_null=True,
        help_text="A melee weapon slug; null (fists) only under house rule fists.",
    )


class DefenderSerializer(serializers.Serializer):
    role = serializers.ChoiceField(["leader", "deputy", "ganger"], required=False)
    defence = serializers.IntegerField(required=False, min_value=0, max_value=99)
    toughness = serializers.IntegerField(required=False, min_value=0, max_value=99)
    faction = serializers.ChoiceField(FACTIONS)
    clothing = serializers.CharField(required=False, allow_null=True)


class ShotRequestSerializer(serializers.Serializer):
    attacker = ShooterSerializer()
    defender = DefenderSerializer()
    attack_card = serializers.CharField(help_text="7D, 10S, JS, QH, KC, AS or JOKER")
    defence_card = serializers.CharField()
    distance = serializers.FloatField(required=False, help_text="Inches; checked against range.")


class CombatRequestSerializer(serializers.Serializer):
    attacker = FighterSerializer()
    defender = DefenderSerializer()
    attack_card = serializers.CharField()
    defence_card = serializers.CharField()
    house_rules = serializers.DictField(
        child=serializers.BooleanField(),
        required=False,
        help_text='As a match\'s options.house_rules: {"fists": true} lets a fighter without '
        "a melee weapon fight at -1.",
    )


class AttackSideSerializer(serializers.Serializer):
    base = serializers.IntegerField()
    card = serializers.CharField()
    card_value = serializers.IntegerField()
    favoured_bonus = serializers.IntegerField()
    modifier = serializers.IntegerField()
    breaks_ties = serializers.BooleanField()
    total = serializers.IntegerField()


class AttackResultSerializer(serializers.Serializer):
    attack_total = serializers.IntegerField()
    defence_total = serializers.IntegerField()
    hit = serializers.BooleanField()
    difference = serializers.IntegerField()
    tie_break = serializers.CharField(allow_null=True)
    wounds = serializers.IntegerField()
    attack = AttackSideSerializer()
    defence = AttackSideSerializer()
    damage = serializers.DictField(allow_null=True)
    steps = serializers.ListField(
        child=serializers.CharField(), help_text="One line per rule applied."
    )


class FlipRequestSerializer(serializers.Serializer):
    card = serializers.CharField()


class FlipResultSerializer(serializers.Serializer):
    card = serializers.CharField()
    band = serializers.CharField()
    options = serializers.ListField(child=serializers.CharField())
    steps = serializers.ListField(child=serializers.CharField())


class _Calculator(APIView):
    """Rules calculators answer anyone: they compute, they store nothing."""

    permission_classes = [AllowAny]
    calculate = None

    def post(self, request):
        return Response(type(self).calculate(request.data))


@extend_schema(
    tags=["rulesets"],
    request=ShotRequestSerializer,
    responses=AttackResultSerializer,
    summary="Last Hope Frontier: resolve a shot (shot vs defence test, then damage)",
)
class ShotCalculator(_Calculator):
    calculate = staticmethod(calculator.shot_calculation)


@extend_schema(
    tags=["rulesets"],
    request=CombatRequestSerializer,
    responses=AttackResultSerializer,
    summary="Last Hope Frontier: resolve a fight in base contact",
)
class CombatCalculator(_Calculator):
    calculate = staticmethod(calculator.combat_calculation)


@extend_schema(
    tags=["rulesets"],
    request=FlipRequestSerializer,
    responses=FlipResultSerializer,
    summary="Last Hope Frontier: which two stats a flipped card may raise",
)
class FlipCalculator(_Calculator):
    calculate = staticmethod(calculator.flip_calculation)
