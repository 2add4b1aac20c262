"""Invitations where players meet them, as inclusion tags (one line in each page that shows them): the
rematch box beside a finished table, the invitations and links of a waiting room, the invitations on
"My games"."""

from django import template

from .. import context as shown
from .. import selectors

register = template.Library()


def _with_request(context, data):
    request = context["request"]
    data.update({"request": request, "csrf_token": context.get("csrf_token"), "user": request.user})
    return data


@register.inclusion_tag("invitations/_rematch.html", takes_context=True)
def rematch_panel(context, game):
    return _with_request(context, shown.rematch_panel(game, context["request"].user))


@register.inclusion_tag("invitations/_waiting_room.html", takes_context=True)
def waiting_room_invitations(context, game):
    request = context["request"]
    return _with_request(context, shown.waiting_room(game, request.user, request))


@register.inclusion_tag("invitations/_mine.html", takes_context=True)
def my_invitations(context):
    return _with_request(context, shown.my_invitations(context["request"].user))


@register.inclusion_tag("invitations/_badge.html", takes_context=True)
def invitations_badge(context):
    """The header's count of invitations waiting for an answer (refreshed by the live socket with the
    rest of the header)."""
    user = context["request"].user
    return {"invitations_waiting": selectors.open_invitation_count(user) if user.is_authenticated else 0}
