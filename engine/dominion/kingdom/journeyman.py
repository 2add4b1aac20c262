"""Journeyman — $5, Action (G-JOURNEYMAN-1..3, DEC-NAME).

Name a card (compulsory, any of the 20: pydominion's "no guess" is wrong, design §1.4.2). Reveal cards
from the top of your deck until 3 not of that name are revealed (shuffling at most once: the revealed
cards are not in the discard pile, D-SHUF-3). Put those 3 into your hand and discard the named ones.
Everything revealed is public.
"""

from ..effects import answer, ask
from ..zones import discard, emit, reveal

NAME = "Journeyman"


def ask_name(st, f):
    ask(st, "name", f["seat"], card=NAME)


def reveal_until_three(st, f):
    seat = f["seat"]
    name = answer(f)["card"]
    emit(st, {"t": "name", "seat": seat, "card": name, "source": NAME})
    cards = reveal(st, seat, 3, counts=lambda c: c != name)
    kept = [c for c in cards if c != name]
    if kept:
        st.seats[seat].hand.extend(kept)
        emit(st, {"t": "to_hand", "seat": seat, "cards": kept})
    named = [c for c in cards if c == name]
    if named:
        discard(st, seat, named)


PLAY = (ask_name, reveal_until_three)
