"""Roster errors: each carries the facts and names the request field at fault."""

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from config.errors import Conflict, DomainError, NotAllowed


class RosterError(DomainError):
    pass


class InsufficientCredits(RosterError):
    def __init__(self, *, needed: int, available: int, field: str = "item"):
        said = ngettext(
            "This costs %(needed)s credit but the gang has only %(available)s.",
            "This costs %(needed)s credits but the gang has only %(available)s.",
            needed,
        )
        super().__init__(said % {"needed": needed, "available": available}, field=field)
        self.needed = needed
        self.available = available


class CompositionError(RosterError):
    """A gang limit would be broken (a second leader, too many fighters...)."""


class CarryError(RosterError):
    """A fighter may not carry this (a horse for a ganger, a third firearm...)."""


class NotYourGang(NotAllowed):
    def __init__(self):
        super().__init__(
            _(
                "Only the gang's owner (or staff) may change its roster; a campaign's "
                "arbitrators may only where the owner lets them manage it."
            )
        )


class FighterUnavailable(Conflict):
    pass
