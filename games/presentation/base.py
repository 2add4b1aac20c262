"""The interface between the site's generic pages and one game's presentation.

A game's package (``games.presentation.<slug>``) defines ``PRESENTATION``, an instance of a subclass of
``Presentation``. Every method has a default that does the plain thing, so a new game starts with what
the protocol alone gives (the log in words, one button per legal decision) and adds its own board, words
and pages one method at a time. What each generic page asks:

================================  ==============================================================================
the table (games/web)             ``table(table, detail)``, ``table_templates``, ``assets_template``,
                                  ``status_words(view)``, ``score_words(score)``, ``guide_url()``
the lobby (games/web)             ``option_fields()``, ``options_words(options)``, ``bot_names()``
the replay (games/history)        ``replay_table(view, names, viewer)``, ``replay_template``
the history list (games/history)  ``summary_columns()``, ``summary_facts(view)``
analysis (games/analysis)         ``decision_context(view)``, ``decision_words(decision, context, names)``
emails (games/notifications)      ``turn_lines(view, seat, names)``
how to play (games/guide)         ``how_to_play()``, ``how_to_play_template``, ``card_catalogue()``,
                                  ``cards_template``
the guided first game (learn)     ``lesson`` (None, or a ``Lesson``: seed, bot, options, coach, templates)
================================  ==============================================================================

Everything a method returns for a viewer is built from what that viewer may know: the engine's ``view``
for their seat and their legal decisions (``G.view``, ``G.legal_decisions``), never the state itself.
"""

import json
from dataclasses import dataclass, field

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from games.rules import rules_of


class UnknownGame(LookupError):
    """A slug no presentation answers to."""

    def __init__(self, slug):
        super().__init__(f"no game {slug!r} is registered for the site's pages")
        self.slug = slug


def decision_value(decision):
    """A decision as a button's value: its JSON, keys sorted, no spaces (what the table posts back)."""
    return json.dumps(decision, sort_keys=True, separators=(",", ":"))


def option(decision, label, card=None):
    """One button: the decision's JSON as its value, its words, and the card it shows (if any).

    Every legal decision a table offers is one such button (``games/_decision.html`` draws it with its
    ``data-decision-type``, which the keyboard's focus rule and the coach's pointer read)."""
    return {"value": decision_value(decision), "label": label, "card": card, "type": decision["type"]}


def order_control(decision, cards, title, button, key="order", names_first=None):
    """A closed "choose the order" control for a decision that carries an order of cards (``key``): the
    cards in the decision's order, one choice per place from the top down, and a button that sends the
    decision with the order chosen (table.js writes it into the button's value; the decision's own
    button sends the order shown). ``cards``: the drawn cards, each with ``id`` and ``label``, in the
    decision's order. ``names_first``: a field of the decision that names the first card of the order
    (table.js keeps it equal). Drawn by ``games/_order_control.html``."""
    base = {k: v for k, v in decision.items() if k != key}
    return {
        "title": title,
        "button": button,
        "type": decision["type"],
        "key": key,
        "names_first": names_first or "",
        "value": decision_value(decision),
        "base": decision_value(base),
        "cards": cards,
        "places": [
            {"label": _("On top") if place == 0 else _("Place %(n)s from the top") % {"n": place + 1}, "card": card}
            for place, card in enumerate(cards)
        ],
    }


@dataclass(frozen=True)
class Lesson:
    """A game's guided first game (games/learn, docs/learn.md): a real game on a public, friendly deal
    against a gentle bot, the learner at seat 0, with a coach beside the table.

    ``coach`` offers ``advice(view, legal)`` -> {step, title, text, points_at}, ``why_not(view, legal,
    decision)`` -> {title, text, instead, points_at} or None, and ``cannot_play(view)`` -> [{card, text}]
    (``card`` a drawn card with a ``label``), all pure functions of the learner's own view and legal
    decisions. ``intro_template`` says what the lesson teaches (the /learn/ page), ``offer_template`` the
    once-only offer on a new account's home page."""

    seed: str
    bot: str
    coach: object
    intro_template: str
    offer_template: str
    options: dict = field(default_factory=dict)
    seats: int = 2


class Presentation:
    """The plain presentation every game starts from; a game's package subclasses it."""

    #: The engine's slug of the game (``engine.get(slug)``), also the folder of its templates and static files.
    slug = ""
    #: The words of this game's own that no file outside its engine and presentation packages may name
    #: (lower case; tests/games/presentation/test_seam.py checks the whole site for them).
    nouns = ()
    #: The table's parts that are the game's own, included by templates/games/_table.html:
    #: "prompt" inside the prompt box on the decider's turn (the decision controls; the prompt's words are
    #: ``table["prompt"]``), "board" in the main column (hands, rows, players' areas), "side" in the side
    #: column above the log (piles, supply counts).
    table_templates = {
        "prompt": "games/plain/_prompt.html",
        "board": "games/plain/_board.html",
        "side": "games/plain/_side.html",
    }
    #: Included once in a page that draws this game's cards (symbols, the cards' stylesheet), or None.
    assets_template = None
    #: The replay's table at one step (``replay_table``'s context is ``table``).
    replay_template = "games/plain/_replay_table.html"
    #: How to play this game (``how_to_play()``'s context), and the catalogue of its cards.
    how_to_play_template = None
    cards_template = None
    #: The guided first game, or None.
    lesson = None

    # --- names ------------------------------------------------------------------------------------------

    @property
    def rules(self):
        """The game's rules module (``games.rules.rules_of``): the protocol of docs/engine-api.md."""
        return rules_of(self.slug)

    def title(self):
        """The game's name in the reader's language."""
        return _(self.rules.TITLE)

    def guide_url(self):
        """Where the table and the coach link for the rules (None: no page)."""
        if self.how_to_play_template is None:
            return None
        from django.urls import reverse

        return reverse("guide:game", args=[self.slug])

    def bot_names(self):
        """``{bot kind: its name}`` for the lobby, in the order offered (the rules' ``bots.KINDS``)."""
        return {kind: _("%(kind)s bot") % {"kind": kind} for kind in self.rules.bots.KINDS}

    def bot_name(self, kind, seat=None):
        """A bot's name, the one rule every page follows (a seat's ``display_name``, a tournament's lists):
        its kind's name (``bot_names()``) and, at a table, its seat from 1 ("Greedy bot 2"), which tells two
        bots of a kind apart. Without a seat (a tournament's standings, a game not yet started) the kind's
        name alone: bots of one kind are one program, with no record of their own to tell apart."""
        name = self.bot_names().get(kind) or _("%(kind)s bot") % {"kind": kind}
        # Translators: a bot at a table: its kind's name ("Greedy bot") and its seat number.
        return name if seat is None else _("%(bot)s %(seat)s") % {"bot": name, "seat": seat}

    def score_words(self, score):
        """A seat's score as the results and lists say it ("12 VP")."""
        return ngettext("%(n)s point", "%(n)s points", score) % {"n": score}

    # --- the lobby --------------------------------------------------------------------------------------

    def option_fields(self):
        """``{option name: django.forms.Field}``: the creation form's fields for this game's ``OPTIONS``
        (the values are checked again by the game's ``validate_options``). Default: none."""
        return {}

    def options_words(self, options):
        """The game's options in a few words for lists and headings ("Yucata rules"), or ""."""
        return ""

    # --- the table --------------------------------------------------------------------------------------

    def status_words(self, view):
        """Short words after the game's options in the table's heading ("Setup"), as a list."""
        return []

    def table(self, table, detail):
        """Add the game's own part to the table's context ``table`` for one viewer (games/web/table.py
        builds the generic part first). ``detail`` is ``games.selectors.detail``: the viewer's ``view``
        and ``legal`` decisions. The generic part gives: ``game``, ``view``, ``me`` (the viewer's seat or
        None), ``my_turn``, ``pending_seat``, ``names`` ({seat: name}) and ``players`` (one dict per seat,
        the viewer's last: seat, name, name_html, kind, is_me, is_pending, place, departed, absence), which
        this method may extend with the game's own keys. On the viewer's turn it sets ``prompt`` (what is
        asked, in words) and the controls its prompt template draws. Default: one button per decision."""
        if table["my_turn"]:
            table["prompt"] = _("Your decision.")
            table["panel"] = [option(d, self.decision_words(d, names=table["names"])) for d in detail["legal"]
                              if d["type"] != "undo"]
            table["undo"] = next((option(d, _("Undo my last decision")) for d in detail["legal"]
                                  if d["type"] == "undo"), None)

    # --- the replay and the history ----------------------------------------------------------------------

    def replay_table(self, view, names, viewer):
        """The replay's table at one step, from ``view`` (everything, once the game is over; the viewer's
        view before). ``names``: display names by seat; ``viewer``: the viewer's seat or None."""
        return {"view": view, "names": names, "viewer": viewer}

    def summary_columns(self):
        """``[(key, label)]``: the history list's columns of this game's own facts ("VP cards bought")."""
        return []

    def summary_facts(self, view):
        """``{key: value}`` for ``summary_columns``, read from a finished game's public view
        (``view(state, None)``) and cached for good per game: plain JSON values, no words."""
        return {}

    # --- words ------------------------------------------------------------------------------------------

    def decision_context(self, view):
        """What the deciding seat's own view said it was deciding, as a small JSON dict that is stored with
        an analysed decision and given back to ``decision_words``."""
        return {}

    def decision_words(self, decision, context=None, names=None):
        """A decision in words ("Buy the VP card …"), as the analysis names the move played and the
        bot's choice. ``context``: ``decision_context`` of the deciding seat's view; ``names``: by seat.
        Default: its type, then its other fields as they are ("buy: card Copper")."""
        fields = ", ".join(f"{key} {value}" for key, value in sorted(decision.items()) if key != "type")
        return f"{decision.get('type') or '?'}: {fields}" if fields else decision.get("type") or "?"

    def turn_lines(self, view, seat, names):
        """Lines a your-turn email adds about the position, from the recipient's own ``view``."""
        return []

    # --- how to play ------------------------------------------------------------------------------------

    def how_to_play(self):
        """The context of ``how_to_play_template``."""
        return {}

    def card_catalogue(self):
        """The context of ``cards_template``: every card of the game, drawn as on the table."""
        return {}
