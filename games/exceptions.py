"""Errors the service layer raises. Each carries an HTTP status, a short code and a message a player
understands; the API turns them into JSON {error, detail} and pages can show ``detail``."""

import math

from django.utils.translation import gettext, ngettext
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


class Throttled(GameError):
    """Over a rate or a cap (429): ``wait`` says in how many seconds to come back, which the API and the
    pages answer with ``Retry-After``."""

    status = 429
    default_code = "throttled"

    def __init__(self, detail=None, code=None, wait=None, **extra):
        self.wait = max(1, math.ceil(wait)) if wait else None
        super().__init__(detail, code, **extra)

    def retry_after(self, response):
        """``response`` with the ``Retry-After`` header this refusal asks for."""
        if self.wait:
            response["Retry-After"] = str(self.wait)
        return response


class StaleSeq(Conflict):
    default_code = "stale_seq"

    def __init__(self, current_seq):
        super().__init__(
            _("The game has moved on: the log is at %(seq)d. Reload and decide again.")
            % {"seq": current_seq},
            seq=current_seq,
        )
        self.current_seq = current_seq


def refusal_text(rules, exc):
    """``exc``, an ``engine.IllegalDecision`` of the game ``rules``, in the reader's language: its template
    is a msgid of the game's own package (in our catalogues), its parameters said in the game's words by
    the game's ``translate_error(exc, gettext, ngettext)``. A game without one has its template
    translated here and filled as the refusal fills it."""
    translate = getattr(rules, "translate_error", None)
    if translate is not None:
        return translate(exc, gettext, ngettext)
    template = exc.template
    if isinstance(template, tuple):
        template = ngettext(template[0], template[1], exc.params.get("count", 0))
    else:
        template = gettext(template)
    return type(exc).format(template, exc.params)

