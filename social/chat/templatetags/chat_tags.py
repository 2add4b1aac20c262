"""The chat beside the table and in the replay, as inclusion tags: the pages that show them (games.web's
table page, games.history's replay) only include one line each, and need no view changes."""

from django import template

from .. import context as shown

register = template.Library()


@register.inclusion_tag("chat/_side.html", takes_context=True)
def chat_panel(context, game):
    """The table's chat and, for a player, their private notes."""
    request = context["request"]
    data = shown.panel(game, request.user)
    data.update(shown.notes(game, request.user))
    data.update({"request": request, "csrf_token": context.get("csrf_token")})
    return data


@register.inclusion_tag("chat/_replay.html", takes_context=True)
def replay_chat(context, game, step):
    return shown.replay(game, context["request"].user, step)
