"""``POST fighters/{id}/flips/``: a flip, a reflip, a choice or a pass; with ``prefer``, a flip
(or reflip) and its choice in one call (rosters.services.flip_preferring)."""

from __future__ import annotations

from rest_framework import serializers
from rest_framework.exceptions import ValidationError

from rosters import serializers as s
from rosters import services
from rosters.models import STATS, Fighter


class FighterFlipRequestSerializer(s.FlipActionSerializer):
    # A plain string (the service names the stats when it is not one): the same choices as
    # ``stat`` would be a second enum of one set in the schema.
    prefer = serializers.CharField(
        max_length=20,
        required=False,
        allow_null=True,
        default=None,
        help_text=f"With flip or reflip, one of {', '.join(STATS)}: take +1 in it at once "
        "if the card drawn offers it (and, under the campaign's house rule stat_caps, it is "
        "below its cap); otherwise the card stays "
        "showing, and `prefer.reason` says why.",
    )

    def validate(self, attrs):
        if attrs.get("prefer") and attrs["action"] not in ("flip", "reflip"):
            raise ValidationError({"prefer": ["A preference goes with a flip or a reflip."]})
        return attrs


class PreferOutcomeSerializer(serializers.Serializer):
    stat = serializers.CharField()
    taken = serializers.BooleanField(help_text="Whether the stat was raised by the card drawn.")
    reason = serializers.CharField(allow_null=True, help_text="Why not, when it was not.")


class FlipsResultSerializer(s.FlipsSerializer):
    prefer = PreferOutcomeSerializer(
        required=False, allow_null=True, help_text="Only when the request had `prefer`."
    )


def flip_request(*, fighter: Fighter, actor, data) -> dict | None:
    """Do what the request asks; the preference's outcome when it had one."""
    parsed = FighterFlipRequestSerializer(data=data)
    parsed.is_valid(raise_exception=True)
    v = parsed.validated_data
    if v["prefer"] is None:
        services.flip_card(fighter=fighter, actor=actor, action=v["action"], stat=v["stat"])
        return None
    _draw, reason = services.flip_preferring(
        fighter=fighter, actor=actor, stat=v["prefer"], reflip=v["action"] == "reflip"
    )
    return {"stat": v["prefer"], "taken": reason is None, "reason": reason}
