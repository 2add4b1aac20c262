"""Dominion with the Guilds cards on the site's pages, behind the interface of
``games.presentation.base.Presentation``.

For now the plain presentation every game starts from (one button per legal decision, the log in words,
the view as it is in the replay); its own table, card pictures, words and guide come next, in this package
with its templates in templates/dominion/ and static files in static/dominion/.
"""

from games.presentation.base import Presentation


class DominionPresentation(Presentation):
    slug = "dominion"
    nouns = ("soothsayer", "masterpiece", "stonemason", "journeyman", "candlestick", "coin token", "coffers",
             "overpay")


PRESENTATION = DominionPresentation()
