"""The log in words (guildhall.describe): redacted per viewer (R14, AMB-18), translatable."""

import copy
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as S

from engine import guildhall
from engine.guildhall import cardtext
from tests.engine.guildhall.helpers import cid, do, name, random_game, table

NAMES = ["Ana", "Ben", "Cy", "Di"]


def words(st, seq, viewer):
    return guildhall.describe(st, seq, viewer, NAMES)


def test_discard_draw_sentences_per_viewer():
    st = table(hands={0: ["red Farmer", "blue Weaver", "green Trader"]},
               deck_top=["purple Dancer", "yellow Historian", "red Assassin", "blue Dancer", "purple Weaver"])
    do(st, "discard_draw", ("discard", "blue Weaver"), ("discard", "red Farmer"), "done")
    seq = st.seq
    own = words(st, seq, 0)
    assert own == ("Ana discarded blue Weaver and red Farmer and drew purple Dancer, yellow Historian, "
                   "red Assassin, blue Dancer and purple Weaver.")
    for viewer in (1, None):
        other = words(st, seq, viewer)
        assert other == "Ana discarded 2 cards and drew 5 cards. The top of the discard pile is now red Farmer."
        hidden_cards = ("blue Weaver", "purple Dancer", "yellow Historian", "red Assassin", "blue Dancer",
                        "purple Weaver")
        for hidden in hidden_cards:
            assert hidden not in other


def test_play_tier_and_weave_sentences():
    st = table(hands={0: ["red Weaver", "blue Farmer", "green Dancer"]},
               halls={0: ["red Farmer", "blue Weaver", "green Weaver"]})
    do(st, ("play", "red Weaver"))
    assert words(st, st.seq, 1) == "Ana played a red Weaver."
    do(st, ("tier", 2))
    assert words(st, st.seq, 1) == "Ana used the Weaver at tier 2."
    do(st, ("select", "red Farmer"), ("select", "blue Farmer"), ("select", "green Dancer"))
    assert words(st, st.seq, 1) == (
        "Ana placed blue Farmer and green Dancer in their guildhall and took back red Farmer.")


def test_historian_search_names_only_the_card_taken():
    st = table(hands={0: ["red Historian"]}, halls={0: ["blue Historian", "green Historian"]},
               discard=["yellow Dancer", "purple Weaver", "green Trader"])
    do(st, ("play", "red Historian"), ("tier", 2), ("select", "purple Weaver"))
    text = words(st, st.seq, 1)
    assert text == "Ana took a purple Weaver from the discard pile into their guildhall."
    assert "yellow Dancer" not in words(st, st.seq - 1, 1)


def test_undo_is_a_sentence():
    st = table(hands={0: ["red Farmer"]})
    do(st, ("play", "red Farmer"), "undo")
    assert words(st, st.seq, 1) == "Ana took back their last decision."


def test_turn_and_end_of_turn_with_duplicate():
    st = table(hands={0: ["red Weaver", "red Weaver"]})
    do(st, ("play", "red Weaver", 0), ("tier", 0), ("select", "red Weaver", 1), "end_turn")
    text = words(st, st.seq, 1)
    assert "Ana ended the turn: nothing went into the guildhall." in text
    assert "Ana discarded the duplicate red Weaver at the end of the turn." in text
    assert "Ben's turn begins." in text


def test_gettext_translates_templates_and_card_names():
    catalogue = {"{player} played a {card}.": "{player} spielte {card}.", "{colour} {profession}":
                 "{profession} ({colour})", "red": "rot", "Weaver": "Weber"}
    st = table(hands={0: ["red Weaver"]})
    do(st, ("play", "red Weaver"))
    text = guildhall.describe(st, st.seq, 1, NAMES, gettext=lambda m: catalogue.get(m, m))
    assert text == "Ana spielte Weber (rot)."


def redacted_events(events, viewer, rng):
    """The entry's events with every card hidden from ``viewer`` replaced by another card."""
    out = copy.deepcopy(events)
    for e in out:
        if e.get("seat") == viewer:
            continue
        if e["t"] == "draw":
            e["cards"] = [rng.randrange(120) for _ in e["cards"]]
        if e["t"] == "discard" and e["cards"]:
            e["cards"] = [rng.randrange(120) for _ in e["cards"][:-1]] + [e["cards"][-1]]
        if e["t"] == "pick" and e["phase"] in ("to_discard", "place"):  # chosen from a hand
            e["card"] = rng.randrange(120)
    return out


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(players=S.integers(2, 4), mode=S.sampled_from(["printed", "yucata"]), n=S.integers(0, 10**6))
def test_log_never_names_cards_drawn_or_buried_by_another_player(players, mode, n):
    st, _ = random_game(players, f"text-{n}", mode, rng_seed=n, max_decisions=250)
    rng = random.Random(n)
    for seq in range(1, st.seq + 1):
        for viewer in [None] + list(range(players)):
            text = words(st, seq, viewer)
            over = st.phase == "over"
            if not over:
                other = st.clone()
                other.events[seq] = redacted_events(st.events[seq], viewer, rng)
                assert words(other, seq, viewer) == text
            # the drawer sees their own cards; once the game is over, everyone does
            for e in st.events[seq]:
                if e["t"] == "draw" and e["cards"] and (e["seat"] == viewer or over):
                    assert all(name(c) in text for c in e["cards"])


def test_redaction_check_is_not_vacuous():
    st = table(hands={0: ["red Farmer"]}, deck_top=["purple Dancer"] * 4 + ["blue Dancer"])
    do(st, "discard_draw", "done")
    rng = random.Random(1)
    other = st.clone()
    other.events[st.seq] = redacted_events(st.events[st.seq], 1, rng)
    assert words(other, st.seq, 0) != words(st, st.seq, 0)  # the drawer's own text does name cards
    assert cid("blue Dancer") in st.players[0].hand


def test_card_texts_match_the_tiers_the_engine_offers():
    """Card texts (cardtext.py): one text per tier of reference §6 (AMB-12: 0/2/4, Farmer 1/3) and per VP kind."""
    from engine.guildhall.abilities import ABILITIES
    from engine.guildhall.cards import VP_KINDS
    from engine.guildhall.cardtext import PROFESSION_TIERS, VP_ABILITY_TEXT, tier_text

    assert set(PROFESSION_TIERS) == set(guildhall.cards.PROFESSIONS)
    for profession, tiers in PROFESSION_TIERS.items():
        thresholds = getattr(ABILITIES[profession], "thresholds", (0,))
        assert tuple(t for t, _text in tiers) == tuple(thresholds), profession
        for t, text in tiers:
            assert text and tier_text(profession, t) == text
    assert tier_text("farmer", 2) == ""
    assert tier_text("dancer", 3) == PROFESSION_TIERS["dancer"][0][1]  # any Dancer level has the one text
    assert set(VP_ABILITY_TEXT) == set(VP_KINDS)
    assert VP_ABILITY_TEXT["VP5"] == VP_ABILITY_TEXT["VP9"] == ""
    assert all(VP_ABILITY_TEXT[k] for k in VP_KINDS if k not in ("VP5", "VP9"))
    assert tier_text("weaver", 2, gettext=str.upper) == PROFESSION_TIERS["weaver"][1][1].upper()


# --- every entry says what happened, public cards named -----------------------------------------------------
def test_an_assassin_entry_names_the_target_and_what_it_did():
    st = table(hands={0: ["red Assassin"]}, halls={0: ["blue Assassin", "green Assassin"],
                                                    1: ["red Weaver", "blue Farmer", "green Trader"]})
    do(st, ("play", "red Assassin"), ("tier", 2))
    do(st, ("target", 1))
    assert words(st, st.seq, None) == "Ana's Assassin targets Ben."
    do(st, ("select", "red Weaver"))
    assert words(st, st.seq, None) == "Ana chose Ben's red Weaver to discard."
    do(st, ("select", "blue Farmer"))
    assert words(st, st.seq, None) == "Ana's Assassin discarded Ben's red Weaver and blue Farmer."


def test_buying_names_the_vp_card_in_words_and_what_was_paid():
    st = table(completed={0: ["weaver"]}, row=["VP4-StealCard", "VP5", "VP5", "VP9", "VP9"],
               vp_deck_top=["VP3-Draw6"], halls={1: ["red Farmer"]})
    steal = st.row[0]
    do(st, ("buy", steal))
    assert words(st, st.seq, 1) == "Ana is buying the VP card Steal a card · 4 VP, paying 1 completed chapter."
    do(st, ("pay", cid("blue Weaver")))  # no question follows (rules version 3): the card is taken at once
    text = words(st, st.seq, 1)
    assert text.startswith("Ana paid with a completed chapter of Weavers; blue Weaver is now on top of "
                           "the discard pile.")
    assert "Ana bought the VP card Steal a card · 4 VP." in text
    assert "The VP card Draw six · 3 VP was dealt into the center row." in text
    assert cardtext.vp_words(st.row[1]) == "5 VP"


def test_hidden_cards_are_counted_with_real_plurals():
    st = table(hands={0: ["red Farmer", "blue Weaver", "green Trader", "red Dancer", "blue Dancer", "red Trader"]},
               deck_top=["purple Dancer"])
    do(st, "discard_draw", ("discard", "blue Weaver"))
    assert words(st, st.seq, 1) == "Ana is choosing cards to discard: 1 chosen so far."
    assert words(st, st.seq, 0) == "Ana chose blue Weaver to discard."
    do(st, "done")
    assert words(st, st.seq, 1) == ("Ana discarded 1 card and drew 1 card. The top of the discard pile is now "
                                    "blue Weaver.")


def test_the_order_chosen_beneath_the_top_is_not_named_in_printed_mode():
    for mode in ("printed", "yucata"):
        st = table(mode=mode, version="2", completed={0: ["weaver"]}, row=["VP5", "VP5", "VP9", "VP9", "VP3-Draw6"])
        do(st, ("buy", st.row[0]), ("pay", cid("blue Weaver")), ("select", "green Weaver"))
        assert words(st, st.seq, 0) == "Ana put green Weaver beneath blue Weaver on the discard pile."
        other = words(st, st.seq, 1)
        if mode == "printed":
            assert other == "Ana chose the next card down the discard pile."
        else:  # Y5: the pile is public in Yucata mode
            assert other == words(st, st.seq, 0)


def test_no_entry_of_whole_games_falls_back_to_a_vague_sentence():
    """Every decision causes an event that says what happened: never "made a choice"."""
    for n, (players, mode, kind) in enumerate([(2, "printed", "random"), (3, "yucata", "greedy"),
                                               (4, "printed", "greedy"), (2, "yucata", "random")]):
        st, _log = random_game(players, f"words-{n}", mode, rng_seed=n, kind=kind, max_decisions=1500)
        for seq in range(1, st.seq + 1):
            for viewer in (None, 0):
                text = words(st, seq, viewer)
                assert text and "made a choice" not in text and "(s)" not in text, (seq, text)
