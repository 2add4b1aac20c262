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

from .cards import PROFESSION_OF, PROFESSIONS
from .cardtext import PROFESSION_NAMES, PROFESSION_PLURALS, card_words, vp_kind_words, vp_words
from .markers import english_ngettext, gettext_noop, ngettext_lazy

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


def _follows_discard(events, index):
    """A draw right after its player's discard (setup, the Discard action) is told with the discard."""
    previous = events[index - 1] if index else None
    return previous is not None and previous["t"] == "discard" and previous["seat"] == events[index]["seat"]


class _Entry:
    """One event of a log entry as one viewer reads it: the words, who acted and on whom, and what the
    viewer may know of it."""

    __slots__ = ("e", "w", "names", "events", "index", "player", "target", "own", "pile_public")

    def __init__(self, e, viewer, names, w, st, events, index):
        over = st.phase == "over"
        self.e, self.w, self.names, self.events, self.index = e, w, names, events, index
        self.player = names[e["seat"]] if "seat" in e else ""
        self.target = names[e["target"]] if e.get("target") is not None else ""
        self.own = over or e.get("seat") == viewer
        self.pile_public = over or st.mode == "yucata"  # Y5: the pile's cards are public in Yucata mode

    def say(self, key, **values):
        return self.w(T[key]).format(player=self.player, **values)

    def say_count(self, key, count, **values):
        return self.w.plural(T[key], count).format(player=self.player, count=count, **values)


def _sentences(e, viewer, names, w, st, events, index):
    tell = _TELL.get(e["t"])
    return tell(_Entry(e, viewer, names, w, st, events, index)) if tell else []


def _discard(x):
    e, w = x.e, x.w
    following = x.events[x.index + 1] if x.index + 1 < len(x.events) else None
    draw = following if following and following["t"] == "draw" and following["seat"] == e["seat"] else None
    discarded = w.cards(e["cards"]) if x.own and e["count"] else w.count(e["count"])
    if draw is None:
        sentences = [x.say("discarded", discarded=discarded)]
    else:
        drawn = w.cards(draw["cards"]) if x.own and draw["count"] else w.count(draw["count"])
        sentences = [x.say("discard_and_draw", discarded=discarded, drawn=drawn)]
    if e["count"] and not x.own:
        sentences.append(w(T["new_top"]).format(card=w.card(e["top"])))
    return sentences


def _draw(x):
    e = x.e
    if e["count"] == 0:
        return []
    return [x.say("drew", drawn=x.w.cards(e["cards"]) if x.own else x.w.count(e["count"]))]


def _use(x):
    ability = x.e["ability"]
    if ability in PROFESSION_NAMES:
        return [x.say("use", ability=x.w.ability(ability), tier=x.e["tier"])]
    return [x.say("use_vp", vp=x.w.ability(ability))]


def _decline(x):
    ability = x.e["ability"]
    key = "decline" if ability in PROFESSION_NAMES else "decline_vp"
    return [x.say(key, ability=x.w.ability(ability), vp=x.w.ability(ability))]


def _target(x):
    ability = x.e.get("ability")
    if ability is not None and ability not in PROFESSION_NAMES:
        return [x.say("target_vp", vp=x.w.ability(ability), target=x.target)]
    return [x.say("target", ability=x.w.ability(ability) if ability else "", target=x.target)]


def _weave(x):
    e = x.e
    key = "weave_back" if e["took"] else "weave"
    return [x.say(key, placed=x.w.cards(e["placed"]), took=x.w.cards(e["took"]))]


def _take_chapter(x):
    cards = x.e["cards"]
    professions = x.w.professions(PROFESSION_OF[cards[0]])
    return [x.say("take_chapter", target=x.target, cards=x.w.cards(cards), professions=professions)]


def _pay_or_shed(x):
    card = x.e["card"]
    return [x.say(x.e["t"], card=x.w.card(card), professions=x.w.professions(PROFESSION_OF[card]))]


def _order(x):
    e = x.e
    if not (x.own or x.pile_public):
        return [x.say("order_hidden")]
    if e["above"] is None:
        return [x.say("order_top", card=x.w.card(e["card"]))]
    return [x.say("order", card=x.w.card(e["card"]), above=x.w.card(e["above"]))]


def _ordered(x):
    if not (x.own or x.pile_public):
        return [x.say("ordered_hidden")]
    return [x.say("ordered", cards=x.w.cards(x.e["cards"]))]


def _pile_order(x):
    e = x.e
    if x.own or x.pile_public:
        return [x.say("pile_order", cards=x.w.cards(e["cards"]))]
    # R14: beneath the top the order stays hidden; a chapter's top card was told with the payment.
    return [x.w(T["new_top"]).format(card=x.w.card(e["cards"][0]))] if e["group"] == "duplicates" else []


def _buy(x):
    e, w = x.e, x.w
    sentences = [x.say("buy", vp=vp_words(e["card"], w))]
    if e["refill"] is not None:
        sentences.append(w(T["refill"]).format(vp=vp_words(e["refill"], w)))
    return sentences


def _end_turn(x):
    e, w = x.e, x.w
    sentences = [x.say("end_turn", moved=w.cards(e["moved"]))]
    if e["discarded"]:
        sentences.append(x.say_count("end_turn_dup", len(e["discarded"]), discarded=w.cards(e["discarded"])))
    return sentences


def _game_ends(x):
    winner = x.e["winner"]
    if winner is None:
        return [x.w(T["game_ends_shared"])]
    return [x.w(T["game_ends"]).format(player=x.names[winner])]


def _say(key):
    """An event told by one template with the acting player only."""
    return lambda x: [x.say(key)]


def _say_card(x):
    return [x.say(x.e["t"], card=x.w.card(x.e["card"]))]


def _say_count(x):
    return [x.say_count(x.e["t"], x.e["count"])]


# Each event type and how it is told (every function takes an _Entry, returns its sentences).
_TELL = {
    "turn": _say("turn"),
    "discard": _discard,
    "draw": _draw,
    "discard_draw": _say("discard_draw"),
    "shuffle": lambda x: [x.w.plural(T["shuffle"], x.e["count"]).format(count=x.e["count"])],
    "place": _say_card,
    "play": _say_card,
    "historian": _say_card,
    "use": _use,
    "decline": _decline,
    "target": _target,
    "assassinate": lambda x: [x.say("assassinate", cards=x.w.cards(x.e["cards"]), target=x.target)],
    "tokens": _say_count,
    "actions": _say_count,
    "trade": lambda x: [x.say("trade", target=x.target, gave=x.w.cards(x.e["gave"]), took=x.w.cards(x.e["took"]))],
    "weave": _weave,
    "stop_placing": _say("stop_placing"),
    "steal": lambda x: [x.say("steal", card=x.w.card(x.e["card"]), target=x.target)],
    "take_chapter": _take_chapter,
    "complete": lambda x: [x.say("complete", professions=x.w.professions(x.e["profession"]))],
    "buying": lambda x: [x.say_count("buying", x.e["cost"], vp=vp_words(x.e["card"], x.w))],
    "pay": _pay_or_shed,
    "shed": _pay_or_shed,
    "order": _order,
    "ordered": _ordered,
    "pile_order": _pile_order,
    "buy": _buy,
    "end_turn": _end_turn,
    "win": lambda x: [x.say("win", vp=x.e["vp"])],
    "pick": lambda x: [_pick_sentence(x.e, x.player, x.target, x.own, x.w)],
    "undo": _say("undo"),
    "resign": lambda x: [x.say("resign_bot" if x.e["game_goes_on"] else "resign")],
    "take_over": _say_count,
    "timeout": _say("timeout"),
    "time_out": _say("time_out"),
    "game_ends": _game_ends,
}


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
