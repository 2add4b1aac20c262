"""A service's refusal, as a page says it: the one way every page view turns a ``GameError`` into the
message at the top of the next page.

    with refusal_message(request, not_found=_("No such invitation.")) as outcome:
        services.decline(pk, request.user)
        messages.success(request, _("You declined the invitation."))   # only when nothing was refused
    return redirect(...)

Inside the block, a ``NotFound`` becomes a 404 (when ``not_found`` says what was not found) and any other
``GameError`` becomes ``messages.error`` with its ``detail``; the block stops there and the view goes on
after it. ``outcome.refused`` is the refusal (or None) for a view that answers it differently.
"""

from django.contrib import messages
from django.http import Http404

from games.exceptions import GameError, NotFound


class refusal_message:  # noqa: N801  (used as a ``with`` statement, like contextlib's helpers)
    def __init__(self, request, not_found=None):
        self.request = request
        self.not_found = not_found
        self.refused = None

    def __enter__(self):
        return self

    def __exit__(self, kind, exc, traceback):
        if kind is None or not issubclass(kind, GameError):
            return False
        if self.not_found is not None and issubclass(kind, NotFound):
            raise Http404(self.not_found) from None
        messages.error(self.request, str(exc.detail))
        self.refused = exc
        return True
