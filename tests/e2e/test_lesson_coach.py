"""The guided first game in the browser: the coach's "Show me where" leads somewhere.

A learner who presses "Show me where" and then Enter on the control it focuses must move on. The coach
lists the control to use first (the cards that can never be played, before Done); before, the button
focused the first match in the page's order, which in a discard-and-draw is the prompt's Done, above the
hand: Done handed back the same hand, and the coach asked for the same step again, turn after turn.
"""

import random

import pytest

import engine
from games import cache as state_cache
from games import services
from games.learn import selectors
from games.learn import services as learn
from games.models import Game

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

GUILDHALL = engine.get("guildhall")


@pytest.fixture(autouse=True)
def _fresh_snapshots():
    # Every lesson has the same seed: the process's own snapshots of another test's lesson must not be read.
    state_cache.clear_local()
    yield
    state_cache.clear_local()


def _state(game):
    game.refresh_from_db()
    state = state_cache.load_state(game)
    return state, GUILDHALL.view(state, 0), GUILDHALL.legal_decisions(state, 0)


def _dead_cards(view):
    """The learner's hand cards identical to a card face up in their own guildhall: never playable."""
    me = view["players"][0]
    face_up = {(c["profession"], c["colour"]) for cards in me["chapters"].values() for c in cards}
    return sorted(c["id"] for c in view["you"]["hand"] if (c["profession"], c["colour"]) in face_up)


def _play_until_stuck(game, user):
    """The learner's seat played by the greedy bot until an action prompt where no card can be played and
    the hand holds cards that never can: the coach's "Refill your hand"."""
    for _i in range(600):
        game.refresh_from_db()
        assert game.status == Game.Status.ACTIVE and game.to_move_user_id == user.pk
        state, view, legal = _state(game)
        if (view["pending"]["kind"] == "action" and not any(d["type"] == "play" for d in legal)
                and _dead_cards(view)):
            return view
        decision = GUILDHALL.bots.choose(state, 0, kind="greedy", rng=random.Random(f"{state.seed}:{state.seq}"))
        services.submit_decision(game.pk, user, game.seq, decision)
    raise AssertionError("the lesson never came to a hand to refill")


def test_show_me_where_then_enter_discards_the_dead_cards_and_moves_on(live_server, logged_in_page, make_user):
    user = make_user("newcomer")
    game, _new = learn.start_or_resume(user)
    view = _play_until_stuck(game, user)
    dead = _dead_cards(view)
    assert selectors.coach_for(game, user)["advice"]["title"] == "Refill your hand"

    page = logged_in_page(user)
    page.goto(f"{live_server.url}/games/{game.pk}/")
    page.wait_for_selector("#coach")
    focused = []
    entered_discard_draw = False
    for _i in range(10):
        game.refresh_from_db()
        _s, now, _legal = _state(game)
        in_discard_draw = (now.get("pending") or {}).get("kind") == "discard_draw"
        entered_discard_draw |= in_discard_draw
        if entered_discard_draw and not in_discard_draw:
            break  # the discard-and-draw action is over
        before = int(page.get_attribute("#table", "data-seq"))
        page.get_by_role("button", name="Show me where").click()
        focused.append(page.evaluate(
            "() => { const el = document.activeElement;"
            " return [el.dataset.decisionType || null, el.dataset.decisionCard || null]; }"
        ))
        page.keyboard.press("Enter")
        page.wait_for_function("b => Number(document.querySelector('#table').dataset.seq) > b", arg=before)
    else:
        raise AssertionError(f"still discarding and drawing after {len(focused)} presses: {focused}")

    # The button went to the action, then to each card that can never be played, and to Done last.
    assert focused[0] == ["discard_draw", None]
    assert sorted(int(card) for _type, card in focused[1:-1]) == dead
    assert all(kind == "discard" for kind, _card in focused[1:-1])
    assert focused[-1] == ["done", None]
    # Those cards are gone from the hand: the learner is not back where they started.
    _s, after, _legal = _state(game)
    assert not set(dead) & {c["id"] for c in after["you"]["hand"]}
