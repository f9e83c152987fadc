"""Rows for the permissions matrix (tests/security/test_permissions_matrix.py) covering the
leagues app's write endpoints, for its owners to add at the "LEAGUES" placeholder:

    from tests.leagues.security_rows import league_rows
    MATRIX += league_rows(Row, expect)

``Row`` and ``expect`` are passed in so that this module does not import the matrix (no
cycle). Each row's ``prepare`` builds, inside the cell's savepoint, a Le Dernier Peuple league
founded by ``arbitrator`` (its organiser) with ``owner`` and ``rival`` as members (invited, and
they accepted), and a result ``rival`` reported of a game against ``owner`` that waits for
``owner``'s confirmation; ``other`` is invited but has not answered yet; ``staff`` counts as an
organiser everywhere, which lets them invite and void, never answer or confirm for a player.
"""

from __future__ import annotations

LEAGUE = "le-dernier-peuple"


def _prepare(world) -> None:
    from leagues import services
    from tests.factories import UserFactory

    users = world.users
    league = services.create_league(creator=users["arbitrator"], name="Matrix", ruleset=LEAGUE)
    for persona in ("owner", "rival"):
        invitation = services.add_member(
            league=league, player=users[persona], actor=users["arbitrator"]
        )
        services.accept_membership(membership=invitation, actor=users[persona])
    invitation = services.add_member(
        league=league, player=users["other"], actor=users["arbitrator"]
    )
    result = services.report_result(
        league=league,
        actor=users["rival"],
        placements={users["rival"].username: 1, users["owner"].username: 2},
        scores={users["rival"].username: {"vp": 12}},
    )
    UserFactory(username="newbie")
    world.ids.update(league=league.pk, league_result=result.pk, league_invitation=invitation.pk)


def _prepare_round(world) -> None:
    """The same league with its first round being played (owner and rival at table 1)."""
    from leagues import services
    from leagues.models import League

    _prepare(world)
    league = League.objects.get(pk=world.ids["league"])
    services.open_round(league=league, actor=world.users["arbitrator"])


def _l(world, rest: str = "") -> str:
    return f"/api/v1/leagues/{world.ids['league']}/{rest}"


def _r(world, rest: str = "") -> str:
    return _l(world, f"matches/{world.ids['league_result']}/{rest}")


def league_rows(Row, expect) -> list:
    organisers = expect(401, 403, 403, 200, 200)  # the league's organiser, or staff
    players_or_organisers = expect(401, 403, 200, 200, 200)  # a player of the result too
    players_only = expect(401, 403, 200, 403, 403)  # nobody confirms for a player
    invited_only = expect(401, 200, 403, 403, 403)  # only the invited player answers
    return [
        Row(
            "POST",
            "/api/v1/leagues/",
            lambda w: "/api/v1/leagues/",
            expect(401, 201, 201, 201, 201),  # anyone signed in founds a league
            body=lambda w: {"name": "Friday league", "ruleset": LEAGUE},
        ),
        Row(
            "PATCH",
            "/api/v1/leagues/{id}/",
            lambda w: _l(w),
            organisers,
            body=lambda w: {"name": "Renamed"},
            prepare=_prepare,
        ),
        Row(
            "POST",
            "/api/v1/leagues/{id}/members/",
            lambda w: _l(w, "members/"),
            expect(401, 403, 403, 201, 201),  # adding someone else: organisers only
            body=lambda w: {"player": "newbie"},
            prepare=_prepare,
        ),
        Row(
            "POST",
            "/api/v1/leagues/{id}/invitations/",
            lambda w: _l(w, "invitations/"),
            expect(401, 403, 403, 201, 201),  # inviting players: organisers only
            body=lambda w: {"players": ["newbie"]},
            prepare=_prepare,
        ),
        Row(
            "POST",
            "/api/v1/leagues/{id}/members/{member_id}/accept/",
            lambda w: _l(w, f"members/{w.ids['league_invitation']}/accept/"),
            invited_only,
            prepare=_prepare,
        ),
        Row(
            "POST",
            "/api/v1/leagues/{id}/members/{member_id}/decline/",
            lambda w: _l(w, f"members/{w.ids['league_invitation']}/decline/"),
            invited_only,
            prepare=_prepare,
        ),
        Row(
            "POST",
            "/api/v1/leagues/{id}/organisers/",
            lambda w: _l(w, "organisers/"),
            organisers,
            body=lambda w: {"player": "newbie"},
            prepare=_prepare,
        ),
        Row(
            "POST",
            "/api/v1/leagues/{id}/matches/",
            lambda w: _l(w, "matches/"),
            expect(401, 403, 201, 201, 201),  # a member who played, or an organiser
            body=lambda w: {
                "placements": {w.users["owner"].username: 1, w.users["rival"].username: 2},
                "scores": {w.users["owner"].username: {"vp": 12}},
            },
            prepare=_prepare,
        ),
        Row(
            "POST",
            "/api/v1/leagues/{id}/matches/{result_id}/confirm/",
            lambda w: _r(w, "confirm/"),
            players_only,
            prepare=_prepare,
        ),
        Row(
            "POST",
            "/api/v1/leagues/{id}/matches/{result_id}/dispute/",
            lambda w: _r(w, "dispute/"),
            players_or_organisers,
            body=lambda w: {"reason": "I won that one."},
            prepare=_prepare,
        ),
        Row(
            "POST",
            "/api/v1/leagues/{id}/matches/{result_id}/void/",
            lambda w: _r(w, "void/"),
            organisers,
            prepare=_prepare,
        ),
        Row(
            "POST",
            "/api/v1/leagues/{id}/check-in/",
            lambda w: _l(w, "check-in/"),
            expect(401, 403, 200, 200, 200),  # the member themselves, or an organiser
            body=lambda w: {"player": w.users["owner"].username},
            prepare=_prepare,
        ),
        Row(
            "DELETE",
            "/api/v1/leagues/{id}/check-in/",
            lambda w: _l(w, "check-in/"),
            expect(401, 403, 200, 200, 200),  # the member themselves, or an organiser
            body=lambda w: {"player": w.users["owner"].username},
            prepare=_prepare,
        ),
        Row(
            "POST",
            "/api/v1/leagues/{id}/rounds/",
            lambda w: _l(w, "rounds/"),
            expect(401, 403, 403, 201, 201),  # organisers open rounds
            prepare=_prepare,
        ),
        Row(
            "POST",
            "/api/v1/leagues/{id}/rounds/{number}/close/",
            lambda w: _l(w, "rounds/1/close/"),
            organisers,
            prepare=_prepare_round,
        ),
    ]
