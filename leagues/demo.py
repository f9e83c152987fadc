"""A demo league: demo organises and plays, rival was invited and accepted; one result both
confirmed (in the table and the ratings), one rival reported that waits for demo's
confirmation. Idempotent: skipped when the league exists."""

from leagues import services
from leagues.models import League

NAME = "Tuesday Peuple"
GAME = "le-dernier-peuple"


def seed_demo(*, users, stdout) -> None:
    demo, rival = users["demo"], users["rival"]
    if League.objects.filter(name=NAME, created_by=demo).exists():
        return
    league = services.create_league(creator=demo, name=NAME, ruleset=GAME)
    services.add_member(league=league, player=demo, actor=demo)  # an organiser who plays
    invitation = services.add_member(league=league, player=rival, actor=demo)
    services.accept_membership(membership=invitation, actor=rival)
    counted = services.report_result(
        league=league,
        actor=demo,
        placements={demo.username: 1, rival.username: 2},
        scores={demo.username: {"vp": 12}, rival.username: {"vp": 9}},
    )
    services.confirm_result(result=counted, actor=rival)
    services.report_result(
        league=league,
        actor=rival,
        placements={rival.username: 1, demo.username: 2},
        scores={rival.username: {"vp": 13}, demo.username: {"vp": 10}},
    )
    stdout.write(f"Demo league: {NAME} (one result counted, one waiting for demo to confirm)")
