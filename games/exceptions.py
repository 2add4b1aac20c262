"""Errors the service layer raises. Each carries an HTTP status, a short code and a message a player
understands; the API turns them into JSON {error, detail} and pages can show ``detail``."""

from django.utils.translation import gettext_lazy as _


class GameError(Exception):
    status = 400
    default_code = "bad_request"
    default_detail = _("The request could not be carried out.")

    def __init__(self, detail=None, code=None, **extra):
        self.detail = detail if detail is not None else self.default_detail
        self.code = code or self.default_code
        self.extra = extra
        super().__init__(str(self.detail))


class InvalidRequest(GameError):
    status = 400
    default_code = "invalid"


class IllegalDecision(GameError):
    """The engine refused the decision (code "illegal" or "malformed")."""

    status = 400
    default_code = "illegal"


class Forbidden(GameError):
    status = 403
    default_code = "forbidden"
    default_detail = _("You may not do that.")


class NotFound(GameError):
    status = 404
    default_code = "not_found"
    default_detail = _("No such game.")


class Conflict(GameError):
    status = 409
    default_code = "conflict"


class StaleSeq(Conflict):
    default_code = "stale_seq"

    def __init__(self, current_seq):
        super().__init__(
            _("The game has moved on: the log is at %(seq)d. Reload and decide again.")
            % {"seq": current_seq},
            seq=current_seq,
        )
        self.current_seq = current_seq
