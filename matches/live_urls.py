"""URLs of the live table pages (``/matches/<id>/``); the API clients' stream is in urls.py."""

from django.urls import path

from matches.views import friendly, new_match, stream, table

urlpatterns = [
    path("matches/new/", new_match.new_match, name="match-new"),
    path("matches/new/<slug:slug>/bot/", new_match.play_a_bot, name="match-play-a-bot"),
    path("matches/new/friendly/", friendly.friendly_battle_new, name="friendly-battle-new"),
    path("matches/<id:match_id>/", table.table_page, name="match-table"),
    path("matches/<id:match_id>/table/", table.table_fragment, name="match-table-fragment"),
    path("matches/<id:match_id>/stream/", stream.table_stream, name="match-table-stream"),
    path(
        "matches/<id:match_id>/answer/<str:decision>/",
        table.answer_invitation,
        name="match-table-answer",
    ),
]
