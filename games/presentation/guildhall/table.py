"""The table as one player (or a spectator) sees it, shaped for the templates.

Everything comes from ``games.selectors`` (which builds on ``engine.view`` for the viewer's seat and
``engine.legal_decisions``), never from the raw engine state: what the template can show is exactly what
the viewer may know. Every legal decision is rendered as exactly one button; nothing else is offered,
except that a decision which puts cards on the pile together (paying, shedding, ending the turn with
duplicates) also has a small "choose the order" control, closed, that sends it with another order.
"""

import json

from django.urls import reverse
from django.utils.html import format_html
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

import engine
from engine import text as engine_text
from engine.text import ERRORS
from games import selectors
from games.clock.selectors import absences_for_game, time_control_of
from games.models import Game

from . import cards as C

LOG_TAIL = 40

# Why a seat left the game (the view's ``departed``), as the table says it.
DEPARTED = {
    "resigned": lambda: _("Resigned: the bot plays this seat"),
    "timed_out": lambda: _("Time ran out"),
    "taken_over": lambda: _("Taken over by the bot after timeouts"),
}
# Once the game is over nobody plays the seat any more.
DEPARTED_OVER = {"resigned": lambda: _("Resigned")}
ENDED_BY = {
    "resigned": lambda: _("The game ended when a player resigned."),
    "timed_out": lambda: _("The game ended when a player's time ran out."),
    "taken_over": lambda: _("The game ended when the bot took over a seat after timeouts."),
}


def _decision_value(decision):
    return json.dumps(decision, sort_keys=True, separators=(",", ":"))


def _option(decision, label, card=None):
    """One button: the decision's JSON as its value, a label, and the card it shows (if any)."""
    return {"value": _decision_value(decision), "label": label, "card": card, "type": decision["type"]}


def build(game, user, full_log=False):
    data = selectors.detail(game, user)
    view = data["view"]
    me = data["your_seat"]
    names = {p["seat"]: p["username"] for p in data["players"] if p["seat"] is not None}
    players_by_seat = {p["seat"]: p for p in data["players"] if p["seat"] is not None}
    ctx = {
        "game": game,
        "summary": data,
        "view": view,
        "me": me,
        "is_player": me is not None,
        "seed": data["seed"],
    }
    if view is None:
        return ctx

    pending = view.get("pending") or {}
    pending_seat = pending.get("seat")
    ctx["pending_seat"] = pending_seat
    ctx["pending_name"] = names.get(pending_seat)
    my_view = view["players"][me] if me is not None else {}
    ctx["i_left"] = bool(my_view.get("departed"))
    # A player who left the game decides nothing: the server's bot plays their seat.
    ctx["my_turn"] = me is not None and pending_seat == me and game.status == Game.Status.ACTIVE and not ctx["i_left"]
    ctx["can_resign"] = me is not None and game.status == Game.Status.ACTIVE and not ctx["i_left"]
    ctx["active_name"] = names.get(view.get("active"))

    # Players: me last (nearest my hand), others clockwise after me.
    order = list(range(game.num_seats))
    if me is not None:
        order = [(me + i) % game.num_seats for i in range(1, game.num_seats)] + [me]
    placings = view.get("placings")
    players = []
    for seat in order:
        pv = view["players"][seat]
        summary = players_by_seat.get(seat, {})
        chapters = []
        for profession in C.PROFESSIONS:
            cards_ = pv["chapters"].get(profession)
            if cards_:
                chapters.append(
                    {
                        "profession": profession,
                        "name": C.profession_name(profession),
                        "cards": [C.profession_card(c["id"]) for c in cards_],
                        "count": len(cards_),
                    }
                )
        players.append(
            {
                "seat": seat,
                "name": names.get(seat, "?"),
                "name_html": _name_linked(names.get(seat, "?"), summary.get("kind")),
                "kind": summary.get("kind"),
                "is_me": seat == me,
                "is_active": seat == view.get("active") and view["phase"] != "over",
                "is_pending": seat == pending_seat,
                "vp": pv["vp"],
                "tokens": pv["tokens"],
                "hand_size": pv["hand_size"],
                "hand_known": pv.get("hand_known"),  # Yucata mode (Y5): publicly known hand cards
                "completed": pv["completed"],
                "completed_professions": [C.profession_name(p) for p in pv.get("completed_professions", [])],
                "vp_cards": [C.vp_card(v["id"]) for v in pv["vp_cards"]],
                "chapters": chapters,
                "place": placings[seat] if placings else None,
                "departed": _departed(pv.get("departed"), view["phase"] == "over"),
            }
        )
    ctx["players"] = players
    _clock_and_absences(ctx, game, players)
    ctx["center_row"] = [C.vp_card(v["id"]) for v in view["center_row"]]
    ctx["discard_top"] = C.profession_card(view["discard_top"]["id"]) if view.get("discard_top") else None
    ctx["yucata"] = _yucata_popups(view)
    area = view.get("action_area") or {}
    ctx["area_cards"] = [C.profession_card(c["id"]) for c in area.get("cards", [])]
    ctx["area_vp"] = [C.vp_card(v["id"]) for v in area.get("vp_cards", [])]
    ctx["played"] = [C.profession_name(p) for p in view.get("played", [])]
    if view["phase"] == "over":
        ctx["winner_name"] = names.get(view.get("winner"))
        ctx["ended_by"] = ENDED_BY.get(view.get("ended_by"), lambda: None)()
        ctx["finished_players"] = sorted(players, key=lambda p: (p["place"] or 99, p["seat"]))

    you = view.get("you") or {}
    hand = you.get("hand") or []
    picks = pending.get("picks") or {}
    marked = {c["id"] for c in picks.get("discard", []) if isinstance(c, dict)} if ctx["my_turn"] else set()
    why_not = {entry["card"]: entry["reason"] for entry in you.get("cannot_play", [])}
    ctx["hand"] = [
        dict(C.profession_card(c["id"]), marked=c["id"] in marked, why_not=_why_not_playable(c["id"], why_not))
        for c in hand
    ]

    if ctx["my_turn"]:
        _prompt(ctx, data["legal"], pending, view, names, hand)
    elif game.status == Game.Status.ACTIVE and pending_seat is not None:
        ctx["prompt"] = _waiting_text(pending_seat, names, players_by_seat, view)
        ctx["bot_thinking"] = _bot_to_move(pending_seat, players_by_seat, view)

    entries = selectors.log_entries(game, user, after=0 if full_log else max(0, game.seq - LOG_TAIL))
    ctx["log"] = list(reversed(entries))
    ctx["log_truncated"] = not full_log and game.seq > LOG_TAIL
    return ctx


def _departed(why, over):
    """Why a seat left the game, in the tense the game is in."""
    said = (DEPARTED_OVER.get(why) if over else None) or DEPARTED.get(why)
    return said() if said else None


def _name_linked(name, kind):
    """A person's name as a link to their profile; a bot's name as it is (bots have no profile)."""
    if kind != "user":
        return name
    return format_html('<a href="{}">{}</a>', reverse("public_profile", args=[name]), name)


def _bot_to_move(seat, players_by_seat, view):
    """The server's bot decides for ``seat``: a bot's seat, or the seat of a player who left the game."""
    return players_by_seat.get(seat, {}).get("kind") == "bot" or bool(view["players"][seat].get("departed"))


def _waiting_text(seat, names, players_by_seat, view):
    """What the table says while someone else decides: a bot is thinking (its move arrives by itself,
    over the live socket), or the table waits for a person."""
    name = names.get(seat, "?")
    if players_by_seat.get(seat, {}).get("kind") == "bot":
        return _("%(name)s is thinking…") % {"name": name}
    if view["players"][seat].get("departed"):
        return _("The bot is deciding for %(name)s…") % {"name": name}
    return _("Waiting for %(name)s.") % {"name": name}


def _clock_and_absences(ctx, game, players):
    """The game's time limit and declared absences ("away until …")."""
    tc = time_control_of(game)
    if tc is not None and tc.per_move:
        ctx["per_move"] = tc.per_move
        ctx["timeout_policy"] = tc.get_policy_display()
    by_seat = {}
    for absence in absences_for_game(game):
        by_seat.setdefault(absence.seat, absence)
    for player in players:
        player["absence"] = by_seat.get(player["seat"])


def _why_not_playable(card_id, reasons):
    """Why a hand card may not be played now, in the engine's words (R5.1), or None."""
    reason = reasons.get(card_id)
    if reason is None:
        return None
    if reason == "duplicate":
        return translate_error(ERRORS["duplicate"], {"card": card_id})
    return translate_error(ERRORS["played_this_turn"], {"profession": engine.card_json(card_id)["profession"]})


def translate_error(template, params):
    from django.utils.translation import gettext

    return engine_text.format_error(template, params, gettext, ngettext)


def _yucata_popups(view):
    """Y5 (Yucata mode only): the discard pile and the VP deck's cards, the unknown cards in play."""
    if "vp_deck_cards" not in view or view.get("phase") == "over":
        return None
    return {
        "discard_top_first": [C.profession_card(c["id"]) for c in reversed(view["discard"])],
        "vp_deck": [C.vp_card(v["id"]) for v in view["vp_deck_cards"]],
        "unknown_in_play": view["unknown_in_play"],
        "unseen": [
            {**u, "label": C.card_label(u["profession"], u["colour"])} for u in view.get("unseen_cards", [])
        ],
    }


def _where(card_id, view, hand_ids, me, target):
    """Where an offered card lies, as the viewer sees it: 'hand', 'mine', 'theirs', 'row' or 'pile'."""
    if card_id >= 120:
        return "row"
    if card_id in hand_ids:
        return "hand"
    for pv in view["players"]:
        for cards_ in pv["chapters"].values():
            if any(c["id"] == card_id for c in cards_):
                return "mine" if pv["seat"] == me else "theirs"
    return "pile"


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


def _ability_name(key):
    """A profession, or a VP card in words (never its kind)."""
    if key in C.PROFESSION_NAMES:
        return C.profession_name(key)
    from django.utils.translation import gettext

    return engine_text.vp_kind_words(key, gettext)


def _prompt(ctx, legal, pending, view, names, hand):
    """Turn the legal decisions into the prompt line, the hand and row buttons and the panel's buttons."""
    kind = pending.get("kind")
    me = ctx["me"]
    hand_ids = {c["id"] for c in hand}
    target = pending.get("target")
    ability = pending.get("ability")
    hand_buttons = {}  # card id -> option
    row_buttons = {}  # VP card id -> option (the center row is drawn once, with its Buy buttons)
    panel = []  # options shown in the prompt panel
    card_groups = {}  # source -> [options with card]
    undo = None
    phase_verbs = set()
    orderings = []  # the inline "choose the order" controls of decisions that put cards on the pile
    chapters_seen = set()

    for d in legal:
        t = d["type"]
        if t == "undo":
            undo = _option(d, _("Undo my last decision"))
        elif t in ("play", "discard", "place"):
            verb = {"play": "play", "discard": "discard", "place": "place"}[t]
            hand_buttons[d["card"]] = _option(d, _verb_label(verb), C.profession_card(d["card"]))
        elif t == "select" and kind == "order_pile":
            opt = _option(d, _verb_label("order"), C.profession_card(d["card"]))
            card_groups.setdefault("order", []).append(opt)
        elif t == "select":
            where = _where(d["card"], view, hand_ids, me, target)
            verb = pending.get("phase") or "choose"
            if verb not in ("discard", "give", "take", "back", "place"):
                verb = "choose"
            phase_verbs.add(verb)
            opt = _option(d, _verb_label(verb), C.profession_card(d["card"]))
            if where == "hand":
                hand_buttons[d["card"]] = opt
            else:
                card_groups.setdefault(where, []).append(opt)
        elif t == "buy":
            row_buttons[d["card"]] = _option(d, _("Buy"), C.vp_card(d["card"]))
        elif t == "pay":
            label = _("Pay with this chapter, this card on top") if kind == "pay" else _(
                "Discard this chapter, this card on top"
            )
            card_groups.setdefault("completed", []).append(_option(d, label, C.profession_card(d["card"])))
            chapter = frozenset(d.get("order", ()))
            if chapter and chapter not in chapters_seen:  # one control per chapter, from its first option
                chapters_seen.add(chapter)
                orderings.append(_order_control(
                    d, _("Your chapter of %(professions)s") % {"professions": C.profession_plural(d["card"])},
                    _("Pay with this chapter in this order") if kind == "pay" else _(
                        "Discard this chapter in this order")))
        elif t == "discard_draw":
            panel.append(_option(d, _("Discard and draw up to 6")))
        elif t == "end_turn":
            panel.append(_option(d, _("End my turn")))
            if "order" in d:
                orderings.append(_order_control(d, _("The duplicates you discard at the end of your turn"),
                                                _("End my turn, these cards in this order")))
        elif t == "done":
            panel.append(_option(d, _done_label(kind)))
        elif t == "tier":
            label = _("Tier %(tier)s: %(text)s") % {"tier": d["tier"], "text": C.tier_text(ability, d["tier"])}
            panel.append(_option(d, label))
        elif t == "use":
            text = C.VP_TEXT.get(ability, "")
            panel.append(_option(d, _("Use: %(text)s") % {"text": text} if text else _("Use the ability")))
        elif t == "decline":
            panel.append(_option(d, _("Decline the ability")))
        elif t == "target":
            panel.append(_option(d, _("Choose %(name)s") % {"name": names.get(d["seat"], "?")}))
        elif t == "chapter":
            profession = C.profession_name(d["profession"])
            if pending.get("phase") == "mine":
                label = _("Give my chapter of %(profession)s") % {"profession": profession}
            else:
                label = _("Take the chapter of %(profession)s") % {"profession": profession}
            panel.append(_option(d, label))
        else:  # a decision type this page does not know yet: still offered, plainly
            panel.append(_option(d, t))

    ctx["hand_buttons"] = hand_buttons
    for card_ in ctx["hand"]:
        card_["option"] = hand_buttons.get(card_["id"])
        if card_["option"] is not None or kind != "action":
            card_["why_not"] = None
    for card_ in ctx["center_row"]:
        card_["option"] = row_buttons.get(card_["id"])
    ctx["can_buy"] = bool(row_buttons)
    ctx["panel"] = panel
    ctx["undo"] = undo
    source_names = {
        "completed": _("Your completed chapters"),
        "mine": _("Your guildhall"),
        "theirs": _("Guildhall of %(name)s") % {"name": names.get(target, "?")},
        "pile": _("Discard pile"),
        "order": _("The cards to put in order"),
    }
    groups = []
    for source, options in card_groups.items():
        group = {"name": source_names[source], "options": options, "source": source}
        if source == "pile" and pending.get("pile"):
            group["search"] = _search_cards(pending["pile"], options)
        groups.append(group)
    ctx["card_groups"] = groups
    ctx["ordering"] = _ordering(pending) if kind == "order_pile" else None
    ctx["orderings"] = orderings
    ctx["picks"] = _picks(pending)
    ctx["prompt"] = _prompt_text(kind, pending, view, names, ability, phase_verbs, me, legal)


def _order_control(decision, title, button):
    """A small "choose the order" control for a decision that puts cards on the pile together (rules
    version 3): the cards in their default order, one choice per place from the top down, and a button
    that sends the decision with the order chosen (table.js writes the order into its value; the
    decision's own button sends the default order). Paying: the card on top names the chapter's ``card``."""
    cards = [C.profession_card(c) for c in decision["order"]]
    base = {k: v for k, v in decision.items() if k != "order"}
    return {
        "title": title,
        "button": button,
        "type": decision["type"],
        "value": _decision_value(decision),
        "base": _decision_value(base),
        "cards": cards,
        "places": [
            {"label": _("On top") if place == 0 else _("Place %(n)s from the top") % {"n": place + 1}, "card": card}
            for place, card in enumerate(cards)
        ],
    }


def _done_label(kind):
    if kind == "order_pile":
        return _("Keep the order shown")
    if kind in ("setup_discard", "discard_draw"):
        return _("Done: discard the chosen cards and draw")
    return _("Done")


def _search_cards(pile, options):
    """A Historian's search: every card of the pile, top first; the ones that may be taken carry their
    button, the others say why not (reference §6.3)."""
    by_card = {opt["card"]["id"]: opt for opt in options}
    cards = []
    for entry in pile:
        card_ = C.profession_card(entry["card"]["id"])
        option = by_card.get(card_["id"])
        cards.append({"card": card_, "option": option,
                      "why_not": None if option else _("You already have one face up in your guildhall.")})
    return cards


def _ordering(pending):
    """The cards being put on the pile, as they lie now (top first), and the card already on top."""
    return {
        "cards": [C.profession_card(c["id"]) for c in pending.get("cards", [])],
        "on_top": C.profession_card(pending["on_top"]["id"]) if pending.get("on_top") else None,
    }


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
        cards_, names = [], []
        for item in picked:
            if isinstance(item, dict):
                cards_.append(C.profession_card(item["id"]))
            elif isinstance(item, str):
                names.append(C.profession_name(item) if item in C.PROFESSION_NAMES else item)
            elif isinstance(item, int) and item >= 120:
                names.append(C.vp_card(item)["label"])
        rows.append({"label": labels.get(phase, ""), "cards": cards_, "names": names})
    return rows


def _action_text(legal, actions):
    offered = {d["type"] for d in legal}
    choices = []
    if "play" in offered:
        choices.append(_("play a card from your hand"))
    if "discard_draw" in offered:
        choices.append(_("discard and draw up to 6"))
    if "buy" in offered:
        choices.append(_("buy a VP card from the center row"))
    words = {"choices": _list_words(choices)}
    if choices:
        text = ngettext(
            "Your turn: %(n)s action left. You may %(choices)s, or end your turn.",
            "Your turn: %(n)s actions left. You may %(choices)s, or end your turn.",
            actions or 0,
        )
    else:
        text = ngettext("Your turn: %(n)s action left.", "Your turn: %(n)s actions left.", actions or 0)
    return text % {"n": actions or 0, **words}


def _list_words(items):
    if len(items) <= 1:
        return "".join(items)
    return _("%(first)s or %(last)s") % {"first": ", ".join(items[:-1]), "last": items[-1]}


def _prompt_text(kind, pending, view, names, ability, phase_verbs, me, legal):
    actions = view.get("actions")
    if kind == "setup_discard":
        return _("Setup: choose the cards you want to discard, one at a time, then Done. You draw back up to 9.")
    if kind == "setup_place":
        placed = sum(len(cs) for cs in view["players"][me]["chapters"].values())
        return _("Setup: place 3 cards from your hand into your guildhall, no two identical (%(n)s of 3 placed).") % {
            "n": placed
        }
    if kind == "action":
        return _action_text(legal, actions)
    if kind == "discard_draw":
        return _("Choose the cards you want to discard, one at a time, then Done. You draw up to 6.")
    if kind == "choose_tier":
        card_ = pending.get("card") or {}
        if "kind" in card_:
            return _("Use the ability of the VP card %(name)s?") % {"name": C.vp_card(card_["id"])["label"]}
        return _("Choose a tier of the %(name)s ability, or decline it.") % {"name": _ability_name(ability)}
    if kind == "pay":
        left = pending.get("left") or 1
        name = C.vp_card(pending["card"]["id"])["label"] if pending.get("card") else ""
        return ngettext(
            "Pay for the VP card %(name)s: discard %(n)s more completed chapter. The card you choose goes on "
            "top of the discard pile.",
            "Pay for the VP card %(name)s: discard %(n)s more completed chapters. The card you choose goes on "
            "top of the discard pile.",
            left,
        ) % {"n": left, "name": name}
    if kind == "shed_chapters":
        return _(
            "You have more than three completed chapters: discard one. The card you choose goes on top of the "
            "discard pile."
        )
    if kind == "order_pile":
        return _(
            "Put these cards on the discard pile in the order you want: choose the card that goes next, from the "
            "top down, or keep the order shown."
        )
    if kind == "ability":
        target = pending.get("target")
        parts = [
            _("%(ability)s ability, tier %(tier)s.") % {"ability": _ability_name(ability), "tier": pending.get("tier")}
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
        for verb in sorted(phase_verbs):
            parts.append(verbs[verb])
        if pending.get("pile"):
            parts.append(_("You may look through the whole discard pile."))
        if target is not None:
            parts.append(_("With %(name)s.") % {"name": names.get(target, "?")})
        return " ".join(str(p) for p in parts)
    return _("Your decision.")
