"""The log in words (``describe``) and the words of the game: every event told, for every viewer, in the
reader's language when a translation is passed; nothing private told to others."""

import random
import re

from engine import dominion as D
from engine.dominion import text

from .helpers import do, random_game, table

NAMES = ["Ann", "Bob", "Cat", "Dan"]


def shout(message):
    """A 'translation' that shows whether a string went through gettext."""
    return message.upper().replace("{PLAYER}", "{player}").replace("{CARD}", "{card}").replace(
        "{CARDS}", "{cards}").replace("{COUNT}", "{count}").replace("{OTHER}", "{other}").replace(
        "{VIA}", "{via}").replace("{AMOUNT}", "{amount}").replace("{PLAYERS}", "{players}").replace(
        "{FIRST}", "{first}").replace("{LAST}", "{last}")


def shout_n(singular, plural, count):
    return shout(singular if count == 1 else plural)


def test_every_event_of_many_games_is_told_to_every_viewer():
    told = set()
    for n in range(14):
        st, _ = random_game(2 + n % 3, f"words-{n}", rng_seed=n, options={"edition": ("2013", "2022")[n % 2]})
        for seq in range(st.seq + 1):
            told.update(e["t"] for e in st.events[seq])
            for viewer in list(range(st.num_players)) + [None]:
                sentence = D.describe(st, seq, viewer, NAMES)
                assert sentence and "{" not in sentence and "}" not in sentence
                loud = D.describe(st, seq, viewer, NAMES, shout, shout_n)
                assert not re.search(r"[a-z]{4}", loud.replace("Ann", "").replace("Bob", "").replace(
                    "Cat", "").replace("Dan", "")), loud
    assert told >= {"setup", "turn", "play", "treasures", "buy", "gain", "draw", "shuffle", "cleanup",
                    "game_end", "trash", "reveal", "name", "tokens", "spend", "discard"}


def test_card_names_and_texts_are_marked_for_every_card():
    assert set(text.CARD_NAMES) == set(D.CATALOGUE) == set(text.CARD_TEXTS)
    assert D.describe(table(hand=["Gold"], phase="buy"), 0, None, NAMES) == ""


def test_setup_entry_names_the_kingdom_and_the_first_player():
    st = D.new_game(2, "words", {"first_seat": 1, "kingdom": ["Advisor", "Baker", "Butcher", "Candlestick Maker",
                                                              "Doctor", "Herald", "Journeyman", "Masterpiece",
                                                              "Merchant Guild", "Plaza"]})
    words = D.describe(st, 0, 0, NAMES)
    assert "Candlestick Maker" in words and "Bob begins" in words
    assert "Bob drew 5 cards" in words and "Ann drew 5 cards" not in words and "Ann drew " in words


def test_tokens_are_coffers_in_the_later_edition():
    st = table(hand=["Candlestick Maker"], deck=["Copper"], cards=["Candlestick Maker"], edition="2022")
    do(st, ("play", "Candlestick Maker"))
    assert "took +1 Coffers" in D.describe(st, st.seq, 1, NAMES)
    st = table(hand=["Candlestick Maker"], deck=["Copper"], cards=["Candlestick Maker"])
    do(st, ("play", "Candlestick Maker"))
    assert "took 1 Coin token." in D.describe(st, st.seq, 1, NAMES)


def test_a_decision_with_nothing_to_tell_says_a_choice_was_made():
    st = table(hand=[], phase="buy", coins=0, buys=2)
    do(st, ("buy", "Copper"))
    assert D.describe(st, st.seq, 1, NAMES) == "Ann bought Copper."
    st = table(hand=["Plaza"], deck=["Estate"], cards=["Plaza"])
    do(st, ("play", "Plaza"), "decline")
    assert D.describe(st, st.seq, 1, NAMES) == "Ann made a choice."


def test_a_random_game_never_names_another_players_draw():
    rng = random.Random(5)
    st = D.new_game(3, "draws", {})
    while not st.finished and st.seq < 300:
        who = D.pending_player(st)
        D.apply(st, who, D.bots.choose(st, who, "random", rng))
        for event in st.events[st.seq]:
            if event["t"] == "draw" and event["count"]:
                other = (event["seat"] + 1) % 3
                assert f"drew {event['count']} card" in D.describe(st, st.seq, other, NAMES) or st.finished
