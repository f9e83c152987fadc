from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from config.errors import Conflict, DomainError, NotAllowed


class CampaignError(DomainError):
    pass


class NotAnArbitrator(NotAllowed):
    def __init__(self, detail: str | None = None):
        super().__init__(detail or _("Only an arbitrator of this campaign may do this."))


class RoundClosed(Conflict):
    pass


class WrongState(Conflict):
    pass


def status_word(value: str) -> str:
    """A campaign's, round's, battle's or membership's status said in a refusal, in the
    reader's language. French agrees it with "campagne", "bataille" and "bande", all
    feminine; the context keeps these words apart from the same English words elsewhere."""
    words = {
        "draft": pgettext("status", "draft"),
        "active": pgettext("status", "active"),
        "finished": pgettext("status", "finished"),
        "reported": pgettext("status", "reported"),
        "confirmed": pgettext("status", "confirmed"),
        "disputed": pgettext("status", "disputed"),
        "void": pgettext("status", "void"),
        "invited": pgettext("status", "invited"),
        "pending": pgettext("status", "pending"),
        "declined": pgettext("status", "declined"),
        "rejected": pgettext("status", "rejected"),
        "left": pgettext("status", "left"),
    }
    return words.get(value, value)


def via_words(value: str) -> str:
    """How a gang came into a campaign (``Membership.Via``), in the reader's language."""
    words = {
        "invitation": _("invited by an arbitrator"),
        "request": _("asked with the join code"),
        "own": _("an arbitrator's own gang"),
    }
    return words.get(value, value)
