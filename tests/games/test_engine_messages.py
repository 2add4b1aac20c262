"""The engine's refusals reach players in their language: the service translates the engine's template
and names the card in that language (the game's translate_error, through games.exceptions.refusal_text)."""

import pytest
from django.utils import translation

import engine
from games import cache as state_cache
from games import services
from games.exceptions import IllegalDecision, refusal_text
from tests.games.helpers import pending_seat, started_game

GUILDHALL = engine.get("guildhall")

pytestmark = pytest.mark.django_db


def _illegal_setup_place(game):
    """A setup placement of a card identical to one already placed: refused by the engine (R3.6)."""
    seat = pending_seat(game)
    state = state_cache.load_state(game)
    while state.stack[-1]["kind"] != "setup_place":
        services.submit_decision(game.pk, seat.user, game.seq, {"type": "done"})
        game.refresh_from_db()
        state = state_cache.load_state(game)
    player = state.players[seat.position]
    first = player.hand[0]
    # Another copy of the placed card that is not in hand: "not in your hand" whatever the deal.
    twin = next(c for c in range(120) if c // 4 == first // 4 and c != first and c not in player.hand)
    services.submit_decision(game.pk, seat.user, game.seq, {"type": "place", "card": first})
    game.refresh_from_db()
    return seat, twin


@pytest.mark.parametrize(
    ("language", "expected"),
    [("en", "That card is not in your hand."), ("de", "Diese Karte ist nicht auf deiner Hand."),
     ("es", "Esa carta no está en tu mano.")],
)
def test_a_refusal_in_the_players_language(make_user, language, expected):
    game = started_game([make_user("ana"), make_user("ben")])
    seat, twin = _illegal_setup_place(game)
    seq = game.seq
    with translation.override(language), pytest.raises(IllegalDecision) as refused:
        services.submit_decision(game.pk, seat.user, seq, {"type": "place", "card": twin})
    assert expected in str(refused.value)
    game.refresh_from_db()
    assert game.seq == seq  # nothing changed


def test_a_refusal_names_the_card_in_the_readers_language():
    """The site translates a refusal through the game's own translate_error (games.exceptions.refusal_text):
    the card is named in the reader's language too, not only the sentence around it."""
    from engine.guildhall.errors import IllegalDecision as GuildhallRefusal
    from engine.guildhall.messages import ERRORS

    exc = GuildhallRefusal(ERRORS["duplicate"], card=0)  # card 0: a red Assassin
    assert exc.message == "You already have a red Assassin in your guildhall."
    with translation.override("de"):
        german = refusal_text(GUILDHALL, exc)
    assert german.startswith("In deinem Gildenhaus liegt bereits eine gleiche Karte:")
    assert "Assassin" not in german and "{" not in german
