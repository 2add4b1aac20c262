"""Why Guildhall refuses a decision: the templates of ``IllegalDecision`` (marked for translation) and
their sentences in the reader's language, a card named in words."""

from .cardtext import PROFESSION_NAMES, card_words
from .markers import gettext_noop, ngettext_lazy, plural

ERRORS = {
    "not_object": gettext_noop("A decision must be a JSON object."),
    "unknown_type": gettext_noop("Unknown decision type: '{type}'."),
    "bad_field": gettext_noop("The decision '{type}' needs a valid '{field}'."),
    "game_over": gettext_noop("The game is over."),
    "not_your_turn": gettext_noop("It is not your decision now: another player must decide first."),
    "nothing_to_undo": gettext_noop(
        "There is nothing to undo: a card was drawn or revealed, or another player decided, since your last "
        "decision this turn."
    ),
    "not_in_hand": gettext_noop("That card is not in your hand."),
    "duplicate": gettext_noop("You already have a {card} in your guildhall."),
    "played_this_turn": gettext_noop("You have already played a {profession} this turn."),
    "not_in_row": gettext_noop("That VP card is not in the center row."),
    "too_few_chapters": ngettext_lazy(
        "You need {count} completed chapter to buy that VP card; you have {have}.",
        "You need {count} completed chapters to buy that VP card; you have {have}.",
    ),
    "tier_infeasible": gettext_noop("That tier cannot be carried out in full now (all or nothing)."),
    "no_ability_now": gettext_noop("No card ability is waiting for a decision now, so there is nothing to use, "
                                   "decline or choose a tier for."),
    "expected_setup_discard": gettext_noop("That is not a legal choice now: choose cards to discard, then 'done'."),
    "expected_setup_place": gettext_noop(
        "That is not a legal choice now: place a card from your hand that is not already in your guildhall."
    ),
    "expected_action": gettext_noop("That is not a legal choice now: choose an action."),
    "expected_discard_draw": gettext_noop("That is not a legal choice now: choose cards to discard, then 'done'."),
    "expected_choose_tier": gettext_noop(
        "That is not a legal choice now: choose a tier of the ability, or decline it."
    ),
    "expected_ability": gettext_noop("That is not a legal choice now: make the next choice of the ability."),
    "expected_pay": gettext_noop("That is not a legal choice now: choose a completed chapter to pay with."),
    "expected_shed_chapters": gettext_noop(
        "That is not a legal choice now: discard completed chapters down to three."
    ),
    "bad_order": gettext_noop(
        "That order does not fit: name only cards that go on the discard pile now, each once, from the top "
        "down (for a chapter, the card on top first)."
    ),
    "expected_order_pile": gettext_noop(
        "That is not a legal choice now: choose the next card down the discard pile, or keep the order shown."
    ),
    # Leaving a game (engine/outcomes.py)
    "bad_agent": gettext_noop("Unknown maker of a decision."),
    "resign_own": gettext_noop("Only a player can resign, for themselves."),
    "server_only": gettext_noop("Only the game's clock can make that decision."),
    "still_in_play": gettext_noop("The bot plays only for a seat that left the game."),
    "left_game": gettext_noop("You have left this game: the bot plays your seat."),
}


def format_error(template, params, gettext=None, ngettext=None):
    """An IllegalDecision's sentence; with ``gettext`` (and ``ngettext`` for a plural pair, counted by its
    ``count`` parameter), translated, card and profession names too."""
    _ = gettext or (lambda m: m)
    values = dict(params)
    if "card" in values:
        values["card"] = card_words(values["card"], _)
    if "profession" in values:
        values["profession"] = _(PROFESSION_NAMES[values["profession"]])
    if isinstance(template, tuple):
        return plural(template, values["count"], ngettext).format(**values)
    return _(template).format(**values)


def translate_error(exc, gettext, ngettext=None):
    """The refusal ``exc`` (an IllegalDecision) in the reader's language."""
    return format_error(exc.template, exc.params, gettext, ngettext)
