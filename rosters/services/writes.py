"""What one roster write adds to a locked gang — its ledger row, new kit, kit disposed of,
history lines — and the gang's totals, through the ORM.

The rules:

- the ledger row's balance is checked against the locked gang's credits before anything is
  sent (``post``), so two requests cannot both spend the same credits;
- the totals are recomputed from the rows, never from deltas (``_refresh_totals``);
- kit is disposed of only where it is still held (``disposal = ''`` in the UPDATE): a row
  another write disposed of since it was read makes the whole write a refusal, rolled back
  with its transaction.

No model signal is skipped: none listens to ledger rows or history lines, and the
revisions' receivers ignore saves with ``update_fields`` and ``bulk_create`` (the lock
bumps the revision).
"""

from __future__ import annotations

from django.utils import timezone
from django.utils.translation import gettext as _

from rosters import history_lines
from rosters.errors import InsufficientCredits, RosterError
from rosters.models import Equipment, Fighter, Gang, GangEvent, Goods, LedgerEntry
from rosters.services.common import _new_event


def check_affordable(*, cost: int, credits: int, field: str) -> None:
    """Credits never go below zero: the rule every spending write (and the page's lists of
    what a gang may take, rosters/offers.py) asks."""
    if cost > credits:
        raise InsufficientCredits(needed=cost, available=credits, field=field)


def _entry(
    gang: Gang,
    *,
    amount: int,
    reason: str,
    note: str | None,
    actor,
    code: str,
    params=None,
    field: str = "amount",
):
    """A new ledger row (not saved yet), its balance checked against the credits of ``gang``,
    which the caller has locked; the gang's credits move to that balance. Its note's ``code``
    and ``params`` (rosters/history_lines.py ``NOTES``; a code not listed is refused), its
    English ``note`` (``None``: written from the code)."""
    params = dict(params or {})
    english = history_lines.english(code, params, notes=True)  # raises on an unknown code
    check_affordable(cost=-amount, credits=gang.credits, field=field)
    balance = gang.credits + amount
    entry = LedgerEntry(
        gang=gang,
        amount=amount,
        reason=reason,
        balance_after=balance,
        note=english if note is None else note,
        actor=actor,
        code=code,
        params=params,
    )
    gang.credits = balance
    return entry


def _sum(model, field: str, where: str) -> str:
    """The sum of ``field`` over the ``model`` rows of the gang ``g`` that match ``where``."""
    rows = model._meta.db_table
    return f"(SELECT COALESCE(SUM(x.{field}), 0) FROM {rows} x WHERE x.gang_id = g.id AND {where})"


_ACTIVE = f"x.status = '{Fighter.Status.ACTIVE}'"
_HELD = "x.disposal = ''"
# The three sums of a gang, written as SQL once and read through ``raw()``: every roster
# write sends it, and building and compiling the same three correlated subqueries as an ORM
# query cost more than running them (docs/performance.md, "Roster writes").
_TOTALS = (
    f"SELECT g.id, {_sum(Fighter, 'hire_cost', _ACTIVE)} AS fighters_sum,"
    f" {_sum(Equipment, 'price_paid', _HELD)} AS kit_sum,"
    f" {_sum(Goods, 'market_value', 'x.sold_at IS NULL')} AS goods_sum"
    f" FROM {Gang._meta.db_table} g WHERE g.id = %s"
)


def _refresh_totals(gang: Gang) -> None:
    """Recompute rating and wealth from the rows, never from deltas, and save the gang (its
    credits, as ``_post`` left them, included): the three sums in one query, then the UPDATE.

    Rating = hire cost of active fighters + price paid for equipment the gang holds.
    Wealth = rating + credits + market value of unsold goods.
    """
    (sums,) = Gang.objects.raw(_TOTALS, [gang.pk])
    gang.rating = sums.fighters_sum + sums.kit_sum
    gang.wealth = gang.rating + gang.credits + sums.goods_sum
    gang.updated_at = timezone.now()
    Gang.objects.filter(pk=gang.pk).update(
        credits=gang.credits, rating=gang.rating, wealth=gang.wealth, updated_at=gang.updated_at
    )


class GangWrite:
    """The rows a service writes to ``gang`` (locked by it), sent with the totals by ``send``."""

    def __init__(self, gang: Gang):
        self.gang = gang
        self.entry: LedgerEntry | None = None
        self.added: list[Equipment] = []
        self.disposed: list[tuple[Equipment, str]] = []
        self.events: list[GangEvent] = []

    def post(self, *, amount: int, reason: str, note: str | None, actor, code: str, **more):
        """The ledger row (one per write), checked against the locked balance now; its note's
        ``code`` and ``params`` (rosters/history_lines.py)."""
        assert self.entry is None, "one ledger row per write"
        self.entry = _entry(
            self.gang, amount=amount, reason=reason, note=note, actor=actor, code=code, **more
        )
        return self.entry

    def add(self, equipment: list[Equipment]) -> list[Equipment]:
        self.added += equipment
        return equipment

    def dispose(self, equipment: Equipment, disposal: str, *, field: str = "equipment") -> None:
        """``equipment`` leaves the gang (sold, used...) if it is still held when written;
        if not, ``send`` refuses the write, naming ``field``."""
        equipment.disposal = disposal
        equipment.disposed_at = timezone.now()
        self.disposed.append((equipment, field))

    def event(self, kind: str, text: str | None, *, code: str, params=None, **who):
        """A history line: its ``code`` and ``params`` (rosters/history_lines.py); ``who``:
        its ``actor`` and ``fighter``."""
        self.events.append(_new_event(self.gang, kind, text, code=code, params=params, **who))

    def send(self) -> None:
        for equipment, field in self.disposed:
            still_held = Equipment.objects.filter(pk=equipment.pk, gang=self.gang, disposal="")
            if not still_held.update(
                disposal=equipment.disposal, disposed_at=equipment.disposed_at
            ):
                raise _gone(equipment, field)  # the transaction's rollback undoes the rest
        if self.entry is not None:
            self.entry.save()
        if self.added:
            Equipment.objects.bulk_create(self.added)
        if self.events:
            GangEvent.objects.bulk_create(self.events)
        _refresh_totals(self.gang)


def _gone(equipment: Equipment, field: str) -> RosterError:
    said = _("That %(item)s is no longer the gang's.") % {"item": equipment.item.name.lower()}
    return RosterError(said, field=field)
