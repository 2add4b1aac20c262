"""Words: the card names and texts, the log in words (``describe``) and why a decision is refused.

Every template is marked for makemessages: ``gettext_noop`` for a sentence, ``ngettext_lazy`` for a pair
of singular and plural forms (the names Django's makemessages knows). The site passes its own
``gettext`` and ``ngettext`` to ``describe`` and ``translate_error``; without them the English templates
are used. Card names are msgids too, so that a German or Spanish table can name them in its language.

What a viewer may not know is never told (§12): another player's draws and Soothsayer draw are counts;
a Doctor's put-back order, a Doctor's overpay look and a Herald's overpay picks are the owner's alone.
Once the game is over everything is told.
"""


def gettext_noop(message):
    return message


def ngettext_lazy(singular, plural):
    """A plural pair kept until a count is known (makemessages finds both forms by this name)."""
    return (singular, plural)


def english_ngettext(singular, plural, count):
    return singular if count == 1 else plural


TITLE = gettext_noop("Dominion")

CARD_NAMES = {
    "Copper": gettext_noop("Copper"), "Silver": gettext_noop("Silver"), "Gold": gettext_noop("Gold"),
    "Estate": gettext_noop("Estate"), "Duchy": gettext_noop("Duchy"), "Province": gettext_noop("Province"),
    "Curse": gettext_noop("Curse"),
    "Candlestick Maker": gettext_noop("Candlestick Maker"), "Stonemason": gettext_noop("Stonemason"),
    "Doctor": gettext_noop("Doctor"), "Masterpiece": gettext_noop("Masterpiece"),
    "Advisor": gettext_noop("Advisor"), "Plaza": gettext_noop("Plaza"), "Taxman": gettext_noop("Taxman"),
    "Herald": gettext_noop("Herald"), "Baker": gettext_noop("Baker"), "Butcher": gettext_noop("Butcher"),
    "Journeyman": gettext_noop("Journeyman"), "Merchant Guild": gettext_noop("Merchant Guild"),
    "Soothsayer": gettext_noop("Soothsayer"),
}

# Each card's text in our words (D-COMP-1, §11), for the kingdom picker and the table.
CARD_TEXTS = {
    "Copper": gettext_noop("+$1."),
    "Silver": gettext_noop("+$2."),
    "Gold": gettext_noop("+$3."),
    "Estate": gettext_noop("1 victory point."),
    "Duchy": gettext_noop("3 victory points."),
    "Province": gettext_noop("6 victory points."),
    "Curse": gettext_noop("−1 victory point."),
    "Candlestick Maker": gettext_noop("+1 Action, +1 Buy, +1 Coin token."),
    "Stonemason": gettext_noop(
        "Trash a card from your hand. Gain two cards, each costing less than it. When you buy this, you may "
        "overpay for it: if you do, gain two Action cards, each costing exactly the amount you overpaid."
    ),
    "Doctor": gettext_noop(
        "Name a card. Reveal the top 3 cards of your deck. Trash the matches; put the rest back in any order. "
        "When you buy this, you may overpay for it: for each $1 you overpaid, look at the top card of your "
        "deck; trash it, discard it, or put it back."
    ),
    "Masterpiece": gettext_noop(
        "+$1. When you buy this, you may overpay for it: gain a Silver for each $1 you overpaid."
    ),
    "Advisor": gettext_noop(
        "+1 Action. Reveal the top 3 cards of your deck. The player to your left chooses one of them: discard "
        "it and put the others into your hand."
    ),
    "Plaza": gettext_noop("+1 Card, +2 Actions. You may discard a Treasure; if you do, +1 Coin token."),
    "Taxman": gettext_noop(
        "You may trash a Treasure from your hand. If you do, each other player with 5 or more cards in hand "
        "discards a copy of it (or reveals a hand without one), and you gain a Treasure onto your deck costing "
        "up to $3 more than it."
    ),
    "Herald": gettext_noop(
        "+1 Card, +1 Action. Reveal the top card of your deck; if it is an Action, play it. When you buy this, "
        "you may overpay for it: for each $1 you overpaid, put a card from your discard pile onto your deck."
    ),
    "Baker": gettext_noop("+1 Card, +1 Action, +1 Coin token. Setup: each player takes a Coin token."),
    "Butcher": gettext_noop(
        "+2 Coin tokens. You may trash a card from your hand, then remove any number of Coin tokens; gain a "
        "card costing up to the trashed card's cost plus the tokens removed."
    ),
    "Journeyman": gettext_noop(
        "Name a card. Reveal cards from your deck until you reveal 3 that are not the named card. Put those "
        "3 into your hand and discard the rest."
    ),
    "Merchant Guild": gettext_noop(
        "+1 Buy, +$1. While this is in play, when you buy a card, take a Coin token."
    ),
    "Soothsayer": gettext_noop(
        "Gain a Gold. Each other player gains a Curse; each player who did draws a card."
    ),
}

EDITION_NAMES = {
    "2013": gettext_noop("Guilds, first edition (2013): Coin tokens in the Buy phase before buying"),
    "2022": gettext_noop("Later rules (2022): Coffers any time in your turn, Merchant Guild and overpay errata"),
}

T = {
    "setup": gettext_noop("The kingdom is {cards}. {player} begins."),
    "turn": gettext_noop("{player}'s turn begins."),
    "play": gettext_noop("{player} played {card}."),
    "play_via": gettext_noop("{player} played {card} with {via}."),
    "treasures": gettext_noop("{player} played {cards}."),
    "buy_phase": gettext_noop("{player} ended their Action phase."),
    "spend": ngettext_lazy("{player} spent {count} Coin token.", "{player} spent {count} Coin tokens."),
    "spend_coffers": ngettext_lazy("{player} spent {count} Coffers.", "{player} spent {count} Coffers."),
    "tokens": ngettext_lazy("{player} took {count} Coin token.", "{player} took {count} Coin tokens."),
    "tokens_coffers": ngettext_lazy("{player} took +{count} Coffers.", "{player} took +{count} Coffers."),
    "remove_tokens": ngettext_lazy(
        "{player} removed {count} Coin token.", "{player} removed {count} Coin tokens."
    ),
    "buy": gettext_noop("{player} bought {card}."),
    "buy_overpay": gettext_noop("{player} bought {card}, overpaying ${amount}."),
    "gain": gettext_noop("{player} gained {card}."),
    "gain_deck": gettext_noop("{player} gained {card} onto their deck."),
    "trash": gettext_noop("{player} trashed {cards}."),
    "discard": gettext_noop("{player} discarded {cards}."),
    "reveal": gettext_noop("{player} revealed {cards}."),
    "reveal_hand": gettext_noop("{player} revealed their hand: {cards}."),
    "draw": gettext_noop("{player} drew {cards}."),
    "draw_count": ngettext_lazy("{player} drew {count} card.", "{player} drew {count} cards."),
    "draw_none": gettext_noop("{player} had no card left to draw."),
    "shuffle": ngettext_lazy(
        "{player} shuffled their discard pile ({count} card) into a new deck.",
        "{player} shuffled their discard pile ({count} cards) into a new deck.",
    ),
    "name": gettext_noop("{player} named {card}."),
    "advisor_pick": gettext_noop("{player} chose {card} for {other} to discard."),
    "to_hand": gettext_noop("{player} put {cards} into their hand."),
    "put_back": gettext_noop("{player} put {cards} back on their deck (top first)."),
    "put_back_count": ngettext_lazy(
        "{player} put {count} card back on their deck.", "{player} put {count} cards back on their deck."
    ),
    "look": gettext_noop("{player} looked at {card} on top of their deck."),
    "look_hidden": gettext_noop("{player} looked at the top card of their deck."),
    "keep": gettext_noop("{player} put {card} back on their deck."),
    "keep_hidden": gettext_noop("{player} put the card back on their deck."),
    "herald_pick": gettext_noop("{player} put {card} from their discard pile onto their deck."),
    "herald_pick_hidden": gettext_noop("{player} put a card from their discard pile onto their deck."),
    "cleanup": gettext_noop("{player} cleaned up: {card} is on top of their discard pile."),
    "cleanup_empty": gettext_noop("{player} cleaned up."),
    "game_end_provinces": gettext_noop("The Province pile is empty: the game is over."),
    "game_end_piles": gettext_noop("Three Supply piles are empty: the game is over."),
    "game_end_left": gettext_noop("The game is over."),
    "winner": gettext_noop("{player} wins."),
    "winners": gettext_noop("{players} share the win."),
    "and": gettext_noop("{first} and {last}"),
    "nothing": gettext_noop("nothing"),
    "chose": gettext_noop("{player} made a choice."),
    "resign": gettext_noop("{player} resigned."),
    "resign_bot": gettext_noop("{player} resigned: the bot plays their seat to the end of the game."),
    "timeout": gettext_noop("Time ran out for {player}: the bot plays this decision for them."),
    "time_out": gettext_noop("Time ran out for {player}: the game ends."),
    "take_over": ngettext_lazy(
        "Time ran out for {player} in {count} turn in a row: the bot plays their seat from now on.",
        "Time ran out for {player} in {count} turns in a row: the bot plays their seat from now on.",
    ),
}

# Why a decision is refused (IllegalDecision.template); ``card`` parameters are card names.
ERRORS = {
    # shape
    "not_object": gettext_noop("A decision must be a JSON object."),
    "unknown_type": gettext_noop("Unknown decision type: '{type}'."),
    "bad_field": gettext_noop("The decision '{type}' needs a valid '{field}'."),
    # whose turn
    "game_over": gettext_noop("The game is over."),
    "not_your_turn": gettext_noop("It is not your decision now: another player must decide first."),
    "advisor_not_yours": gettext_noop("Only the player to the left of the Advisor's player chooses the card."),
    "bad_agent": gettext_noop("Unknown maker of a decision."),
    "resign_own": gettext_noop("Only a player can resign, for themselves."),
    "server_only": gettext_noop("Only the game's clock can make that decision."),
    "still_in_play": gettext_noop("The bot plays only for a seat that left the game."),
    "left_game": gettext_noop("You have left this game: the bot plays your seat."),
    # the Action and Buy phases
    "not_in_hand": gettext_noop("You have no {card} in your hand."),
    "not_playable": gettext_noop("{card} cannot be played: Victory cards and Curses have no effect when played."),
    "no_actions": gettext_noop("You have no Actions left, so you cannot play {card}."),
    "action_in_buy_phase": gettext_noop("Action cards are played in the Action phase; you are in your Buy phase."),
    "treasure_in_action_phase": gettext_noop("Treasures are played in the Buy phase: end your Action phase first."),
    "treasure_after_buy": gettext_noop("No more Treasures may be played once you have bought a card this turn."),
    "no_treasures": gettext_noop("You have no Treasures in your hand."),
    "tokens_in_action_phase": gettext_noop("Coin tokens are spent in your Buy phase: end your Action phase first."),
    "tokens_after_buy": gettext_noop("Coin tokens can be spent only before your first buy of the turn."),
    "tokens_amount": ngettext_lazy(
        "You can spend from 1 Coin token up to all you hold ({count}).",
        "You can spend from 1 Coin token up to all you hold ({count}).",
    ),
    "buy_in_action_phase": gettext_noop("You buy in your Buy phase: end your Action phase first."),
    "no_buys": gettext_noop("You have no Buys left this turn."),
    "not_in_supply": gettext_noop("{card} is not a pile of this game's Supply."),
    "pile_empty": gettext_noop("The {card} pile is empty."),
    "too_expensive": gettext_noop("{card} costs ${cost}; you have ${coins}."),
    "no_overpay": gettext_noop("You cannot overpay for {card}: only cards marked + can be overpaid for."),
    "overpay_negative": gettext_noop("An overpay cannot be negative."),
    "overpay_too_much": gettext_noop("You can overpay at most ${most} for that card."),
    "overpay_not_bought": gettext_noop("Overpaying is possible only when you buy a card, not when you gain one."),
    "end_actions_first": gettext_noop("End your Action phase first; your turn ends after your Buy phase."),
    "not_action_phase": gettext_noop("Your Action phase is over already."),
    # the cards' questions
    "not_revealed": gettext_noop("{card} is not one of the revealed cards."),
    "plaza_not_treasure": gettext_noop("Plaza lets you discard a Treasure only, and {card} is not one."),
    "stonemason_must_trash": gettext_noop("Stonemason: you must trash a card from your hand."),
    "butcher_tokens": ngettext_lazy(
        "Butcher: remove from 0 up to the {count} Coin token you hold.",
        "Butcher: remove from 0 up to the {count} Coin tokens you hold.",
    ),
    "butcher_no_trash": gettext_noop("Coin tokens are removed only after trashing a card with Butcher."),
    "taxman_not_treasure": gettext_noop("Taxman trashes a Treasure only, and {card} is not one."),
    "doctor_order": gettext_noop("Put back exactly the cards that were not trashed, each once, top card first."),
    "doctor_option": gettext_noop("Choose to trash, discard or put back the card."),
    "not_in_discard": gettext_noop("There is no {card} in your discard pile."),
    "unknown_name": gettext_noop("Name one of the 20 cards of the game: {card} is not one."),
    "gain_cost_max": gettext_noop("{card} costs ${cost}: choose a card costing up to ${limit}."),
    "gain_cost_below": gettext_noop("{card} costs ${cost}: choose a card costing less than ${limit}."),
    "gain_cost_exact": gettext_noop("{card} costs ${cost}: choose an Action card costing exactly ${limit}."),
    "gain_not_action": gettext_noop("{card} is not an Action card."),
    "gain_not_treasure": gettext_noop("{card} is not a Treasure."),
    # a decision of the wrong kind for the question asked (ILL-GEN-1)
    "expected_action": gettext_noop("Now play an Action card from your hand, or end your Action phase."),
    "expected_buy": gettext_noop("Now play Treasures, spend Coin tokens, buy a card, or end your turn."),
    "expected_advisor": gettext_noop("Now the player to the left chooses one of the revealed cards."),
    "expected_plaza": gettext_noop("Plaza: choose a Treasure from your hand to discard, or decline."),
    "expected_butcher_trash": gettext_noop("Butcher: choose a card from your hand to trash, or decline."),
    "expected_butcher_pay": gettext_noop("Butcher: choose how many Coin tokens to remove."),
    "expected_gain": gettext_noop("Choose the card to gain."),
    "expected_name": gettext_noop("Name a card."),
    "expected_doctor_order": gettext_noop("Doctor: choose the order to put the cards back, top card first."),
    "expected_doctor_overpay": gettext_noop("Doctor: trash, discard, or put back the card you looked at."),
    "expected_herald_overpay": gettext_noop("Herald: choose a card from your discard pile to put onto your deck."),
    "expected_stonemason_trash": gettext_noop("Stonemason: choose a card from your hand to trash."),
    "expected_taxman_trash": gettext_noop("Taxman: choose a Treasure from your hand to trash, or decline."),
}


def card_name(card, gettext=None):
    name = CARD_NAMES.get(card)
    if name is None:
        return card
    return gettext(name) if gettext else name


def format_error(template, params, gettext=None, ngettext=None):
    """A refusal's sentence; with ``gettext`` (and ``ngettext`` for a plural pair, counted by ``count``),
    translated, card names too."""
    _ = gettext or (lambda m: m)
    values = dict(params)
    if "card" in values:
        values["card"] = card_name(values["card"], gettext)
    if isinstance(template, tuple):
        return (ngettext or english_ngettext)(template[0], template[1], values.get("count", 0)).format(**values)
    return _(template).format(**values)


def translate_error(exc, gettext, ngettext=None):
    """The refusal ``exc`` in the reader's language."""
    return format_error(exc.template, exc.params, gettext, ngettext)


# --- the log in words -----------------------------------------------------------------------------------


class _Words:
    def __init__(self, gettext, ngettext):
        self._ = gettext or (lambda m: m)
        self.n = ngettext or english_ngettext
        self.gettext = gettext

    def __call__(self, message):
        return self._(message)

    def plural(self, pair, count):
        return self.n(pair[0], pair[1], count)

    def card(self, card):
        return card_name(card, self.gettext)

    def cards(self, cards):
        words = [self.card(c) for c in cards]
        if not words:
            return self._(T["nothing"])
        if len(words) == 1:
            return words[0]
        return self._(T["and"]).format(first=", ".join(words[:-1]), last=words[-1])

    def people(self, names):
        if len(names) == 1:
            return names[0]
        return self._(T["and"]).format(first=", ".join(names[:-1]), last=names[-1])


def describe(st, seq, viewer, names, gettext=None, ngettext=None):
    """Log entry ``seq`` (0 is the setup) in words for ``viewer`` (a seat, or None for a spectator)."""
    w = _Words(gettext, ngettext)
    events = st.events[seq]
    sentences = []
    for event in events:
        sentences += _sentences(event, viewer, names, w, st)
    if sentences:
        return " ".join(sentences)
    decided = next((e for e in events if e["t"] == "decided"), None)
    return w(T["chose"]).format(player=names[decided["seat"]]) if decided else ""


class _Entry:
    """One event as a viewer reads it: who did it, and whether the viewer may know its private part."""

    def __init__(self, e, viewer, names, w, st):
        self.e = e
        self.names = names
        self.w = w
        self.player = names[e["seat"]] if "seat" in e else ""
        self.own = st.phase == "over" or e.get("seat") == viewer
        self.coffers = st.rules["coffers_anytime"]

    def say(self, key, **values):
        return [self.w(T[key]).format(player=self.player, **values)]

    def count(self, key, count, **values):
        return [self.w.plural(T[key], count).format(player=self.player, count=count, **values)]


def _sentences(e, viewer, names, w, st):
    tell = _TELL.get(e["t"])
    return tell(_Entry(e, viewer, names, w, st)) if tell is not None else []


def _setup(x):
    return [x.w(T["setup"]).format(cards=x.w.cards(x.e["kingdom"]), player=x.names[x.e["first"]])]


def _play(x):
    if x.e.get("via"):
        return x.say("play_via", card=x.w.card(x.e["card"]), via=x.w.card(x.e["via"]))
    return x.say("play", card=x.w.card(x.e["card"]))


def _cards(x):
    return x.say(x.e["t"], cards=x.w.cards(x.e["cards"]))


def _tokens(x):
    key = x.e["t"] + "_coffers" if x.coffers else x.e["t"]
    return x.count(key, x.e["count"])


def _counted(x):
    return x.count(x.e["t"], x.e["count"])


def _buy(x):
    if x.e["overpay"]:
        return x.say("buy_overpay", card=x.w.card(x.e["card"]), amount=x.e["overpay"])
    return x.say("buy", card=x.w.card(x.e["card"]))


def _gain(x):
    if x.e["bought"]:
        return []  # told by the buy
    return x.say("gain_deck" if x.e["to"] == "deck" else "gain", card=x.w.card(x.e["card"]))


def _draw(x):
    if not x.e["count"]:
        return x.say("draw_none")
    if x.own:
        return x.say("draw", cards=x.w.cards(x.e["cards"]))
    return x.count("draw_count", x.e["count"])


def _card(x):
    return x.say(x.e["t"], card=x.w.card(x.e["card"]))


def _advisor_pick(x):
    return x.say("advisor_pick", card=x.w.card(x.e["card"]), other=x.names[x.e["player"]])


def _put_back(x):
    cards = x.e["cards"]
    if x.own or len(cards) == 1:
        return x.say("put_back", cards=x.w.cards(cards))
    return x.count("put_back_count", len(cards))


def _private_card(x):
    if x.own:
        return _card(x)
    return x.say(x.e["t"] + "_hidden")


def _cleanup(x):
    if x.e["top"] is None:
        return x.say("cleanup_empty")
    return x.say("cleanup", card=x.w.card(x.e["top"]))


def _game_end(x):
    e, w = x.e, x.w
    if e["reason"] != "rules":
        key = "game_end_left"
    else:
        key = "game_end_provinces" if e["provinces"] else "game_end_piles"
    sentences = [w(T[key])]
    winners = [x.names[s] for s in e["winners"]]
    if len(winners) == 1:
        sentences.append(w(T["winner"]).format(player=winners[0]))
    elif winners:
        sentences.append(w(T["winners"]).format(players=w.people(winners)))
    return sentences


def _resign(x):
    return x.say("resign_bot" if x.e["game_goes_on"] else "resign")


def _plain(x):
    return x.say(x.e["t"])


_TELL = {
    "setup": _setup, "turn": _plain, "play": _play, "treasures": _cards, "trash": _cards, "discard": _cards,
    "reveal": _cards, "to_hand": _cards, "reveal_hand": _cards, "buy_phase": _plain, "spend": _tokens,
    "tokens": _tokens, "remove_tokens": _counted, "shuffle": _counted, "take_over": _counted, "buy": _buy,
    "gain": _gain, "draw": _draw, "name": _card, "advisor_pick": _advisor_pick, "put_back": _put_back,
    "look": _private_card, "keep": _private_card, "herald_pick": _private_card, "cleanup": _cleanup,
    "game_end": _game_end, "resign": _resign, "timeout": _plain, "time_out": _plain,
}
