from config.errors import Conflict, DomainError, NotAllowed


class LeagueError(DomainError):
    """Input a player can fix: the message says what is wrong, ``field`` where."""


class NotAnOrganiser(NotAllowed):
    def __init__(self, detail: str = "Only an organiser of this league may do this."):
        super().__init__(detail)


class WrongState(Conflict):
    """The result (or league) is not in a state that allows this."""
