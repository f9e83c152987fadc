"""Rows for the permissions matrix (tests/security/test_permissions_matrix.py) covering a named
player's answers in the matches app, added there with:

    from tests.matches.security_rows import consent_rows
    MATRIX += consent_rows(Row, expect)

``Row`` and ``expect`` are passed in so that this module does not import the matrix (no
cycle). Each row's ``prepare`` builds, inside the cell's savepoint, a live Le Dernier Peuple
match ``rival`` started with ``owner`` invited, and a Battle Royale result ``rival`` logged that
names ``owner``; only ``owner`` answers for ``owner``'s seat: not staff, not the creator.
"""

from __future__ import annotations


def _prepare(world) -> None:
    from matches import services

    owner, rival = world.users["owner"], world.users["rival"]
    invited = services.create_live_match(
        ruleset="le-dernier-peuple",
        players=[rival.username, owner.username],
        options={},
        created_by=rival,
    )
    logged = services.log_result(
        ruleset="battle-royale",
        placements={rival.username: 1, owner.username: 2},
        created_by=rival,
    )
    world.ids.update(match_invited=invited.pk, match_logged=logged.pk)


def consent_rows(Row, expect) -> list:
    seated_only = expect(401, 403, 200, 403, 403)  # the named player, nobody for them
    return [
        Row(
            "POST",
            "/api/v1/matches/{match_id}/accept/",
            lambda w: f"/api/v1/matches/{w.ids['match_invited']}/accept/",
            seated_only,
            prepare=_prepare,
        ),
        Row(
            "POST",
            "/api/v1/matches/{match_id}/decline/",
            lambda w: f"/api/v1/matches/{w.ids['match_invited']}/decline/",
            seated_only,
            prepare=_prepare,
        ),
        Row(
            "POST",
            "/api/v1/matches/{match_id}/confirm/",
            lambda w: f"/api/v1/matches/{w.ids['match_logged']}/confirm/",
            seated_only,
            prepare=_prepare,
        ),
    ]
