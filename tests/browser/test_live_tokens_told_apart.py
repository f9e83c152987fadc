"""Issue 31's proof: a Last Hope Frontier table with six fighters of one gang, all named
"Barker", close together: each token reads apart at 1280 and 390 px, a tap names the
fighter and its state, and the log is reached with the keyboard."""

from matches import services
from tests.browser.live_support import signed_in
from tests.factories import UserFactory
from tests.live_pages.test_tokens_told_apart import crowd
from tests.matches.factories import accept_all


def test_six_barkers_close_together_are_told_apart(new_context, live_server, shot):
    alice, bob = UserFactory(), UserFactory()
    match = accept_all(
        services.create_live_match(
            ruleset="last-hope-frontier",
            players=[alice.username, bob.username],
            options={"turn_limit": 1},
            created_by=alice,
        )
    )
    crowd(match, names="Barker")
    for width in (1280, 390):
        context = signed_in(
            new_context, live_server, alice, viewport={"width": width, "height": 900}
        )
        page = context.new_page()
        page.goto(f"/matches/{match.pk}/")
        codes = page.locator("svg.board-svg .fname").all_text_contents()
        assert sorted(codes) == sorted(set(codes)) and len(codes) == 12
        assert {f"B{n}" for n in range(1, 7)} <= set(codes)
        boxes = [t.bounding_box() for t in page.locator("svg.board-svg .fname").all()]
        assert not any(_overlap(a, b) for i, a in enumerate(boxes) for b in boxes[i + 1 :])
        page.locator("svg.board-svg g.fighter", has_text="B4").click()
        assert "B4 Barker" in page.locator("#table-tip").inner_text()
        assert page.locator(".legend li").count() == 12
        shot(page, f"six-barkers-{width}")
        log = page.locator(".log-list")
        for _ in range(60):
            page.keyboard.press("Tab")
            if log.evaluate("el => el === document.activeElement"):
                break
        assert log.evaluate("el => el === document.activeElement")


def _overlap(a: dict, b: dict) -> bool:
    return not (
        a["x"] + a["width"] <= b["x"]
        or b["x"] + b["width"] <= a["x"]
        or a["y"] + a["height"] <= b["y"]
        or b["y"] + b["height"] <= a["y"]
    )
