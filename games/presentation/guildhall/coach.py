"""Guildhall's coach in the guided first game: what to do now, and why a try was refused, in plain words.

Pure functions of one seat's view (``view(state, seat)`` of engine.guildhall) and its legal decisions
(``legal_decisions``): the coach knows only what the learner may see, so it can never tell them a
hidden card. ``points_at`` is a CSS selector of the table's controls (their ``data-decision-type``, as
the table's templates draw each legal decision), which the panel names and lights up.
"""

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from . import cards as C

# The table's parts the coach points at where no button is the answer.
RESULTS = "#results-h"
LOG = "#log-h"

# The decision types a step's advice points at, in the order a learner should look at them.
_POINT_ORDER = (
    "discard", "place", "play", "buy", "tier", "use", "target", "select", "chapter", "pay", "done", "discard_draw",
    "decline", "end_turn",
)


def points_at(legal, types=None, first=()):
    """A selector of the table's buttons for ``types`` (default: every offered type but undo), the
    types in ``first`` before the others. "Show me where" goes to the control the selector names first
    (learn/coach.js reads the list in its order, not in the page's), so the first is the one to use."""
    offered = {d["type"] for d in legal}
    order = [*first, *(t for t in _POINT_ORDER if t not in first)]
    wanted = [t for t in order if t in offered and (types is None or t in types)]
    return ", ".join(f'[data-decision-type="{t}"]' for t in wanted)


def card_buttons(kind, cards):
    """A selector of the buttons of ``kind`` (play, discard) for these card ids, in that order: each
    button carries its card's id in ``data-decision-card`` (Guildhall's table templates)."""
    return ", ".join(f'[data-decision-type="{kind}"][data-decision-card="{card}"]' for card in cards)


def _offered_cards(legal, kind):
    """The card ids the legal decisions of ``kind`` name, in their order: the only cards to advise."""
    return [d["card"] for d in legal if d["type"] == kind and "card" in d]


def _held(view):
    """The learner's hand, by card id: what they hold and nothing else."""
    return {c["id"]: c for c in (view.get("you") or {}).get("hand", [])}


def _face_up(view, me):
    """(profession, colour) of every card face up in the learner's own guildhall."""
    chapters = view["players"][me]["chapters"]
    return {(c["profession"], c["colour"]) for cards in chapters.values() for c in cards}


def _names(cards):
    return ", ".join(C.card_label(c["profession"], c["colour"]) for c in cards)


def _dead_cards(view, me):
    """The learner's hand cards that can never be played while their guildhall holds an identical card
    face up: the ones worth discarding."""
    face_up = _face_up(view, me)
    return [c for c in sorted(_held(view).values(), key=lambda c: c["id"])
            if (c["profession"], c["colour"]) in face_up]


def _advice(step, title, text, selector):
    return {"step": step, "title": title, "text": text, "points_at": selector}


def advice(view, legal):
    """``{"step", "title", "text", "points_at"}``: what the learner at ``view["you"]["seat"]`` should do
    now. ``step`` names the lesson's stage for the page and the tests (setup_discard, setup_place, play,
    chapter, buy, tier, vp_ability, ability, pay, shed, discard_draw, end_turn, wait, end)."""
    me = view["you"]["seat"] if view.get("you") else None
    if view["phase"] == "over":
        return _end(view, me)
    pending = view.get("pending") or {}
    if pending.get("seat") != me or not legal:
        return _advice(
            "wait",
            _("The bot is playing"),
            _("It is the bot's turn. Its decisions appear in the log one by one, and the table updates by "
              "itself: wait until it is your turn again."),
            LOG,
        )
    kind = pending.get("kind")
    if kind == "setup_discard":
        return _advice(
            "setup_discard",
            _("Setup: discard what you do not want"),
            _("You start with 9 cards. Discard the ones you do not want, one at a time, then press Done: you "
              "draw back up to 9. Keeping them all is fine too: just press Done. A good start has several "
              "different professions in hand."),
            # Keeping the friendly deal is fine, so "Show me where" goes to Done first.
            points_at(legal, {"discard", "done"}, first=("done",)),
        )
    if kind == "setup_place":
        return _advice(
            "setup_place",
            _("Setup: place three cards in your guildhall"),
            _("Your guildhall is where your cards lie face up, grouped by profession into chapters. Place 3 "
              "cards, no two identical. The more cards of a profession lie face up, the stronger that "
              "profession's ability is when you play it later."),
            points_at(legal, {"place"}),
        )
    if kind == "action":
        return _action(view, legal, me)
    if kind == "choose_tier":
        card = pending.get("card") or {}
        if C.is_vp(card.get("id", 0)):
            return _advice(
                "vp_ability",
                _("Use your new VP card"),
                _("Most VP cards have an ability you may use once, right after buying them. Read it on the "
                  "button: use it, or decline it."),
                points_at(legal, {"use", "decline"}),
            )
        return _advice(
            "tier",
            _("Choose how strong the ability is"),
            _("The tiers you may choose depend on how many cards of this profession already lie face up in "
              "your guildhall. Only tiers you can carry out in full are offered; a higher tier does more. "
              "You may also decline."),
            points_at(legal, {"tier", "decline"}),
        )
    if kind == "ability":
        return _advice(
            "ability",
            _("Carry out the ability"),
            _("The ability is carried out choice by choice: pick the player or the cards it asks for on the "
              "buttons, then Done where the number is open. Every choice offered can be finished."),
            points_at(legal),
        )
    if kind == "pay":
        return _advice(
            "pay",
            _("Pay with a completed chapter"),
            _("A VP card is paid with completed chapters: the whole chapter goes to the discard pile. Choose "
              "which card of it lies on top."),
            points_at(legal, {"pay"}),
        )
    if kind == "shed_chapters":
        return _advice(
            "shed",
            _("Too many completed chapters"),
            _("Nobody may keep more than three completed chapters: choose one to discard."),
            points_at(legal),
        )
    if kind == "discard_draw":
        return _discard_draw(view, legal, me, pending)
    return _advice("ability", _("Your decision"), _("Choose one of the buttons offered."), points_at(legal))


def _action(view, legal, me):
    offered = {d["type"] for d in legal}
    player = view["players"][me]
    if "buy" in offered:
        return _advice(
            "buy",
            _("Buy a VP card"),
            _("You have a completed chapter: that is what VP cards cost. The cards you can afford in the "
              "center row carry a Buy button. VP cards bring the points that win: 20 VP at the end of your "
              "turn wins the game."),
            points_at(legal, {"buy"}),
        )
    held = _held(view)
    playable = [held[c] for c in _offered_cards(legal, "play") if c in held]
    near = _nearest_chapter(player, playable)
    if near is not None and view["turn"] > 2 * len(view["players"]):
        profession, count, cards = near
        return _advice(
            "chapter",
            _("Complete a chapter"),
            ngettext(
                "Your %(profession)s chapter has %(count)s of 5 colours, and your hand holds a colour it is "
                "missing: %(cards)s. Five cards of one profession, one of each colour, face up in your guildhall "
                "make a completed chapter, and completed chapters pay for VP cards. Cards you play go into your "
                "guildhall at the end of your turn: play it.",
                "Your %(profession)s chapter has %(count)s of 5 colours, and your hand holds colours it is "
                "missing: %(cards)s. Five cards of one profession, one of each colour, face up in your guildhall "
                "make a completed chapter, and completed chapters pay for VP cards. Cards you play go into your "
                "guildhall at the end of your turn: play them.",
                len(cards),
            ) % {"profession": C.profession_name(profession), "count": count, "cards": _names(cards)},
            card_buttons("play", [c["id"] for c in cards]),
        )
    if playable:
        actions = view.get("actions") or 0
        return _advice(
            "play",
            _("Play a card for its ability"),
            " ".join([
                ngettext("You have %(n)s action left.", "You have %(n)s actions left.", actions) % {"n": actions},
                _("Playing a card uses its profession's ability; the more cards of that profession lie face up "
                  "in your guildhall, the stronger it is. At the end of your turn the played cards go into your "
                  "guildhall. Cards you cannot play now say why."),
                _("You can play: %(cards)s.") % {"cards": _names(playable)},
            ]),
            card_buttons("play", [c["id"] for c in playable]),
        )
    dead = _dead_cards(view, me)
    if "discard_draw" in offered and (dead or len(held) < 6):
        return _advice(
            "discard_draw",
            _("Refill your hand"),
            _("No card of your hand can be played now. Discard and draw: discard what you cannot use and draw "
              "up to 6 cards."),
            points_at(legal, {"discard_draw"}),
        )
    return _advice(
        "end_turn",
        _("End your turn"),
        _("Nothing more to do this turn: end it. Your played cards then go into your guildhall."),
        points_at(legal, {"end_turn"}),
    )


def _discard_draw(view, legal, me, pending):
    """Discard and draw: the cards to let go are the ones the learner can never play (an identical card
    face up in their guildhall); once those are chosen, Done. Pressing Done with them still in hand
    would only hand back the same cards, and the coach would ask for the same step again."""
    chosen = {c["id"] for c in (pending.get("picks") or {}).get("discard", []) if isinstance(c, dict)}
    offered = set(_offered_cards(legal, "discard"))
    dead = [c for c in _dead_cards(view, me) if c["id"] in offered and c["id"] not in chosen]
    if dead:
        return _advice(
            "discard_draw",
            _("Discard, then draw"),
            ngettext(
                "This card can never be played while an identical card lies face up in your guildhall: "
                "%(cards)s. Discard it, then press Done: you draw up to 6 cards.",
                "These cards can never be played while an identical card lies face up in your guildhall: "
                "%(cards)s. Discard them one at a time, then press Done: you draw up to 6 cards.",
                len(dead),
            ) % {"cards": _names(dead)},
            card_buttons("discard", [c["id"] for c in dead]),
        )
    return _advice(
        "discard_draw",
        _("Discard, then draw"),
        _("Discard any other card you do not want, then press Done: the chosen cards go to the discard pile "
          "and you draw up to 6 cards."),
        points_at(legal, {"discard", "done"}, first=("done",)),
    )


def _nearest_chapter(player, playable):
    """(profession, cards face up, the playable hand cards of a colour it lacks) of the learner's fullest
    chapter with 3 or 4 of its 5 colours for which they hold such a card, or None. Only cards the learner
    holds and may play now count: the coach never advises a card they do not have."""
    best = None
    for profession, cards in player["chapters"].items():
        colours = {c["colour"] for c in cards}
        missing = [c for c in playable if c["profession"] == profession and c["colour"] not in colours]
        if 3 <= len(cards) < 5 and missing and (best is None or len(cards) > best[1]):
            best = (profession, len(cards), missing)
    return best


def _end(view, me):
    won = view.get("winner") == me
    won_text = [_("You reached 20 VP at the end of your turn: that wins the game.")] if won else []
    return _advice(
        "end",
        _("The end of the game") if not won else _("You won the lesson!"),
        " ".join([*won_text, _(
            "A game ends when a player has 20 VP or more at the end of their own turn. You now know the whole "
            "game: setup, playing cards for their abilities, completing chapters and buying VP cards. Try a real "
            "game from the lobby, against people or a bot."
        )]),
        RESULTS,
    )


def why_not(view, legal, decision):
    """Why ``decision`` is refused now, in plain words: ``{"title", "text", "points_at"}``, or None when
    it is one of the legal decisions (nothing to explain)."""
    me = view["you"]["seat"] if view.get("you") else None
    if not isinstance(decision, dict) or not isinstance(decision.get("type"), str):
        return _refusal(_("That is not a move of this game."), view, legal)
    if any(all(decision.get(k) == v for k, v in option.items() if k != "order") for option in legal):
        return None
    if view["phase"] == "over":
        return _refusal(_("The game is over: nothing more can be decided."), view, legal)
    pending = view.get("pending") or {}
    if pending.get("seat") != me:
        return _refusal(_("It is not your turn: the bot is deciding. Wait until the table says it is yours."),
                        view, legal)
    kind, card = decision["type"], decision.get("card")
    at_action = pending.get("kind") == "action"
    if kind == "play" and at_action:
        return _refusal(_why_not_play(view, card), view, legal)
    if kind == "buy" and at_action:
        return _refusal(_why_not_buy(view, card), view, legal)
    if kind == "place" and pending.get("kind") == "setup_place":
        return _refusal(_("No two identical cards may lie face up in a guildhall: place another card."), view, legal)
    if kind in ("play", "buy", "discard_draw", "end_turn") and not at_action:
        return _refusal(_("Finish the step you are in first; then you can choose your next action."), view, legal)
    return _refusal(_("That is not one of the choices now."), view, legal)


def _why_not_play(view, card):
    hand = {c["id"]: c for c in view["you"]["hand"]}
    if card not in hand:
        return _("That card is not in your hand.")
    reasons = {row["card"]: row["reason"] for row in view["you"].get("cannot_play", [])}
    name = C.profession_name(hand[card]["profession"])
    if reasons.get(card) == "duplicate":
        return _("An identical card (the same profession and colour) already lies face up in your guildhall, "
                 "and a guildhall never holds two identical cards. Play another card, or get rid of this "
                 "one with Discard and draw.")
    if reasons.get(card) == "played_this_turn":
        return _("You have already played a %(profession)s this turn: each profession can be played once per "
                 "turn. Play a card of another profession.") % {"profession": name}
    return _("That card cannot be played now.")


def _why_not_buy(view, card):
    row = {c["id"]: c for c in view["center_row"]}
    if card not in row:
        return _("That VP card is not in the center row.")
    cost = row[card]["cost"]
    have = view["players"][view["you"]["seat"]]["completed"]
    return ngettext(
        "This VP card costs %(cost)s completed chapter and you have %(have)s. Complete a chapter first: five "
        "cards of one profession, one of each colour, face up in your guildhall.",
        "This VP card costs %(cost)s completed chapters and you have %(have)s. Complete chapters first: five "
        "cards of one profession, one of each colour, face up in your guildhall.",
        cost,
    ) % {"cost": cost, "have": have}


def _refusal(reason, view, legal):
    now = advice(view, legal)
    return {
        "title": _("Not allowed now"),
        "text": reason,
        "instead": now["title"],
        "points_at": now["points_at"],
    }


def cannot_play(view):
    """The learner's hand cards that may not be played now, each with why in plain words."""
    you = view.get("you") or {}
    names = {c["id"]: c for c in you.get("hand", [])}
    rows = []
    for row in you.get("cannot_play", []):
        card = names.get(row["card"])
        if card is None:
            continue
        rows.append({"card": C.profession_card(card["id"]), "text": _why_not_play(view, card["id"])})
    return rows
