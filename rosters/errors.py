"""Roster errors: each carries the facts and names the request field at fault."""

from config.errors import Conflict, DomainError, NotAllowed


class RosterError(DomainError):
    pass


class InsufficientCredits(RosterError):
    def __init__(self, *, needed: int, available: int, field: str = "item"):
        super().__init__(
            f"This costs {needed} credits but the gang has only {available}.", field=field
        )
        self.needed = needed
        self.available = available


class CompositionError(RosterError):
    """A gang limit would be broken (a second leader, too many fighters...)."""


class CarryError(RosterError):
    """A fighter may not carry this (a horse for a ganger, a third firearm...)."""


class NotYourGang(NotAllowed):
    def __init__(self):
        super().__init__(
            "Only the gang's owner (or staff) may change its roster; a campaign's arbitrators "
            "may only where the owner lets them manage it."
        )


class FighterUnavailable(Conflict):
    pass
