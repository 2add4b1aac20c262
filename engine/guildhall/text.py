"""The log in words: each log entry rendered as sentences for one viewer.

Every entry says what happened, naming the cards that were public as they moved (the target of an
ability and what it did, the VP card bought and what was paid) and counting the hidden ones: a draw is
"drew 3 cards" to everyone but the drawer; a group discard reveals the count and the new top only
(AMB-18); in printed mode the order of cards beneath the top of the pile is not told (R14). No internal
identifier (a VP card's kind) is ever shown: VP cards are named in words ("Steal a card · 4 VP").

Every template is marked for makemessages: ``gettext_noop`` for a sentence, ``ngettext_lazy`` for a
pair of singular and plural forms. The web layer passes its own ``gettext`` and ``ngettext`` to
``describe``; without them the English templates are used.
"""

from .cards import COLOUR_OF, COLOURS, PROFESSION_OF, PROFESSIONS, VP_KIND_OF, VP_KINDS


def gettext_noop(message):
    return message


def ngettext_lazy(singular, plural):
    """A plural pair, kept untranslated until a count is known (``plural``). Named after Django's
    ``ngettext_lazy`` only so that makemessages (xgettext) finds both forms; it returns the pair."""
    return (singular, plural)


def english_ngettext(singular, plural, count):
    return singular if count == 1 else plural


# Card names, marked for translation (the German and Spanish names live in the site's catalogues).
PROFESSION_NAMES = {
    "assassin": gettext_noop("Assassin"), "dancer": gettext_noop("Dancer"), "farmer": gettext_noop("Farmer"),
    "historian": gettext_noop("Historian"), "trader": gettext_noop("Trader"), "weaver": gettext_noop("Weaver"),
}
# For "a chapter of Weavers": the plural of each profession, as a name (not built from the singular).
PROFESSION_PLURALS = {
    "assassin": gettext_noop("Assassins"), "dancer": gettext_noop("Dancers"), "farmer": gettext_noop("Farmers"),
    "historian": gettext_noop("Historians"), "trader": gettext_noop("Traders"), "weaver": gettext_noop("Weavers"),
}
COLOUR_NAMES = {
    "red": gettext_noop("red"), "blue": gettext_noop("blue"), "yellow": gettext_noop("yellow"),
    "green": gettext_noop("green"), "purple": gettext_noop("purple"),
}
CARD_NAME = gettext_noop("{colour} {profession}")

# VP cards by what they do (reference §10); the two without an ability are called by their value only.
VP_NAMES = {
    "VP2-Chapter": gettext_noop("Take a chapter"),
    "VP3-Draw6": gettext_noop("Draw six"),
    "VP3-Swap1for2": gettext_noop("Swap one for two"),
    "VP3-PlaceHand": gettext_noop("Place from hand"),
    "VP4-StealCard": gettext_noop("Steal a card"),
    "VP4-Action": gettext_noop("Extra action"),
    "VP5": "",
    "VP7-2Actions": gettext_noop("Two extra actions"),
    "VP9": "",
}
VP_CARD_NAME = gettext_noop("{name} · {vp} VP")
VP_PLAIN_NAME = gettext_noop("{vp} VP")

T = {
    "turn": gettext_noop("{player}'s turn begins."),
    "choosing_discards": ngettext_lazy(
        "{player} is choosing cards to discard: {count} chosen so far.",
        "{player} is choosing cards to discard: {count} chosen so far.",
    ),
    "chose_discard": gettext_noop("{player} chose {card} to discard."),
    "discard_and_draw": gettext_noop("{player} discarded {discarded} and drew {drawn}."),
    "discarded": gettext_noop("{player} discarded {discarded}."),
    "drew": gettext_noop("{player} drew {drawn}."),
    "new_top": gettext_noop("The top of the discard pile is now {card}."),
    "cards_count": ngettext_lazy("{count} card", "{count} cards"),
    "no_cards": gettext_noop("no cards"),
    "discard_draw": gettext_noop("{player} chose to discard cards and draw up to six."),
    "shuffle": ngettext_lazy(
        "The discard pile ({count} card) was shuffled into a new deck.",
        "The discard pile ({count} cards) was shuffled into a new deck.",
    ),
    "place": gettext_noop("{player} placed a {card} in their guildhall."),
    "play": gettext_noop("{player} played a {card}."),
    "use": gettext_noop("{player} used the {ability} at tier {tier}."),
    "use_vp": gettext_noop("{player} used the ability of the VP card {vp}."),
    "decline": gettext_noop("{player} declined the ability of the {ability}."),
    "decline_vp": gettext_noop("{player} declined the ability of the VP card {vp}."),
    "target": gettext_noop("{player}'s {ability} targets {target}."),
    "target_vp": gettext_noop("{player}'s VP card {vp} targets {target}."),
    "assassinate": gettext_noop("{player}'s Assassin discarded {target}'s {cards}."),
    "tokens": ngettext_lazy("{player} gained {count} VP token.", "{player} gained {count} VP tokens."),
    "actions": ngettext_lazy("{player} gained {count} action.", "{player} gained {count} actions."),
    "historian": gettext_noop("{player} took a {card} from the discard pile into their guildhall."),
    "trade": gettext_noop("{player} gave {gave} to {target} and took {took} from them."),
    "weave": gettext_noop("{player} placed {placed} in their guildhall."),
    "weave_back": gettext_noop("{player} placed {placed} in their guildhall and took back {took}."),
    "stop_placing": gettext_noop("{player} placed no more cards."),
    "steal": gettext_noop("{player} took {target}'s {card} into their guildhall."),
    "take_chapter": gettext_noop("{player} moved {target}'s chapter of {professions} ({cards}) into their guildhall."),
    "complete": gettext_noop("{player} completed a chapter of {professions}."),
    "buying": ngettext_lazy(
        "{player} is buying the VP card {vp}, paying {count} completed chapter.",
        "{player} is buying the VP card {vp}, paying {count} completed chapters.",
    ),
    "pay": gettext_noop("{player} paid with a completed chapter of {professions}; {card} is now on top of the "
                        "discard pile."),
    "shed": gettext_noop("{player} had more than three completed chapters and discarded the chapter of "
                         "{professions}; {card} is now on top of the discard pile."),
    "order": gettext_noop("{player} put {card} beneath {above} on the discard pile."),
    "order_top": gettext_noop("{player} put {card} on top of the discard pile."),
    "order_hidden": gettext_noop("{player} chose the next card down the discard pile."),
    "ordered": gettext_noop("{player} left the other cards in the order shown: {cards} (top first)."),
    "ordered_hidden": gettext_noop("{player} left the other cards in the order shown."),
    "pile_order": gettext_noop("{player} chose their order on the discard pile, from the top: {cards}."),
    "buy": gettext_noop("{player} bought the VP card {vp}."),
    "refill": gettext_noop("The VP card {vp} was dealt into the center row."),
    "end_turn": gettext_noop("{player} ended the turn: {moved} went into the guildhall."),
    "end_turn_dup": ngettext_lazy(
        "{player} discarded the duplicate {discarded} at the end of the turn.",
        "{player} discarded the duplicates {discarded} at the end of the turn.",
    ),
    "win": gettext_noop("{player} wins with {vp} VP!"),
    "undo": gettext_noop("{player} took back their last decision."),
    "nothing": gettext_noop("nothing"),
    "and": gettext_noop("{first} and {last}"),
    "chose": gettext_noop("{player} made a choice."),
    "pick_discard": gettext_noop("{player} chose {target}'s {card} to discard."),
    "pick_give": gettext_noop("{player} chose {card} to give to {target}."),
    "pick_take": gettext_noop("{player} chose {target}'s {card} to take."),
    "pick_back": gettext_noop("{player} chose {card} to take back into their hand."),
    "pick_place": gettext_noop("{player} chose {card} from their hand to place in their guildhall."),
    "pick_hidden": gettext_noop("{player} chose a card from their hand to place in their guildhall."),
    "pick_mine": gettext_noop("{player} chose their chapter of {professions} to give to {target}."),
    "pick_theirs": gettext_noop("{player} chose {target}'s chapter of {professions} to take."),
    # Leaving a game (engine/outcomes.py)
    "resign": gettext_noop("{player} resigned."),
    "resign_bot": gettext_noop("{player} resigned: the bot plays their seat to the end of the game."),
    "timeout": gettext_noop("Time ran out for {player}: the bot plays this turn for them."),
    "time_out": gettext_noop("Time ran out for {player}: the game ends."),
    "take_over": ngettext_lazy(
        "Time ran out for {player} in {count} turn in a row: the bot plays their seat from now on.",
        "Time ran out for {player} in {count} turns in a row: the bot plays their seat from now on.",
    ),
    "game_ends": gettext_noop("The game is over: {player} wins."),
    "game_ends_shared": gettext_noop("The game is over: first place is shared."),
}


def plural(pair, count, ngettext=None):
    """One of a ``ngettext_lazy`` pair for ``count``, translated by ``ngettext`` if given."""
    return (ngettext or english_ngettext)(pair[0], pair[1], count)


class _Words:
    """The translation functions of one rendering, and the names of things in the reader's language."""

    def __init__(self, gettext, ngettext):
        self._ = gettext or (lambda m: m)
        self.n = ngettext or english_ngettext

    def __call__(self, message):
        return self._(message)

    def plural(self, pair, count):
        return self.n(pair[0], pair[1], count)

    def card(self, card):
        return card_words(card, self._)

    def cards(self, cards):
        words = [card_words(c, self._) for c in cards]
        if not words:
            return self._(T["nothing"])
        if len(words) == 1:
            return words[0]
        return self._(T["and"]).format(first=", ".join(words[:-1]), last=words[-1])

    def count(self, count):
        if not count:
            return self._(T["no_cards"])
        return self.plural(T["cards_count"], count).format(count=count)

    def professions(self, profession):
        if isinstance(profession, int):
            profession = PROFESSIONS[profession]
        return self._(PROFESSION_PLURALS[profession])

    def ability(self, key):
        """A profession's name, or a VP card's name in words (from its kind)."""
        if key in PROFESSION_NAMES:
            return self._(PROFESSION_NAMES[key])
        return vp_kind_words(key, self._)


def describe(st, seq, viewer, names, gettext=None, ngettext=None):
    """Log entry ``seq`` (1-based) in words for ``viewer`` (a seat, or None for a spectator)."""
    words = _Words(gettext, ngettext)
    events = st.events[seq]
    sentences = []
    for index, event in enumerate(events):
        if event["t"] == "draw" and _follows_discard(events, index):
            continue  # told with the discard just before it
        sentences += _sentences(event, viewer, names, words, st, events, index)
    return " ".join(sentences) if sentences else words(T["chose"]).format(player=names[events[0]["seat"]])


def card_words(card, _=None):
    _ = _ or (lambda m: m)
    return _(CARD_NAME).format(colour=_(COLOUR_NAMES[COLOURS[COLOUR_OF[card]]]),
                               profession=_(PROFESSION_NAMES[PROFESSIONS[PROFESSION_OF[card]]]))


def vp_kind_words(kind, _=None):
    """A VP card in words by its kind: 'Steal a card · 4 VP', '5 VP'."""
    _ = _ or (lambda m: m)
    value = VP_KINDS[kind][0]
    if VP_NAMES[kind]:
        return _(VP_CARD_NAME).format(name=_(VP_NAMES[kind]), vp=value)
    return _(VP_PLAIN_NAME).format(vp=value)


def vp_words(card, _=None):
    """A VP card in words by its id."""
    return vp_kind_words(VP_KIND_OF[card], _)


def _follows_discard(events, index):
    """A draw right after its player's discard (setup, the Discard action) is told with the discard."""
    previous = events[index - 1] if index else None
    return previous is not None and previous["t"] == "discard" and previous["seat"] == events[index]["seat"]


def _sentences(e, viewer, names, w, st, events, index):
    t = e["t"]
    over = st.phase == "over"
    player = names[e["seat"]] if "seat" in e else ""
    own = over or e.get("seat") == viewer
    pile_public = over or st.mode == "yucata"  # Y5: the pile's cards are public in Yucata mode
    target = names[e["target"]] if e.get("target") is not None else ""
    if t == "turn":
        return [w(T["turn"]).format(player=player)]
    if t == "discard":
        following = events[index + 1] if index + 1 < len(events) else None
        draw = following if following and following["t"] == "draw" and following["seat"] == e["seat"] else None
        discarded = w.cards(e["cards"]) if own and e["count"] else w.count(e["count"])
        if draw is None:
            sentences = [w(T["discarded"]).format(player=player, discarded=discarded)]
        else:
            drawn = w.cards(draw["cards"]) if own and draw["count"] else w.count(draw["count"])
            sentences = [w(T["discard_and_draw"]).format(player=player, discarded=discarded, drawn=drawn)]
        if e["count"] and not own:
            sentences.append(w(T["new_top"]).format(card=w.card(e["top"])))
        return sentences
    if t == "draw":
        if e["count"] == 0:
            return []
        drawn = w.cards(e["cards"]) if own else w.count(e["count"])
        return [w(T["drew"]).format(player=player, drawn=drawn)]
    if t == "discard_draw":
        return [w(T["discard_draw"]).format(player=player)]
    if t == "shuffle":
        return [w.plural(T["shuffle"], e["count"]).format(count=e["count"])]
    if t in ("place", "play", "historian"):
        return [w(T[t]).format(player=player, card=w.card(e["card"]))]
    if t == "use":
        if e["ability"] in PROFESSION_NAMES:
            return [w(T["use"]).format(player=player, ability=w.ability(e["ability"]), tier=e["tier"])]
        return [w(T["use_vp"]).format(player=player, vp=w.ability(e["ability"]))]
    if t == "decline":
        key = "decline" if e["ability"] in PROFESSION_NAMES else "decline_vp"
        return [w(T[key]).format(player=player, ability=w.ability(e["ability"]), vp=w.ability(e["ability"]))]
    if t == "target":
        ability = e.get("ability")
        if ability is not None and ability not in PROFESSION_NAMES:
            return [w(T["target_vp"]).format(player=player, vp=w.ability(ability), target=target)]
        name = w.ability(ability) if ability else ""
        return [w(T["target"]).format(player=player, ability=name, target=target)]
    if t == "assassinate":
        return [w(T["assassinate"]).format(player=player, cards=w.cards(e["cards"]), target=target)]
    if t in ("tokens", "actions"):
        return [w.plural(T[t], e["count"]).format(player=player, count=e["count"])]
    if t == "trade":
        return [w(T["trade"]).format(player=player, target=target, gave=w.cards(e["gave"]), took=w.cards(e["took"]))]
    if t == "weave":
        key = "weave_back" if e["took"] else "weave"
        return [w(T[key]).format(player=player, placed=w.cards(e["placed"]), took=w.cards(e["took"]))]
    if t == "stop_placing":
        return [w(T["stop_placing"]).format(player=player)]
    if t == "steal":
        return [w(T["steal"]).format(player=player, card=w.card(e["card"]), target=target)]
    if t == "take_chapter":
        professions = w.professions(PROFESSION_OF[e["cards"][0]])
        return [w(T["take_chapter"]).format(player=player, target=target, cards=w.cards(e["cards"]),
                                            professions=professions)]
    if t == "complete":
        return [w(T["complete"]).format(player=player, professions=w.professions(e["profession"]))]
    if t == "buying":
        return [w.plural(T["buying"], e["cost"]).format(player=player, vp=vp_words(e["card"], w), count=e["cost"])]
    if t in ("pay", "shed"):
        professions = w.professions(PROFESSION_OF[e["card"]])
        return [w(T[t]).format(player=player, card=w.card(e["card"]), professions=professions)]
    if t == "order":
        if not (own or pile_public):
            return [w(T["order_hidden"]).format(player=player)]
        if e["above"] is None:
            return [w(T["order_top"]).format(player=player, card=w.card(e["card"]))]
        return [w(T["order"]).format(player=player, card=w.card(e["card"]), above=w.card(e["above"]))]
    if t == "ordered":
        if not (own or pile_public):
            return [w(T["ordered_hidden"]).format(player=player)]
        return [w(T["ordered"]).format(player=player, cards=w.cards(e["cards"]))]
    if t == "pile_order":
        if own or pile_public:
            return [w(T["pile_order"]).format(player=player, cards=w.cards(e["cards"]))]
        # R14: beneath the top the order stays hidden; a chapter's top card was told with the payment.
        return [w(T["new_top"]).format(card=w.card(e["cards"][0]))] if e["group"] == "duplicates" else []
    if t == "buy":
        sentences = [w(T["buy"]).format(player=player, vp=vp_words(e["card"], w))]
        if e["refill"] is not None:
            sentences.append(w(T["refill"]).format(vp=vp_words(e["refill"], w)))
        return sentences
    if t == "end_turn":
        sentences = [w(T["end_turn"]).format(player=player, moved=w.cards(e["moved"]))]
        if e["discarded"]:
            sentences.append(w.plural(T["end_turn_dup"], len(e["discarded"])).format(
                player=player, discarded=w.cards(e["discarded"])))
        return sentences
    if t == "win":
        return [w(T["win"]).format(player=player, vp=e["vp"])]
    if t == "pick":
        return [_pick_sentence(e, player, target, own, w)]
    if t == "undo":
        return [w(T["undo"]).format(player=player)]
    if t == "resign":
        key = "resign_bot" if e["game_goes_on"] else "resign"
        return [w(T[key]).format(player=player)]
    if t == "take_over":
        return [w.plural(T["take_over"], e["count"]).format(player=player, count=e["count"])]
    if t in ("timeout", "time_out"):
        return [w(T[t]).format(player=player)]
    if t == "game_ends":
        if e["winner"] is None:
            return [w(T["game_ends_shared"])]
        return [w(T["game_ends"]).format(player=names[e["winner"]])]
    return []


def _pick_sentence(e, player, target, own, w):
    phase = e["phase"]
    if phase == "to_discard":
        if own and "card" in e:
            return w(T["chose_discard"]).format(player=player, card=w.card(e["card"]))
        return w.plural(T["choosing_discards"], e["count"]).format(player=player, count=e["count"])
    if phase in ("mine", "theirs"):
        return w(T["pick_" + phase]).format(player=player, target=target, professions=w.professions(e["profession"]))
    if phase == "place":
        if own and "card" in e:
            return w(T["pick_place"]).format(player=player, card=w.card(e["card"]))
        return w(T["pick_hidden"]).format(player=player)
    return w(T["pick_" + phase]).format(player=player, target=target, card=w.card(e["card"]))


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
