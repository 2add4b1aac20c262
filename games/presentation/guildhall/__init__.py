"""Guildhall on the site's pages: everything that knows its professions, chapters, guildhalls and VP
cards, behind the interface of ``games.presentation.base.Presentation``.

The table (``table``, ``prompt``), the replay's table (``replay``), the card pictures and texts
(``cards``, templates/guildhall/_card.html, _vp_card.html, _chip.html, _symbols.html), the words of a
decision and of a your-turn email (``words``), the lobby's rules option (``options``), how to play and
the catalogue of cards (``guide``), and the guided first game's deal and coach (``coach``). Templates in
templates/guildhall/, static files in static/guildhall/: a Django app (``apps.GuildhallPresentationConfig``).
"""

from games.presentation.base import Lesson, Presentation

from . import coach, guide, options, replay, table, words


class GuildhallPresentation(Presentation):
    slug = "guildhall"
    nouns = ("profession", "assassin", "historian", "weaver", "farmer", "dancer", "chapter")
    table_templates = {
        "prompt": "guildhall/_prompt.html",
        "board": "guildhall/_board.html",
        "side": "guildhall/_side.html",
    }
    assets_template = "guildhall/_assets.html"
    replay_template = "guildhall/_replay_table.html"
    how_to_play_template = "guildhall/how_to_play.html"
    cards_template = "guildhall/cards.html"
    lesson = Lesson(
        # The lesson's deal. It is public on purpose, as a tutorial's deal is: every learner meets the same
        # friendly cards (all six professions in the first hand; with the coach's advice a completed
        # chapter and a VP card by the fourth turn, and the game won in about ten turns). A lesson is never
        # rated nor counted in statistics, so knowing the deal gains nobody anything. Chosen with the
        # greedy bot in the learner's seat over 400 seeds (docs/learn.md, "The deal").
        seed="guildhall-lesson-245",
        # The gentle opponent: the random bot, which lets the learner reach the end and win.
        bot="random",
        options={"mode": "printed"},
        coach=coach,
        intro_template="guildhall/lesson_intro.html",
        offer_template="guildhall/lesson_offer.html",
    )

    def score_words(self, score):
        from django.utils.translation import ngettext

        return ngettext("%(vp)s VP", "%(vp)s VP", score) % {"vp": score}

    def bot_names(self):
        from django.utils.translation import gettext as _

        return {"greedy": _("Greedy bot"), "random": _("Random bot"), "strong": _("Strong bot")}

    def option_fields(self):
        return options.option_fields()

    def options_words(self, chosen):
        return options.options_words(chosen)

    def status_words(self, view):
        return table.status_words(view)

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


PRESENTATION = GuildhallPresentation()
