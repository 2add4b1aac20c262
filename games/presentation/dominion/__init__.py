"""Dominion with the Guilds cards on the site's pages, behind the interface of
``games.presentation.base.Presentation``.

The table (``table``: the turn, the hand, the Supply, the players' decks and discard piles, the trash;
``prompt``: each decision asked in a way that fits it), the card faces (``cards``, templates/dominion/
_card.html, _chip.html), the lobby's kingdom picker and edition (``options``), the replay's table
(``replay``), the words of a decision, of the waiting line and of a your-turn email (``words``), and how
to play with the catalogue of cards (``guide``). Templates in templates/dominion/, static files in
static/dominion/: a Django app (``apps.DominionPresentationConfig``).
"""

from games.presentation.base import Presentation

from . import guide, options, replay, table, words


class DominionPresentation(Presentation):
    slug = "dominion"
    nouns = ("soothsayer", "masterpiece", "stonemason", "journeyman", "candlestick", "coin token", "coffers",
             "overpay")
    table_templates = {
        "prompt": "dominion/_prompt.html",
        "board": "dominion/_board.html",
        "side": "dominion/_side.html",
    }
    assets_template = "dominion/_assets.html"
    replay_template = "dominion/_replay_table.html"
    how_to_play_template = "dominion/how_to_play.html"
    cards_template = "dominion/cards.html"

    def score_words(self, score):
        from django.utils.translation import ngettext

        return ngettext("%(vp)s VP", "%(vp)s VP", score) % {"vp": score}

    def bot_names(self):
        from django.utils.translation import gettext as _

        return {
            "bigmoney": _("Big Money bot"),
            "bigmoney_x": _("Big Money bot with one kingdom card"),
            "strong": _("Strong bot"),
            "random": _("Random bot"),
        }

    def option_fields(self):
        return options.option_fields()

    def options_words(self, chosen):
        return options.options_words(chosen)

    def table(self, ctx, detail):
        table.board(ctx, detail)

    def replay_table(self, view, names, viewer):
        return replay.table(view, names, viewer)

    def summary_columns(self):
        return words.summary_columns()

    def summary_facts(self, view):
        return words.summary_facts(view)

    def decision_context(self, view):
        return words.decision_context(view)

    def decision_words(self, decision, context=None, names=None):
        return words.decision_words(decision, context, names)

    def turn_lines(self, view, seat, names):
        return words.turn_lines(view, seat, names)

    def how_to_play(self):
        return guide.how_to_play()

    def card_catalogue(self):
        return guide.card_catalogue()


PRESENTATION = DominionPresentation()
