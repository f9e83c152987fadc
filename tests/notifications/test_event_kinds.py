"""The events issue #32 lists that end something: a round closed with its post-games done,
a post-game applied with card flips waiting, a live match finished."""

from __future__ import annotations

import pytest

from campaigns import services as campaigns
from matches import services as matches
from notifications.models import Notification
from tests.notifications.test_turns_and_matches import live  # noqa: F401

pytestmark = pytest.mark.django_db


def told(kind: str) -> dict[int, Notification]:
    return {n.recipient_id: n for n in Notification.objects.filter(kind=kind)}


def test_a_closed_round_tells_every_active_gangs_owner(world, run_on_commit):
    round_ = world.campaign.rounds.get(status="open")
    run_on_commit(campaigns.close_round_now, round_id=round_.pk)
    closed = told("round.closed")
    assert set(closed) == {p.pk for p in world.players}
    assert closed[world.players[0].pk].params["number"] == round_.number


def test_a_post_game_tells_each_side_and_points_at_the_flips(world, run_on_commit):
    ann_gang, bob_gang = world.gangs[:2]
    battle = run_on_commit(
        campaigns.report_battle,
        campaign=world.campaign,
        actor=ann_gang.owner,
        gangs=[ann_gang.pk, bob_gang.pk],
        winner=ann_gang.pk,
        casualties=[],
    )
    run_on_commit(campaigns.confirm_battle, battle=battle, actor=bob_gang.owner)
    done = told("post_game.done")
    assert set(done) == {ann_gang.owner_id, bob_gang.owner_id}
    for gang in (ann_gang, bob_gang):
        row = done[gang.owner_id]
        waiting = row.params["flips"]
        assert row.link == (f"/gangs/{gang.pk}/" if waiting else f"/campaigns/{world.campaign.pk}/")


def test_a_finished_live_match_tells_everyone_seated(live, run_on_commit):  # noqa: F811
    match, ann, bob = live
    run_on_commit(matches.resign, match=match, player=ann)
    match.refresh_from_db()
    assert match.status == "finished"
    finished = told("match.finished")
    assert set(finished) == {ann.pk, bob.pk}
    assert finished[bob.pk].link == f"/matches/{match.pk}/"
