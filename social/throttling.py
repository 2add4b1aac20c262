"""Rates of the social features, counted by the site's one rate limiter (accounts.throttles): a player
over one is refused with ``Throttled`` (429), which says how long to wait; pages and the API answer it
with ``Retry-After``."""

import math

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from accounts.throttles import check
from games.exceptions import GameError


class Throttled(GameError):
    status = 429
    default_code = "throttled"

    def __init__(self, detail=None, code=None, wait=None):
        self.wait = max(1, math.ceil(wait)) if wait else None
        super().__init__(detail, code)

    def retry_after(self, response):
        """``response`` with the ``Retry-After`` header this refusal asks for."""
        if self.wait:
            response["Retry-After"] = str(self.wait)
        return response


def wait_sentence(seconds):
    return ngettext("Wait %(n)d second, then try again.", "Wait %(n)d seconds, then try again.", seconds) % {
        "n": seconds
    }


def limit(scope, user_id, rate, refusal):
    """Count one ``scope`` action of ``user_id`` against ``rate`` ("10/min"; empty: no limit); over it,
    Throttled with ``refusal`` and how long to wait."""
    verdict = check(scope, f"user:{user_id}", rate)
    if not verdict.allowed:
        wait = max(1, math.ceil(verdict.wait))
        raise Throttled(f"{refusal} {wait_sentence(wait)}", wait=wait)


def writing_too_fast():
    return _("You are writing too fast.")
