"""Two demo gangs of different factions (idempotent: skipped when they exist)."""

from rosters import services
from rosters.models import Gang

DEMO_GANGS = {
    "demo": (
        "Hale's Lawmen",
        "sheriffs",
        [
            ("Marshal Hale", "leader", ["revolver", "medium-leather", "horse"]),
            ("Deputy Cobb", "deputy", ["shotgun", "light-leather"]),
            ("Jonah", "ganger", ["carbine"]),
            ("Silas", "ganger", ["pistol", "hunting-knife"]),
        ],
    ),
    "rival": (
        "Ma Barker's Outlaws",
        "outlawmen",
        [
            ("Ma Barker", "leader", ["scope-rifle", "light-leather"]),
            ("Doc", "deputy", ["revolver", "hatchet"]),
            ("Fred", "ganger", ["shotgun"]),
            ("Lloyd", "ganger", ["pistol", "machete"]),
        ],
    ),
}


def seed_demo(*, users, stdout) -> dict[str, Gang]:
    gangs = {}
    for username, (name, faction, fighters) in DEMO_GANGS.items():
        owner = users[username]
        gang = Gang.objects.filter(owner=owner, name=name).first()
        if gang is None:
            gang = services.create_gang(owner=owner, name=name, faction=faction)
            for fighter_name, role, kit in fighters:
                fighter = services.hire_fighter(
                    gang=gang, name=fighter_name, role=role, actor=owner
                )
                for item in kit:
                    services.purchase_item(
                        gang=gang, item=item, fighter_id=fighter.pk, quantity=1, actor=owner
                    )
            services.purchase_item(
                gang=gang, item="whiskey", fighter_id=None, quantity=1, actor=owner
            )
            stdout.write(f"Demo gang: {name} ({faction}), {gang.fighters.count()} fighters")
        gangs[username] = gang
    return gangs
