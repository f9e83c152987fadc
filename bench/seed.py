"""Data for the benchmarks and the load test, written through the same services as the API
(ledger, history and totals included), in the database the ``Stack`` made."""

from __future__ import annotations

import itertools

# Everything a fighter may carry at once (one melee weapon, two guns, clothing, items), so
# that the roster is as heavy as the rules allow.
KIT = ["revolver", "shotgun", "hatchet", "medium-leather", "whiskey", "dynamite"]
STASH = ["pistol", "carbine", "hunting-knife", "light-leather", "hooch", "derringer"]


def make_user(username: str, *, staff: bool = False):
    """A user with an API token (no password: the token endpoint is throttled, and hashing a
    password costs half a second we do not need)."""
    from django.contrib.auth import get_user_model
    from rest_framework.authtoken.models import Token

    user = get_user_model().objects.create(username=username, is_staff=staff)
    user.set_unusable_password()
    user.save(update_fields=["password"])
    return user, Token.objects.create(user=user).key


def refill(gang, *, staff, amount: int = 2000, note: str = "benchmark refill") -> None:
    from rosters import services

    services.adjust_credits(gang=gang, amount=amount, note=note, actor=staff)


def heavy_gang(*, owner, staff, fighters: int = 15, items: int = 60, name: str = "Heavy Gang"):
    """A campaign-worn gang: up to 8 active fighters (the most the rules allow) plus retired
    ones up to ``fighters``, ``items`` pieces of held equipment (kit on the fighters, the rest in
    the stash), and a few injuries. Returns the gang."""
    from rosters import services
    from rosters.models import Equipment, Fighter

    gang = services.create_gang(owner=owner, name=name, faction="sheriffs")
    refill(gang, staff=staff, amount=20000 + 300 * items)
    roles = (["leader", "deputy", "deputy"] + ["ganger"] * 5)[:fighters]
    hired = [
        services.hire_fighter(gang=gang, name=f"Fighter {n + 1}", role=role, actor=owner)
        for n, role in enumerate(roles)
    ]
    # Gangers come and go over a campaign: retire one, hire another, until the roster lists
    # ``fighters`` people (their kit goes to the stash when they retire).
    count = len(hired)
    while count < fighters:
        leaving = next(f for f in reversed(hired) if f.role.slug == "ganger")
        services.retire_fighter(gang=gang, fighter_id=leaving.pk, actor=owner)
        hired.remove(leaving)
        count += 1
        hired.append(
            services.hire_fighter(gang=gang, name=f"Fighter {count}", role="ganger", actor=owner)
        )
    active = [f for f in hired if f.is_active]
    for fighter in active:
        for item in KIT:
            if _held(gang) >= items:
                break
            services.purchase_item(
                gang=gang, item=item, fighter_id=fighter.pk, quantity=1, actor=owner
            )
    for item in itertools.cycle(STASH):
        if _held(gang) >= items:
            break
        services.purchase_item(gang=gang, item=item, fighter_id=None, quantity=1, actor=owner)
    for fighter in active[3:5]:
        services.take_out_of_action(fighter=fighter, actor=staff, note="benchmark injury")
    gang.refresh_from_db()
    assert Fighter.objects.filter(gang=gang).count() == fighters
    assert Equipment.objects.filter(gang=gang, disposal="").count() == items
    return gang


def _held(gang) -> int:
    from rosters.models import Equipment

    return Equipment.objects.filter(gang=gang, disposal="").count()


def player_gang(*, owner, staff, name: str):
    """A ready gang of five with some kit and credits left to shop with."""
    from rosters import services

    gang = services.create_gang(owner=owner, name=name, faction="outlawmen")
    refill(gang, staff=staff, amount=1000)
    for n, role in enumerate(["leader", "deputy", "ganger", "ganger", "ganger"]):
        fighter = services.hire_fighter(gang=gang, name=f"{name} {n + 1}", role=role, actor=owner)
        services.purchase_item(
            gang=gang, item="revolver", fighter_id=fighter.pk, quantity=1, actor=owner
        )
    gang.refresh_from_db()
    return gang
