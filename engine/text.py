"""The log in words (issue 2, point 6): each log entry rendered as sentences for one viewer.

Hidden cards are never named to those who may not see them: a draw is "drew 3 cards" to everyone but
the drawer; a group discard reveals the count and the new top only (AMB-18). Every template below is
wrapped in ``gettext_noop`` so that Django's makemessages finds it; the web layer passes its own
``gettext`` to translate the template and the card names.
"""

from .cards import COLOUR_OF, COLOURS, PROFESSION_OF, PROFESSIONS, VP_KIND_OF


def gettext_noop(message):
    return message


# Card names, marked for translation (the German and Spanish names live in the site's catalogues).
PROFESSION_NAMES = {
    "assassin": gettext_noop("Assassin"), "dancer": gettext_noop("Dancer"), "farmer": gettext_noop("Farmer"),
    "historian": gettext_noop("Historian"), "trader": gettext_noop("Trader"), "weaver": gettext_noop("Weaver"),
}
COLOUR_NAMES = {
    "red": gettext_noop("red"), "blue": gettext_noop("blue"), "yellow": gettext_noop("yellow"),
    "green": gettext_noop("green"), "purple": gettext_noop("purple"),
}
CARD_NAME = gettext_noop("{colour} {profession}")

T = {
    "turn": gettext_noop("{player}'s turn begins."),
    "discard": gettext_noop("{player} discarded {count} card(s); {top} is now on top of the discard pile."),
    "discard_none": gettext_noop("{player} discarded no cards."),
    "discard_own": gettext_noop("{player} discarded {cards}."),
    "discard_draw": gettext_noop("{player} chose to discard cards and draw up to six."),
    "draw": gettext_noop("{player} drew {count} card(s)."),
    "draw_own": gettext_noop("{player} drew {cards}."),
    "shuffle": gettext_noop("The discard pile ({count} cards) was shuffled into a new deck."),
    "place": gettext_noop("{player} placed a {card} in their guildhall."),
    "play": gettext_noop("{player} played a {card}."),
    "use": gettext_noop("{player} used the {ability} ability at tier {tier}."),
    "use_vp": gettext_noop("{player} used the ability of {ability}."),
    "decline": gettext_noop("{player} declined the {ability} ability."),
    "target": gettext_noop("{player} chose {target}."),
    "assassinate": gettext_noop("{player} discarded {cards} from {target}'s guildhall."),
    "tokens": gettext_noop("{player} gained {count} VP token(s)."),
    "actions": gettext_noop("{player} gained {count} action(s)."),
    "historian": gettext_noop("{player} took a {card} from the discard pile into their guildhall."),
    "trade": gettext_noop("{player} gave {gave} to {target} and took {took}."),
    "weave": gettext_noop("{player} placed {placed} in their guildhall."),
    "weave_back": gettext_noop("{player} placed {placed} in their guildhall and took back {took}."),
    "steal": gettext_noop("{player} took a {card} from {target}'s guildhall."),
    "take_chapter": gettext_noop("{player} moved {target}'s chapter of {cards} into their guildhall."),
    "complete": gettext_noop("{player} completed a chapter of {profession}s."),
    "pay": gettext_noop("{player} discarded a completed chapter; {card} is now on top of the discard pile."),
    "shed": gettext_noop("{player} had more than three completed chapters and discarded one; {card} is on top."),
    "buy": gettext_noop("{player} bought {vp}."),
    "refill": gettext_noop("{vp} was dealt into the center row."),
    "end_turn": gettext_noop("{player} ended the turn: {moved} went into the guildhall."),
    "end_turn_dup": gettext_noop("{player} discarded the duplicate {discarded} at the end of the turn."),
    "win": gettext_noop("{player} wins with {vp} VP!"),
    "undo": gettext_noop("{player} took back their last decision."),
    "nothing": gettext_noop("nothing"),
    "and": gettext_noop("{first} and {last}"),
    "chose": gettext_noop("{player} made a choice."),
    "pick_card": gettext_noop("{player} chose {card}."),
    "pick_chapter": gettext_noop("{player} chose a chapter of {profession}s."),
    "pick_hidden": gettext_noop("{player} chose a card from their hand."),
    "pick_discard": gettext_noop("{player} chose a card to discard."),
}


def describe(st, seq, viewer, names, gettext=None):
    """Log entry ``seq`` (1-based) in words for ``viewer`` (a seat, or None for a spectator)."""
    _ = gettext or (lambda m: m)
    events = st.events[seq]
    sentences = [s for event in events for s in _sentences(event, viewer, names, _, st)]
    return " ".join(sentences) if sentences else _(T["chose"]).format(player=names[events[0]["seat"]])


def card_words(card, _):
    return _(CARD_NAME).format(colour=_(COLOUR_NAMES[COLOURS[COLOUR_OF[card]]]),
                           profession=_(PROFESSION_NAMES[PROFESSIONS[PROFESSION_OF[card]]]))


def _cards(cards, _):
    words = [card_words(c, _) for c in cards]
    if not words:
        return _(T["nothing"])
    if len(words) == 1:
        return words[0]
    return _(T["and"]).format(first=", ".join(words[:-1]), last=words[-1])


def _sentences(e, viewer, names, _, st):
    t = e["t"]
    over = st.phase == "over"
    player = names[e["seat"]] if "seat" in e else ""
    own = over or e.get("seat") == viewer
    target = names[e["target"]] if "target" in e else ""
    if t == "turn":
        return [_(T["turn"]).format(player=player)]
    if t == "discard":
        if e["count"] == 0:
            return [_(T["discard_none"]).format(player=player)]
        if own:
            return [_(T["discard_own"]).format(player=player, cards=_cards(e["cards"], _))]
        return [_(T["discard"]).format(player=player, count=e["count"], top=card_words(e["top"], _))]
    if t == "draw":
        if e["count"] == 0:
            return []
        if own:
            return [_(T["draw_own"]).format(player=player, cards=_cards(e["cards"], _))]
        return [_(T["draw"]).format(player=player, count=e["count"])]
    if t == "discard_draw":
        return [_(T["discard_draw"]).format(player=player)]
    if t == "shuffle":
        return [_(T["shuffle"]).format(count=e["count"])]
    if t in ("place", "play", "historian"):
        return [_(T[t]).format(player=player, card=card_words(e["card"], _))]
    if t == "use":
        if e["ability"] in PROFESSION_NAMES:
            return [_(T["use"]).format(player=player, ability=_(PROFESSION_NAMES[e["ability"]]), tier=e["tier"])]
        return [_(T["use_vp"]).format(player=player, ability=e["ability"])]
    if t == "decline":
        return [_(T["decline"]).format(player=player, ability=_(PROFESSION_NAMES.get(e["ability"], e["ability"])))]
    if t == "target":
        return [_(T["target"]).format(player=player, target=target)]
    if t == "assassinate":
        return [_(T["assassinate"]).format(player=player, cards=_cards(e["cards"], _), target=target)]
    if t in ("tokens", "actions"):
        return [_(T[t]).format(player=player, count=e["count"])]
    if t == "trade":
        gave, took = _cards(e["gave"], _), _cards(e["took"], _)
        return [_(T["trade"]).format(player=player, target=target, gave=gave, took=took)]
    if t == "weave":
        key = "weave_back" if e["took"] else "weave"
        return [_(T[key]).format(player=player, placed=_cards(e["placed"], _), took=_cards(e["took"], _))]
    if t == "steal":
        return [_(T["steal"]).format(player=player, card=card_words(e["card"], _), target=target)]
    if t == "take_chapter":
        return [_(T["take_chapter"]).format(player=player, target=target, cards=_cards(e["cards"], _))]
    if t == "complete":
        return [_(T["complete"]).format(player=player, profession=_(PROFESSION_NAMES[PROFESSIONS[e["profession"]]]))]
    if t in ("pay", "shed"):
        return [_(T[t]).format(player=player, card=card_words(e["card"], _))]
    if t == "buy":
        sentences = [_(T["buy"]).format(player=player, vp=VP_KIND_OF[e["card"]])]
        if e["refill"] is not None:
            sentences.append(_(T["refill"]).format(vp=VP_KIND_OF[e["refill"]]))
        return sentences
    if t == "end_turn":
        sentences = [_(T["end_turn"]).format(player=player, moved=_cards(e["moved"], _))]
        if e["discarded"]:
            sentences.append(_(T["end_turn_dup"]).format(player=player, discarded=_cards(e["discarded"], _)))
        return sentences
    if t == "win":
        return [_(T["win"]).format(player=player, vp=e["vp"])]
    if t == "pick":
        if "card" in e:
            return [_(T["pick_card"]).format(player=player, card=card_words(e["card"], _))]
        if "profession" in e:
            return [_(T["pick_chapter"]).format(player=player, profession=_(PROFESSION_NAMES[e["profession"]]))]
        key = "pick_discard" if e["phase"] == "to_discard" else "pick_hidden"
        return [_(T[key]).format(player=player)]
    if t == "undo":
        return [_(T["undo"]).format(player=player)]
    return []


# --- Card texts: what each tier and each VP card does (reference §6, §10), for the cards on the page ----
PROFESSION_TIERS = {
    "assassin": [
        (0, gettext_noop("Discard 1 card from another player's guildhall.")),
        (2, gettext_noop("Discard 2 cards of two different chapters from one other player's guildhall.")),
        (4, gettext_noop("Discard 2 cards from one other player's guildhall.")),
    ],
    "dancer": [
        (0, gettext_noop("Draw 1 card per Dancer in your guildhall (or fewer), then gain 1 action.")),
    ],
    "farmer": [
        (1, gettext_noop("Gain 1 VP token.")),
        (3, gettext_noop("Gain 2 VP tokens.")),
    ],
    "historian": [
        (0, gettext_noop("Put the top card of the discard pile into your guildhall.")),
        (2, gettext_noop("Search the discard pile and put 1 card from it into your guildhall.")),
        (4, gettext_noop("Search the discard pile and put 2 cards from it into your guildhall.")),
    ],
    "trader": [
        (0, gettext_noop("Swap 1 card of your guildhall with 1 card of another player's guildhall.")),
        (2, gettext_noop("Swap 2 cards of your guildhall with 2 cards of one other player's guildhall.")),
        (4, gettext_noop("Swap one of your chapters with one chapter of another player.")),
    ],
    "weaver": [
        (0, gettext_noop("Put 1 card from your hand into your guildhall.")),
        (2, gettext_noop("Put 2 cards from your hand into your guildhall and take 1 card of it back into your hand.")),
        (4, gettext_noop("Put any number of cards from your hand into your guildhall and take 2 cards of it back.")),
    ],
}

VP_ABILITY_TEXT = {
    "VP2-Chapter": gettext_noop("Move one whole chapter of another player into your guildhall."),
    "VP3-Draw6": gettext_noop("Draw 6 cards."),
    "VP3-Swap1for2": gettext_noop("Give 1 card of your guildhall for 2 cards of one other player's guildhall."),
    "VP3-PlaceHand": gettext_noop("Put any number of cards from your hand into your guildhall."),
    "VP4-StealCard": gettext_noop("Move 1 card of another player's guildhall into yours."),
    "VP4-Action": gettext_noop("Gain 1 action."),
    "VP5": "",
    "VP7-2Actions": gettext_noop("Gain 2 actions."),
    "VP9": "",
}


def tier_text(profession, tier, gettext=None):
    """The text of one tier ('' for a Dancer's lower levels beyond the single text)."""
    _ = gettext or (lambda m: m)
    for threshold, text in PROFESSION_TIERS[profession]:
        if threshold == tier or profession == "dancer":
            return _(text)
    return ""


# --- Why a decision is refused (IllegalDecision.template) -------------------------------------------------
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
    "too_few_chapters": gettext_noop("You need {cost} completed chapter(s) to buy that VP card; you have {have}."),
    "tier_infeasible": gettext_noop("That tier cannot be carried out in full now (all or nothing)."),
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
    "expected_order_pile": gettext_noop(
        "That is not a legal choice now: choose the next card down the discard pile, or keep the order shown."
    ),
}


def format_error(template, params, gettext=None):
    """An IllegalDecision's sentence; with ``gettext``, translated (card and profession names too)."""
    _ = gettext or (lambda m: m)
    values = dict(params)
    if "card" in values:
        values["card"] = card_words(values["card"], _)
    if "profession" in values:
        values["profession"] = _(PROFESSION_NAMES[values["profession"]])
    return _(template).format(**values)


def translate_error(exc, gettext):
    """The refusal ``exc`` (an IllegalDecision) in the reader's language."""
    return format_error(exc.template, exc.params, gettext)
