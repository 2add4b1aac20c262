"""Guildhall's prompt on the decider's turn: the legal decisions turned into the prompt's words, the hand's
and the center row's buttons and the prompt panel's buttons, grouped by where the cards lie.

Each decision type has its own small function (``_ADD``), which puts its button where the table draws
it; what a choice means comes from the view's ``pending.phase`` (give, take, back, place, discard, mine,
theirs) or ``pending.kind``.
"""

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from games.presentation.base import option, order_control

from . import cards as C

HAND_VERBS = {"play": "play", "discard": "discard", "place": "place"}
SELECT_VERBS = ("discard", "give", "take", "back", "place")


def _verb_label(verb):
    return {
        "discard": _("Discard"),
        "give": _("Give"),
        "take": _("Take"),
        "back": _("Take back"),
        "place": _("Place"),
        "play": _("Play"),
        "order": _("Next down the pile"),
        "choose": _("Choose"),
    }[verb]


class _Buttons:
    """Where each offered decision goes, collected while the legal decisions are read."""

    def __init__(self, table, pending, view, me):
        self.names = table["names"]
        self.pending = pending
        self.kind = pending.get("kind")
        self.view = view
        self.me = me
        self.hand_ids = {c["id"] for c in table["hand"]}
        self.hand = {}  # card id -> option
        self.row = {}  # VP card id -> option (the center row is drawn once, with its Buy buttons)
        self.panel = []  # options shown in the prompt panel
        self.groups = {}  # where the cards lie -> [options with card]
        self.undo = None
        self.phase_verbs = set()
        self.orderings = []  # the "choose the order" controls of decisions that put cards on the pile
        self.chapters_seen = set()

    def where(self, card_id):
        """Where an offered card lies, as the viewer sees it: 'hand', 'mine', 'theirs', 'row' or 'pile'."""
        if C.is_vp(card_id):
            return "row"
        if card_id in self.hand_ids:
            return "hand"
        for pv in self.view["players"]:
            for cards_ in pv["chapters"].values():
                if any(c["id"] == card_id for c in cards_):
                    return "mine" if pv["seat"] == self.me else "theirs"
        return "pile"


def _undo(b, d):
    b.undo = option(d, _("Undo my last decision"))


def _hand_card(b, d):
    b.hand[d["card"]] = option(d, _verb_label(HAND_VERBS[d["type"]]), C.profession_card(d["card"]))


def _select(b, d):
    if b.kind == "order_pile":
        b.groups.setdefault("order", []).append(option(d, _verb_label("order"), C.profession_card(d["card"])))
        return
    verb = b.pending.get("phase") or "choose"
    if verb not in SELECT_VERBS:
        verb = "choose"
    b.phase_verbs.add(verb)
    opt = option(d, _verb_label(verb), C.profession_card(d["card"]))
    where = b.where(d["card"])
    if where == "hand":
        b.hand[d["card"]] = opt
    else:
        b.groups.setdefault(where, []).append(opt)


def _buy(b, d):
    b.row[d["card"]] = option(d, _("Buy"), C.vp_card(d["card"]))


def _pay(b, d):
    paying = b.kind == "pay"
    label = _("Pay with this chapter, this card on top") if paying else _("Discard this chapter, this card on top")
    b.groups.setdefault("completed", []).append(option(d, label, C.profession_card(d["card"])))
    chapter = frozenset(d.get("order", ()))
    if chapter and chapter not in b.chapters_seen:  # one control per chapter, from its first option
        b.chapters_seen.add(chapter)
        b.orderings.append(order_control(
            d, [C.profession_card(c) for c in d["order"]],
            _("Your chapter of %(professions)s") % {"professions": C.profession_plural(d["card"])},
            _("Pay with this chapter in this order") if paying else _("Discard this chapter in this order"),
            names_first="card",
        ))


def _end_turn(b, d):
    b.panel.append(option(d, _("End my turn")))
    if "order" in d:
        b.orderings.append(order_control(
            d, [C.profession_card(c) for c in d["order"]],
            _("The duplicates you discard at the end of your turn"), _("End my turn, these cards in this order"),
        ))


def _done(b, d):
    if b.kind == "order_pile":
        label = _("Keep the order shown")
    elif b.kind in ("setup_discard", "discard_draw"):
        label = _("Done: discard the chosen cards and draw")
    else:
        label = _("Done")
    b.panel.append(option(d, label))


def _tier(b, d):
    text = C.tier_text(b.pending.get("ability"), d["tier"])
    b.panel.append(option(d, _("Tier %(tier)s: %(text)s") % {"tier": d["tier"], "text": text}))


def _use(b, d):
    text = C.VP_TEXT.get(b.pending.get("ability"), "")
    b.panel.append(option(d, _("Use: %(text)s") % {"text": text} if text else _("Use the ability")))


def _target(b, d):
    b.panel.append(option(d, _("Choose %(name)s") % {"name": b.names.get(d["seat"], "?")}))


def _chapter(b, d):
    words = {"profession": C.profession_name(d["profession"])}
    if b.pending.get("phase") == "mine":
        label = _("Give my chapter of %(profession)s") % words
    else:
        label = _("Take the chapter of %(profession)s") % words
    b.panel.append(option(d, label))


def _plain(label):
    def add(b, d):
        b.panel.append(option(d, label()))

    return add


_ADD = {
    "undo": _undo,
    "play": _hand_card,
    "discard": _hand_card,
    "place": _hand_card,
    "select": _select,
    "buy": _buy,
    "pay": _pay,
    "discard_draw": _plain(lambda: _("Discard and draw up to 6")),
    "end_turn": _end_turn,
    "done": _done,
    "tier": _tier,
    "use": _use,
    "decline": _plain(lambda: _("Decline the ability")),
    "target": _target,
    "chapter": _chapter,
}


def _unknown(b, d):
    """A decision type this page does not know yet: still offered, plainly."""
    b.panel.append(option(d, d["type"]))


def prompt(table, legal, pending, view, me):
    """Turn the legal decisions into the prompt's words and buttons, in ``table``."""
    b = _Buttons(table, pending, view, me)
    for d in legal:
        _ADD.get(d["type"], _unknown)(b, d)
    for card_ in table["hand"]:
        card_["option"] = b.hand.get(card_["id"])
        if card_["option"] is not None or b.kind != "action":
            card_["why_not"] = None
    for card_ in table["center_row"]:
        card_["option"] = b.row.get(card_["id"])
    table.update(
        hand_buttons=b.hand,
        can_buy=bool(b.row),
        panel=b.panel,
        undo=b.undo,
        card_groups=_groups(b),
        ordering=_ordering(pending) if b.kind == "order_pile" else None,
        orderings=b.orderings,
        picks=_picks(pending),
        prompt=_prompt_text(b, legal),
    )


def _groups(b):
    source_names = {
        "completed": _("Your completed chapters"),
        "mine": _("Your guildhall"),
        "theirs": _("Guildhall of %(name)s") % {"name": b.names.get(b.pending.get("target"), "?")},
        "pile": _("Discard pile"),
        "order": _("The cards to put in order"),
    }
    groups = []
    for source, options in b.groups.items():
        group = {"name": source_names[source], "options": options, "source": source}
        if source == "pile" and b.pending.get("pile"):
            group["search"] = _search_cards(b.pending["pile"], options)
        groups.append(group)
    return groups


def _search_cards(pile, options):
    """A Historian's search: every card of the pile, top first; the ones that may be taken carry their
    button, the others say why not (reference §6.3)."""
    by_card = {opt["card"]["id"]: opt for opt in options}
    cards = []
    for entry in pile:
        card_ = C.profession_card(entry["card"]["id"])
        offered = by_card.get(card_["id"])
        cards.append({"card": card_, "option": offered,
                      "why_not": None if offered else _("You already have one face up in your guildhall.")})
    return cards


def _ordering(pending):
    """The cards being put on the pile, as they lie now (top first), and the card already on top."""
    return {
        "cards": [C.profession_card(c["id"]) for c in pending.get("cards", [])],
        "on_top": C.profession_card(pending["on_top"]["id"]) if pending.get("on_top") else None,
    }


def _picked_name(item):
    if isinstance(item, str):
        return C.profession_name(item) if item in C.PROFESSION_NAMES else item
    if isinstance(item, int) and C.is_vp(item):
        return C.vp_card(item)["label"]
    return None


def _picks(pending):
    """The choices made so far in the pending prompt (only the deciding player's view has them)."""
    labels = {
        "discard": _("Chosen to discard:"),
        "give": _("Chosen to give:"),
        "take": _("Chosen to take:"),
        "back": _("Chosen to take back:"),
        "place": _("Chosen to place:"),
        "mine": _("Your chapter:"),
        "theirs": _("Their chapter:"),
        "order": _("Put in order so far, from the top:"),
    }
    rows = []
    for phase, picked in (pending.get("picks") or {}).items():
        if not picked or pending.get("kind") in ("setup_discard", "discard_draw"):
            continue  # hand discards are marked on the hand cards themselves
        cards_ = [C.profession_card(item["id"]) for item in picked if isinstance(item, dict)]
        names = [name for name in map(_picked_name, picked) if name is not None]
        rows.append({"label": labels.get(phase, ""), "cards": cards_, "names": names})
    return rows


def _list_words(items):
    if len(items) <= 1:
        return "".join(items)
    return _("%(first)s or %(last)s") % {"first": ", ".join(items[:-1]), "last": items[-1]}


def _action_text(b, legal):
    actions = b.view.get("actions") or 0
    offered = {d["type"] for d in legal}
    choices = []
    if "play" in offered:
        choices.append(_("play a card from your hand"))
    if "discard_draw" in offered:
        choices.append(_("discard and draw up to 6"))
    if "buy" in offered:
        choices.append(_("buy a VP card from the center row"))
    if choices:
        text = ngettext(
            "Your turn: %(n)s action left. You may %(choices)s, or end your turn.",
            "Your turn: %(n)s actions left. You may %(choices)s, or end your turn.",
            actions,
        )
    else:
        text = ngettext("Your turn: %(n)s action left.", "Your turn: %(n)s actions left.", actions)
    return text % {"n": actions, "choices": _list_words(choices)}


def _setup_place_text(b, legal):
    placed = sum(len(cs) for cs in b.view["players"][b.me]["chapters"].values())
    return _("Setup: place 3 cards from your hand into your guildhall, no two identical (%(n)s of 3 placed).") % {
        "n": placed
    }


def _tier_text(b, legal):
    card_ = b.pending.get("card") or {}
    if "kind" in card_:
        return _("Use the ability of the VP card %(name)s?") % {"name": C.vp_card(card_["id"])["label"]}
    return _("Choose a tier of the %(name)s ability, or decline it.") % {
        "name": C.ability_name(b.pending.get("ability"))
    }


def _pay_text(b, legal):
    left = b.pending.get("left") or 1
    name = C.vp_card(b.pending["card"]["id"])["label"] if b.pending.get("card") else ""
    return ngettext(
        "Pay for the VP card %(name)s: discard %(n)s more completed chapter. The card you choose goes on "
        "top of the discard pile.",
        "Pay for the VP card %(name)s: discard %(n)s more completed chapters. The card you choose goes on "
        "top of the discard pile.",
        left,
    ) % {"n": left, "name": name}


def _ability_text(b, legal):
    pending = b.pending
    parts = [
        _("%(ability)s ability, tier %(tier)s.") % {
            "ability": C.ability_name(pending.get("ability")), "tier": pending.get("tier")}
    ]
    offered = {d["type"] for d in legal}
    if "target" in offered:
        parts.append(_("Choose the player it acts on."))
    elif "chapter" in offered:
        parts.append(_("Choose a chapter."))
    verbs = {
        "discard": _("Choose a card to discard."),
        "give": _("Choose a card to give."),
        "take": _("Choose a card to take."),
        "back": _("Choose a card to take back into your hand."),
        "place": _("Choose a card to place in your guildhall."),
        "choose": _("Choose a card."),
    }
    parts.extend(verbs[verb] for verb in sorted(b.phase_verbs))
    if pending.get("pile"):
        parts.append(_("You may look through the whole discard pile."))
    if pending.get("target") is not None:
        parts.append(_("With %(name)s.") % {"name": b.names.get(pending["target"], "?")})
    return " ".join(str(p) for p in parts)


def _fixed(text):
    return lambda b, legal: text()


_TEXT = {
    "setup_discard": _fixed(lambda: _(
        "Setup: choose the cards you want to discard, one at a time, then Done. You draw back up to 9.")),
    "setup_place": _setup_place_text,
    "action": _action_text,
    "discard_draw": _fixed(lambda: _(
        "Choose the cards you want to discard, one at a time, then Done. You draw up to 6.")),
    "choose_tier": _tier_text,
    "pay": _pay_text,
    "shed_chapters": _fixed(lambda: _(
        "You have more than three completed chapters: discard one. The card you choose goes on top of the "
        "discard pile.")),
    "order_pile": _fixed(lambda: _(
        "Put these cards on the discard pile in the order you want: choose the card that goes next, from the "
        "top down, or keep the order shown.")),
    "ability": _ability_text,
}


def _prompt_text(b, legal):
    said = _TEXT.get(b.kind)
    return said(b, legal) if said else _("Your decision.")
