"""The tournaments' one line on other rooms' pages: above a game's table, the round and the tournament it
belongs to (the table page includes the tag, so that the page's view imports nothing of tournaments)."""

from django import template

from ..models import Table

register = template.Library()


@register.inclusion_tag("tournaments/_game_link.html")
def tournament_of(game):
    """The link to ``game``'s round and tournament, or nothing for a game outside any tournament. Read once
    per page: the table's fragment, fetched at every move, does not include it."""
    return {"table": Table.objects.filter(game_id=game.pk).select_related("round__tournament").first()}
