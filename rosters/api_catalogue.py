"""``GET rulesets/last-hope-frontier/catalogue/``: what the store sells, for every client."""

from __future__ import annotations

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema
from rest_framework.permissions import AllowAny
from rest_framework.response import Response
from rest_framework.views import APIView

from rosters import serializers as s
from rosters import services
from rosters.models import CatalogueItem, GangRules, Role


@extend_schema(tags=["rulesets"])
class CatalogueView(APIView):
    """Last Hope Frontier's catalogue as the store sells it now (prices editable in the admin)."""

    permission_classes = [AllowAny]

    @extend_schema(
        responses={200: OpenApiTypes.OBJECT},
        summary="Factions, roles with stat lines and hire costs, and everything for sale",
    )
    def get(self, request):
        from rulesets.last_hope_frontier.factions import FAVOURED_SUITS

        rules = GangRules.objects.get(ruleset=services.RULESET)
        items = s.CatalogueItemSerializer(CatalogueItem.objects.all(), many=True).data
        body = {
            "factions": [{"slug": f, "favoured_suit": suit} for f, suit in FAVOURED_SUITS.items()],
            "roles": [
                {
                    "slug": r.slug,
                    "name": r.name,
                    "hire_cost": r.hire_cost,
                    "min_count": r.min_count,
                    "max_count": r.max_count,
                    "movement_card_lengths": r.movement,
                    "stats": r.stat_line(),
                }
                for r in Role.objects.all()
            ],
            "gang": {
                "starting_treasury": rules.starting_treasury,
                "min_fighters": rules.min_fighters,
                "max_fighters": rules.max_fighters,
                "carry_limits": rules.carry_limits,
                "stat_caps": rules.stat_caps,
            },
        }
        for kind in CatalogueItem.Kind.values:
            key = {"weapon": "weapons", "item": "items"}.get(kind, kind)
            body[key] = [i for i in items if i["kind"] == kind]
        return Response(body)
