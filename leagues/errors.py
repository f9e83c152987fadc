from django.utils.translation import gettext as _

from config.errors import Conflict, DomainError, NotAllowed


class LeagueError(DomainError):
    """Input a player can fix: the message says what is wrong, ``field`` where."""


class NotAnOrganiser(NotAllowed):
    def __init__(self, detail: str | None = None):
        super().__init__(detail or _("Only an organiser of this league may do this."))


class WrongState(Conflict):
    """The result (or league) is not in a state that allows this."""
