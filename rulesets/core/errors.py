"""Errors a rules engine raises. Their messages are sentences a player reads."""


class RulesError(Exception):
    """Base class for anything the rules forbid."""


class IllegalAction(RulesError):
    """The action is not allowed by the rules at this point of the game.

    ``reason`` is shown to the player as it is, so it must be a plain sentence.
    """

    def __init__(self, reason: str):
        super().__init__(reason)
        self.reason = reason


class InvalidResult(RulesError):
    """A logged result breaks the game's rules (e.g. a Le Dernier Peuple winner below 12 VP).

    ``field`` names the part of the submitted result that is wrong, so the API can answer
    ``{"errors": {field: [message]}}``.
    """

    def __init__(self, field: str, message: str):
        super().__init__(f"{field}: {message}")
        self.field = field
        self.message = message


class InvalidInput(RulesError):
    """A calculator or setup input is unknown or malformed (an unknown card, weapon, faction...)."""

    def __init__(self, field: str, message: str):
        super().__init__(f"{field}: {message}")
        self.field = field
        self.message = message
