from config.errors import Conflict, DomainError, NotAllowed


class CampaignError(DomainError):
    pass


class NotAnArbitrator(NotAllowed):
    def __init__(self, detail: str = "Only an arbitrator of this campaign may do this."):
        super().__init__(detail)


class RoundClosed(Conflict):
    pass


class WrongState(Conflict):
    pass
