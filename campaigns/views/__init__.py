"""The campaign pages (the player site)."""

from django.http import Http404


def _todo(*args, **kwargs):
    raise Http404


campaign_create = campaign_join = campaign_detail = battle_report = _todo
battle_decision = membership_decision = campaign_manage = _todo
