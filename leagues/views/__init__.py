"""The league and player pages (the player site)."""

from django.http import Http404


def _todo(*args, **kwargs):
    raise Http404


league_create = league_join = league_detail = result_report = _todo
result_decision = player_page = _todo
