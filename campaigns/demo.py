"""A demo campaign half-way through: round 1 played and closed, round 2 open with a report
waiting for confirmation. Idempotent: skipped when the campaign exists."""

from campaigns import services
from campaigns.models import Campaign
from rosters.models import Gang

NAME = "Deadwood Summer"


def seed_demo(*, users, stdout) -> None:
    judge = users["demo"]
    if Campaign.objects.filter(name=NAME, created_by=judge).exists():
        return
    home = Gang.objects.get(owner=users["demo"], name="Hale's Lawmen")
    away = Gang.objects.get(owner=users["rival"], name="Ma Barker's Outlaws")
    campaign = services.create_campaign(creator=judge, name=NAME)
    # The judge's own gang joins at once; the rival's is invited, and its owner accepts.
    for gang in (home, away):
        membership = services.request_join(campaign=campaign, gang=gang, actor=judge)
        if membership.status == membership.Status.INVITED:
            services.answer_invitation(membership=membership, accept=True, actor=gang.owner)
    services.set_status(campaign=campaign, status="active", actor=judge)

    hale, cobb, jonah, _silas = home.fighters.order_by("id")
    ma, doc, fred, _lloyd = away.fighters.order_by("id")
    first = services.report_battle(
        campaign=campaign,
        actor=users["demo"],
        gangs=[home.pk, away.pk],
        winner=home.pk,
        casualties=[
            {"fighter": fred.pk, "taken_out_by": hale.pk},
            {"fighter": jonah.pk, "taken_out_by": doc.pk},
        ],
        goods={home.pk: ["gold-nugget"]},
        credits={home.pk: 15},
    )
    services.confirm_battle(battle=first, actor=users["rival"])
    services.run_post_game(battle_id=first.pk)  # make run has no worker yet when this runs
    round_one = campaign.rounds.get(number=1)
    services.request_round_close(round_=round_one, actor=judge)
    services.close_round_now(round_id=round_one.pk)
    services.open_round(campaign=campaign, actor=judge)
    services.report_battle(
        campaign=campaign,
        actor=users["rival"],
        gangs=[away.pk, home.pk],
        winner=away.pk,
        casualties=[{"fighter": cobb.pk, "taken_out_by": ma.pk}],
    )
    stdout.write(f"Demo campaign: {NAME} (round 2 open, one result waiting for confirmation)")
