"""A whole gang as JSON, signed by this server, and back.

An export is the roster with its history: battles, ledger, goods, and per fighter the injuries,
advancements, flips and the take-downs recorded. It carries ``signature``, an HMAC-SHA256
with a key derived from SECRET_KEY (``salted_hmac``, salt ``SIGNING_SALT``) over the canonical
JSON (sorted keys, no spaces, UTF-8) of every field but ``signature`` and ``name``: the name is
the importer's to choose (change it to import a copy next to the original), nothing else is.

An import makes a new gang owned by the importer, by the rule in ``rosters.import_rules``:
a file this server signed, of a gang the importer owned, brings its history back only to
restore that gang: when the gang it was exported from (``origin.gang``) no longer exists on
this server and no gang has been restored from it yet (``Gang.restored_from``, unique, so two
imports racing to restore the same gang cannot both win: the loser is a 409 naming
``restored_from`` and writes nothing). Otherwise a signed export would mint its credits and
goods again with every import. Any other file (unsigned, from another server, changed after
signing, another player's export, or a signed export whose gang still exists or was already
restored) is treated alike: it can only make a gang the API could have built from a fresh
starting treasury, its history-bearing fields are refused, and it is built through the
API's own services (found, hire, buy), so its ledger and history read as if its owner had
clicked it together. (A still-existing origin is not a 409 of its own: a signed file is then
just a file, as it would be anywhere else; to restore a gang from it, delete the gang first.)
"""

from __future__ import annotations

import json

from django.conf import settings
from django.db import transaction
from django.db.models import Count, Q
from django.utils import timezone
from django.utils.crypto import constant_time_compare, salted_hmac
from rest_framework.exceptions import ValidationError

from rosters import history_lines, import_rules, services, takedowns
from rosters.errors import RosterError
from rosters.export_format import FORMAT, VERSION
from rosters.import_rules import Plan
from rosters.models import Advancement, Equipment, Fighter, FlipDraw, Gang, Injury

SIGNING_SALT = "posse.rosters.export"
NAME_TAKEN = "You already have a gang with this name: change the name to import a copy."
UNSIGNED_FIELDS = ("signature", "name")
SCHEME = "hmac-sha256"


# --- signing ----------------------------------------------------------------------------------


def canonical(document: dict) -> bytes:
    """The bytes a signature covers: the document without its signature and its name."""
    contents = {k: v for k, v in document.items() if k not in UNSIGNED_FIELDS}
    return json.dumps(contents, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode()


def _mac(document: dict, secret: str) -> str:
    return salted_hmac(SIGNING_SALT, canonical(document), secret=secret, algorithm="sha256")


def sign(document: dict) -> str:
    return f"{SCHEME}:{_mac(document, settings.SECRET_KEY).hexdigest()}"


def verify(document) -> bool:
    """Whether this server signed exactly this document (the name aside). Keys retired into
    SECRET_KEY_FALLBACKS still verify, so rotating the key does not orphan old exports."""
    if not isinstance(document, dict) or not isinstance(document.get("signature"), str):
        return False
    scheme, _, given = document["signature"].partition(":")
    if scheme != SCHEME:
        return False
    try:
        body = canonical(document)
    except (TypeError, ValueError):
        return False
    for secret in (settings.SECRET_KEY, *getattr(settings, "SECRET_KEY_FALLBACKS", [])):
        mac = salted_hmac(SIGNING_SALT, body, secret=secret, algorithm="sha256").hexdigest()
        if constant_time_compare(mac, given):
            return True
    return False


# --- export -----------------------------------------------------------------------------------


def _kit(rows) -> list[dict]:
    return [{"item": e.item.slug, "price_paid": e.price_paid} for e in rows]


def export_gang(gang: Gang) -> dict:
    """Uses the prefetches of selectors.gang_detail_queryset(); two more queries (cards
    turned, take-downs recorded)."""
    fighters = [f for f in gang.fighters.all() if f.is_active]
    turned = dict(
        FlipDraw.objects.filter(fighter__in=fighters)
        .values("fighter")
        .annotate(n=Count("id"))
        .values_list("fighter", "n")
    )
    recorded = takedowns.recorded(fighters)
    document = {
        "format": FORMAT,
        "version": VERSION,
        "ruleset": services.RULESET,
        "name": gang.name,
        "faction": gang.faction,
        "notes": gang.notes,
        "credits": gang.credits,
        "battles": gang.battles,
        "fighters": [
            {
                "name": f.name,
                "role": f.role.slug,
                "status": f.status,
                "base_stats": f.base_stats(),
                "hire_cost": f.hire_cost,
                "times_out_of_action": f.times_out_of_action,
                "flips": f.flips,
                "flips_spent": turned.get(f.pk, 0) + f.imported_flips_spent,
                "takedowns": recorded[f.pk][0],
                "killing_blows": recorded[f.pk][1],
                "advancements": [
                    {"stat": a.stat, "amount": a.amount, "card": a.card, "note": a.note}
                    for a in f.advancements.all()
                ],
                "injuries": [
                    {
                        "strike": i.strike,
                        "wounds_lost": i.wounds_lost,
                        "fatal": i.fatal,
                        "note": i.note,
                    }
                    for i in f.injuries.all()
                ],
                "equipment": _kit(f.equipment.all()),
            }
            for f in fighters
        ],
        "stash": _kit(gang.stash),
        "goods": [
            {
                "item": g.item.slug if g.item_id else None,
                "name": g.name,
                "market_value": g.market_value,
            }
            for g in gang.unsold_goods
        ],
        "ledger": [
            {"amount": e.amount, "reason": e.reason, "note": e.note, "code": e.code, **_params(e)}
            for e in gang.ledger.all()
        ],
        "origin": {
            "gang": gang.pk,
            "owner": gang.owner_id,
            "exported_at": timezone.now().isoformat(),
        },
    }
    document["signature"] = sign(document)
    return document


# --- import -----------------------------------------------------------------------------------


def signed_for(document, owner) -> bool:
    """Whether ``document``'s history is this server's word for ``owner``: signed here, and
    exported from a gang ``owner`` owned. Rosters are public, so anyone may export anyone's
    gang; a copy of another player's gang is only a roster, never their credits and goods."""
    if not verify(document):
        return False
    origin = document.get("origin")
    return isinstance(origin, dict) and origin.get("owner") == owner.pk


def restores(document, owner) -> bool:
    """Whether ``document`` brings its history back: signed here for ``owner`` (above), and
    the gang it was exported from is gone and was not restored yet. Only then can its credits
    and goods not exist twice; any other import is built from a fresh starting treasury."""
    if not signed_for(document, owner):
        return False
    gang = document["origin"].get("gang")
    if not isinstance(gang, int) or isinstance(gang, bool) or gang <= 0:
        return False
    return not Gang.objects.filter(Q(pk=gang) | Q(restored_from=gang)).exists()


@transaction.atomic
def import_gang(*, data, owner) -> Gang:
    """A new gang owned by ``owner`` from an export (rule: rosters.import_rules)."""
    name = data.get("name") if isinstance(data, dict) else None
    taken = isinstance(name, str) and Gang.objects.filter(owner=owner, name__iexact=name).exists()
    try:
        plan = import_rules.plan_import(data, signed=restores(data, owner))
    except ValidationError as refused:
        if taken:  # every refusal at once, the name's too
            refused.detail.setdefault("name", []).append(NAME_TAKEN)
        raise
    if taken:
        raise RosterError(NAME_TAKEN, field="name")
    gang = _write_signed(plan, owner) if plan.signed else _build_unsigned(plan, owner)
    services._refresh_totals(gang)
    return gang


def _build_unsigned(plan: Plan, owner) -> Gang:
    """Through the API's own services, from a fresh starting treasury."""
    gang = services.create_gang(owner=owner, name=plan.name, faction=plan.faction, notes=plan.notes)
    for fighter in plan.fighters:
        hired = services.hire_fighter(
            gang=gang, name=fighter.name, role=fighter.role.slug, actor=owner
        )
        for kit in fighter.equipment:
            services.purchase_item(
                gang=gang, item=kit.item.slug, fighter_id=hired.pk, quantity=1, actor=owner
            )
    for kit in plan.stash:
        services.purchase_item(
            gang=gang, item=kit.item.slug, fighter_id=None, quantity=1, actor=owner
        )
    gang = services._lock(gang)
    if plan.credits < gang.credits:
        services._post(
            gang,
            amount=plan.credits - gang.credits,
            reason=services.Reason.IMPORT,
            actor=owner,
            note=None,
            code="import_balance",
            params={"credits": plan.credits},
        )
    words = {"gang": gang.name, "count": len(plan.fighters)}
    services._event(gang, services.Kind.IMPORT, None, actor=owner, code="imported", params=words)
    return gang


def _write_signed(plan: Plan, owner) -> Gang:
    """The history a signed export brought: ledger, goods, injuries, advancements, flips."""
    origin = plan.origin or {}
    gang = Gang.objects.create(  # restored_from first: a racing second restore fails here
        owner=owner,
        name=plan.name,
        faction=plan.faction,
        notes=plan.notes,
        battles=plan.battles,
        restored_from=origin["gang"],
    )
    for f in plan.fighters:
        fighter = Fighter.objects.create(
            gang=gang,
            name=f.name,
            role=f.role,
            hire_cost=f.hire_cost,
            times_out_of_action=f.times_out_of_action,
            flips=f.flips,
            imported_takedowns=f.takedowns,
            imported_killing_blows=f.killing_blows,
            imported_flips_spent=f.flips_spent,
            **f.role.stat_line(),
        )
        Advancement.objects.bulk_create(Advancement(fighter=fighter, **a) for a in f.advancements)
        Injury.objects.bulk_create(Injury(fighter=fighter, **i) for i in f.injuries)
        _equip(gang, fighter, f.equipment)
    _equip(gang, None, plan.stash)
    for g in plan.goods:
        gang.goods.create(item=g["item"], name=g["name"], market_value=g["market_value"])
    for row in plan.ledger:
        services._post(
            gang, amount=row["amount"], reason=row["reason"], actor=None, **_brought_note(row)
        )
    words = {
        "gang": gang.name,
        "origin": origin.get("gang", "?"),
        "count": len(plan.fighters),
        "battles": plan.battles,
        "credits": plan.credits,
    }
    services._event(gang, services.Kind.IMPORT, None, actor=owner, code="restored", params=words)
    return gang


def _params(entry) -> dict:
    return {"params": entry.params} if entry.params else {}


def _brought_note(row: dict) -> dict:
    """A ledger row's note as the export brought it: its code and parameters when it has a
    code this server reads (rosters/history_lines.py), else its words as written."""
    code, params = row.get("code", ""), row.get("params") or {}
    if code in history_lines.NOTES and code != "as_written":
        try:
            history_lines.english(code, params, notes=True)
            return {"note": row["note"], "code": code, "params": params}
        except ValueError:
            pass  # a parameter missing: its words as written
    return {"note": row["note"], "code": "as_written", "params": {"note": row["note"]}}


def _equip(gang, fighter, kits) -> None:
    Equipment.objects.bulk_create(
        Equipment(
            gang=gang,
            fighter=fighter,
            item=kit.item,
            price_paid=kit.price_paid,
            catalogue_revision=kit.item.revision,
        )
        for kit in kits
    )
