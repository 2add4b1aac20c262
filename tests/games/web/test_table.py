"""The table page: what each viewer sees, the buttons offered, and every way a decision can go wrong."""

import html as htmllib
import json
import re

import pytest
from django.urls import reverse

import engine
from engine.guildhall.views import hidden_cards
from games import cache as state_cache
from games import services
from games.models import Game
from tests.games.helpers import play, started_game

GUILDHALL = engine.get("guildhall")

pytestmark = pytest.mark.django_db


def state_of(game):
    game.refresh_from_db()
    return state_cache.load_state(game)


def may_not_see(state, seat):
    """Card ids ``seat`` may not see now: engine.views.hidden_cards, less what its own legal decisions show
    it (a Historian searching the discard pile sees the cards it may take)."""
    hidden = hidden_cards(state, seat)
    if seat is not None:
        hidden -= {d["card"] for d in GUILDHALL.legal_decisions(state, seat) if "card" in d}
    return hidden


def card_ids_in(html):
    return {int(x) for x in re.findall(r'data-card-id="(\d+)"', html)}


def offered(html):
    """The decisions the page offers, as dicts (one button each; the "choose the order" controls' buttons,
    which send one of them with another order, are ``order_controls``)."""
    return [json.loads(htmllib.unescape(v)) for v in re.findall(r'name="decision" value="([^"]*)"(?! data-order-base)',
                                                                html)]


def order_controls(html):
    """The "choose the order" controls: [(the decision its button sends, [the card ids offered per place])]."""
    controls = []
    for block in re.findall(r"<details[^>]*data-order-control.*?</details>", html, re.S):
        value = re.search(r'name="decision" value="([^"]*)" data-order-base', block).group(1)
        places = [[int(c) for c in re.findall(r'<option value="(\d+)"', select)]
                  for select in re.findall(r"<select data-order-place>.*?</select>", block, re.S)]
        controls.append((json.loads(htmllib.unescape(value)), places))
    return controls


def seats(game):
    by_pos = {s.position: s.user for s in game.seats.select_related("user")}
    mover = by_pos[game.to_move_position]
    waiting = by_pos[1 - game.to_move_position]
    return mover, waiting


def page(client, game, user):
    client.force_login(user)
    response = client.get(reverse("games:game", args=[game.pk]))
    assert response.status_code == 200
    return response.content.decode()


@pytest.mark.parametrize("moves", [0, 7, 25])
def test_each_viewer_sees_exactly_what_they_may(client, make_user, moves):
    game = started_game([make_user(), make_user()])
    play(game, moves)
    game.refresh_from_db()
    mover, waiting = seats(game)
    state = state_of(game)
    spectator = make_user()
    for user, seat in ((mover, game.to_move_position), (waiting, 1 - game.to_move_position), (spectator, None)):
        html = page(client, game, user)
        shown = card_ids_in(html)
        assert not shown & may_not_see(state, seat), f"hidden cards on the page of seat {seat}"
        assert game.seed not in html
        for other in range(2):
            if other != seat:
                for card in state.players[other].hand:
                    assert not re.search(rf'"card":{card}\b', htmllib.unescape(html))
        if seat is not None:
            assert set(state.players[seat].hand) <= shown
    # Only the player to move gets buttons, exactly the engine's legal decisions.
    legal = GUILDHALL.legal_decisions(state, game.to_move_position)
    mover_html = page(client, game, mover)
    assert sorted(map(json.dumps, offered(mover_html))) == sorted(json.dumps(d, sort_keys=True) for d in legal)
    assert offered(page(client, game, waiting)) == []
    assert offered(page(client, game, spectator)) == []
    assert "Waiting for" in page(client, game, waiting)


def test_log_in_words_for_the_viewer(client, make_user):
    game = started_game([make_user(), make_user()])
    play(game, 12)
    game.refresh_from_db()
    mover, _waiting = seats(game)
    html = page(client, game, mover)
    assert 'class="log"' in html
    assert html.count('<li><span class="seq">') == game.seq


def _post(client, game, expected_seq, decision, htmx=False):
    headers = {"HTTP_HX_REQUEST": "true"} if htmx else {}
    value = decision if isinstance(decision, str) else json.dumps(decision)
    return client.post(
        reverse("games:decide", args=[game.pk]), {"expected_seq": expected_seq, "decision": value}, **headers
    )


def test_a_legal_decision_is_applied(client, make_user):
    game = started_game([make_user(), make_user()])
    mover, _ = seats(game)
    client.force_login(mover)
    decision = GUILDHALL.legal_decisions(state_of(game), game.to_move_position)[0]
    response = _post(client, game, game.seq, decision)
    assert response.status_code == 302
    assert Game.objects.get(pk=game.pk).seq == 1


def test_htmx_decision_returns_the_fresh_table(client, make_user):
    game = started_game([make_user(), make_user()])
    mover, _ = seats(game)
    client.force_login(mover)
    decision = GUILDHALL.legal_decisions(state_of(game), game.to_move_position)[0]
    response = _post(client, game, game.seq, decision, htmx=True)
    html = response.content.decode()
    assert response.status_code == 200
    assert html.lstrip().startswith('<div id="table"') and 'data-seq="1"' in html
    assert "<html" not in html


def test_stale_page_gets_a_message_and_nothing_changes(client, make_user):
    game = started_game([make_user(), make_user()])
    play(game, 3)
    game.refresh_from_db()
    mover, _ = seats(game)
    client.force_login(mover)
    seq = game.seq
    decision = GUILDHALL.legal_decisions(state_of(game), game.to_move_position)[0]
    response = _post(client, game, seq - 1, decision, htmx=True)
    html = response.content.decode()
    assert "The game has moved on" in html and f'data-seq="{seq}"' in html
    assert Game.objects.get(pk=game.pk).seq == seq
    response = _post(client, game, seq - 1, decision)
    assert "The game has moved on" in client.get(response["Location"]).content.decode()


@pytest.mark.parametrize(
    "decision,message",
    [
        ({"type": "play", "card": 999}, "not in your hand"),
        ({"type": "buy", "card": 140}, ""),
        ("not json", "could not be read"),
        ("[1, 2]", "could not be read"),
        ({"type": "fly"}, "Unknown decision type"),
    ],
)
def test_illegal_or_malformed_decision_shows_a_message(client, make_user, decision, message):
    game = started_game([make_user(), make_user()])
    mover, _ = seats(game)
    client.force_login(mover)
    response = _post(client, game, game.seq, decision, htmx=True)
    html = htmllib.unescape(response.content.decode())
    assert response.status_code == 200
    assert 'id="table-error"' in html and message in html
    assert Game.objects.get(pk=game.pk).seq == 0
    assert not game.log.exists()


def test_other_player_cannot_decide_out_of_turn(client, make_user):
    game = started_game([make_user(), make_user()])
    mover, waiting = seats(game)
    client.force_login(waiting)
    decision = GUILDHALL.legal_decisions(state_of(game), game.to_move_position)[0]
    response = _post(client, game, game.seq, decision, htmx=True)
    assert "not your turn" in response.content.decode()
    assert Game.objects.get(pk=game.pk).seq == 0


def test_non_player_is_refused(client, make_user):
    game = started_game([make_user(), make_user()])
    client.force_login(make_user())
    decision = GUILDHALL.legal_decisions(state_of(game), game.to_move_position)[0]
    response = _post(client, game, game.seq, decision)
    assert response.status_code == 403
    assert "not playing in this game" in response.content.decode()
    assert Game.objects.get(pk=game.pk).seq == 0


def test_a_decision_in_a_game_that_is_not_there_is_a_404(client, make_user):
    client.force_login(make_user())
    url = reverse("games:decide", args=[987654])
    body = {"expected_seq": 0, "decision": json.dumps({"type": "discard", "card": 1})}
    assert client.post(url, body).status_code == 404
    assert client.post(url, body, HTTP_HX_REQUEST="true").status_code == 404
    assert client.post(url, {"expected_seq": "x"}, HTTP_HX_REQUEST="true").status_code == 404


def test_decide_needs_post(client, make_user):
    game = started_game([make_user(), make_user()])
    mover, _ = seats(game)
    client.force_login(mover)
    assert client.get(reverse("games:decide", args=[game.pk])).status_code == 405


def test_poll_is_cheap_and_says_when_to_refresh(client, make_user, django_assert_max_num_queries):
    game = started_game([make_user(), make_user()])
    mover, waiting = seats(game)
    client.force_login(waiting)
    url = reverse("games:poll", args=[game.pk])
    with django_assert_max_num_queries(3):  # the session, the user with their profile, the game's seq
        response = client.get(url, {"seq": game.seq, "status": "active"})
    assert response.status_code == 204
    play(game, 1)
    response = client.get(url, {"seq": game.seq, "status": "active"})
    assert response.status_code == 200 and response["HX-Trigger"] == "table-changed"
    assert json.loads(response.content) == {"seq": 1, "status": "active"}
    assert client.get(reverse("games:poll", args=[987654])).status_code == 404


def test_table_fragment(client, make_user):
    game = started_game([make_user(), make_user()])
    mover, _ = seats(game)
    client.force_login(mover)
    html = client.get(reverse("games:table", args=[game.pk]), HTTP_HX_REQUEST="true").content.decode()
    assert html.lstrip().startswith('<div id="table"') and "<html" not in html
    open_game = services.create_game(mover, seats=3)
    response = client.get(reverse("games:table", args=[open_game.pk]), HTTP_HX_REQUEST="true")
    assert response.status_code == 204 and response["HX-Redirect"] == reverse("games:game", args=[open_game.pk])


def test_undo_button_when_the_engine_allows_it(client, make_user):
    game = started_game([make_user(), make_user()])
    mover, _ = seats(game)
    client.force_login(mover)
    state = state_of(game)
    discard = next(d for d in GUILDHALL.legal_decisions(state, game.to_move_position) if d["type"] == "discard")
    _post(client, game, 0, discard)
    html = page(client, game, mover)
    assert {"type": "undo"} in offered(html)
    assert "to be discarded" in html
    _post(client, game, 1, {"type": "undo"})
    html = page(client, game, mover)
    assert {"type": "undo"} not in offered(html)
    assert "to be discarded" not in html


def test_finished_game_shows_results_and_seed(client, make_user, django_capture_on_commit_callbacks):
    user = make_user()
    with django_capture_on_commit_callbacks(execute=True):
        game = services.create_game(user, seats=2, bots=1)
    rng_moves = 0
    import random

    rng = random.Random(5)
    while rng_moves < 3000:
        game.refresh_from_db()
        if game.status != Game.Status.ACTIVE:
            break
        state = state_cache.load_state(game)
        decision = GUILDHALL.bots.choose(state, game.to_move_position, kind="greedy", rng=rng)
        with django_capture_on_commit_callbacks(execute=True):
            services.submit_decision(game.pk, user, game.seq, decision)
        rng_moves += 1
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED
    html = page(client, game, user)
    assert "won the game" in html and game.seed in html
    assert offered(html) == []
    assert "/seq/" not in html and "data-live-game" not in html  # no polling, nothing live once over


def test_poll_from_the_waiting_room_reloads_the_page_once_the_game_starts(client, make_user):
    host, guest = make_user(), make_user()
    game = services.create_game(host, seats=2)
    client.force_login(host)
    html = client.get(reverse("games:game", args=[game.pk])).content.decode()
    assert "status=open" in html and 'hx-trigger="live-moved, every 5s"' in html
    assert f'data-live-game="{game.pk}" data-live-seq="0" data-live-status="open"' in html
    url = reverse("games:poll", args=[game.pk])
    assert client.get(url, {"seq": 0, "status": "open"}).status_code == 204
    services.join(game.pk, guest)
    response = client.get(url, {"seq": 0, "status": "open"})
    assert response["HX-Refresh"] == "true"


def test_choices_made_so_far_are_shown_to_the_decider_only(client, make_user):
    """Play until an ability has a pick pending, then check that only the decider sees the picks."""
    import random

    rng = random.Random(11)
    for _attempt in range(30):
        game = started_game([make_user(), make_user()])
        for _ in range(300):
            game.refresh_from_db()
            state = state_cache.load_state(game)
            pending = GUILDHALL.view(state, game.to_move_position)["pending"] or {}
            if pending.get("kind") == "ability" and any(pending.get("picks", {}).values()):
                mover, waiting = seats(game)
                html = htmllib.unescape(page(client, game, mover))
                assert 'class="picks"' in html and ("Chosen to" in html or "chapter:" in html)
                assert 'class="picks"' not in page(client, game, waiting)
                return
            if game.status != Game.Status.ACTIVE:
                break
            seat = game.seats.get(position=game.to_move_position)
            decision = GUILDHALL.bots.choose(state, seat.position, kind="random", rng=rng)
            services.submit_decision(game.pk, seat.user, game.seq, decision)
    pytest.skip("no game reached a half-made ability choice")


@pytest.mark.parametrize("players,mode", [(3, "printed"), (4, "yucata"), (2, "yucata")])
@pytest.mark.slow
def test_every_seat_and_a_spectator_at_many_points_of_a_game(client, make_user, players, mode):
    """Many positions of 2-4 player games in both modes: no hidden card on any page, the buttons are exactly
    the engine's legal decisions for the seat to move, nobody else gets any."""
    import random

    users = [make_user() for _ in range(players)]
    game = started_game(users, mode=mode)
    spectator = make_user()
    rng = random.Random(players * 7)
    for _checkpoint in range(5):
        play(game, rng.randint(5, 25), rng=rng)
        game.refresh_from_db()
        state = state_cache.load_state(game)
        by_pos = {s.position: s.user for s in game.seats.select_related("user")}
        for seat, user in [*by_pos.items(), (None, spectator)]:
            html = page(client, game, user)
            assert not card_ids_in(html) & may_not_see(state, seat)
            buttons = offered(html)
            if seat is not None and seat == game.to_move_position and game.status == Game.Status.ACTIVE:
                legal = GUILDHALL.legal_decisions(state, seat)
                assert sorted(json.dumps(d, sort_keys=True) for d in buttons) == sorted(
                    json.dumps(d, sort_keys=True) for d in legal
                )
            else:
                assert buttons == []
        if game.status != Game.Status.ACTIVE:
            break


def test_htmx_requests_after_the_session_ended_redirect_to_sign_in(client, make_user):
    game = started_game([make_user(), make_user()])
    for name in ("games:poll", "games:table"):
        response = client.get(reverse(name, args=[game.pk]), HTTP_HX_REQUEST="true")
        assert response.status_code == 204 and response["HX-Redirect"].startswith(reverse("account_login"))
    response = client.post(reverse("games:decide", args=[game.pk]), {"expected_seq": 0}, HTTP_HX_REQUEST="true")
    assert response["HX-Redirect"].startswith(reverse("account_login"))
    assert Game.objects.get(pk=game.pk).seq == 0


def test_the_page_title_says_when_it_is_my_turn(client, make_user):
    game = started_game([make_user(), make_user()])
    mover, waiting = seats(game)
    mover_html = page(client, game, mover)
    assert "<title>(1) Your turn · Game" in mover_html
    assert 'data-my-turn="1"' in mover_html and 'data-title="(1) Your turn · Game' in mover_html
    # The live region a screen reader listens to is outside the table that htmx replaces.
    assert mover_html.index('id="turn-announcer"') < mover_html.index('id="table"')
    assert 'aria-live="polite"' in mover_html and 'data-announce="It is your turn.' in mover_html
    waiting_html = page(client, game, waiting)
    assert "<title>Game" in waiting_html and 'data-my-turn="0"' in waiting_html
    client.force_login(mover)
    fragment = client.get(reverse("games:table", args=[game.pk]), HTTP_HX_REQUEST="true").content.decode()
    assert "<title>(1) Your turn · Game" in fragment  # htmx puts it on the tab after a swap


def test_django_protections_on_the_table(make_user):
    from django.test import Client

    game = started_game([make_user(), make_user()])
    mover, _ = seats(game)
    client = Client(enforce_csrf_checks=True)
    client.force_login(mover)
    response = client.get(reverse("games:game", args=[game.pk]))
    assert response["X-Frame-Options"] in ("DENY", "SAMEORIGIN")
    decision = GUILDHALL.legal_decisions(state_of(game), game.to_move_position)[0]
    response = client.post(
        reverse("games:decide", args=[game.pk]), {"expected_seq": 0, "decision": json.dumps(decision)}
    )
    assert response.status_code == 403  # no CSRF token
    assert Game.objects.get(pk=game.pk).seq == 0
    token = client.cookies["csrftoken"].value
    response = client.post(
        reverse("games:decide", args=[game.pk]),
        {"expected_seq": 0, "decision": json.dumps(decision), "csrfmiddlewaretoken": token},
    )
    assert response.status_code == 302 and Game.objects.get(pk=game.pk).seq == 1


def test_user_text_is_escaped(client, make_user):
    from accounts.models import profile_for

    evil = make_user("evil")
    profile = profile_for(evil)
    profile.display_name = "<script>alert(1)</script>"
    profile.save()
    html = client.get(reverse("public_profile", args=["evil"])).content.decode()
    assert "<script>alert(1)</script>" not in html and "&lt;script&gt;" in html


def reach_payment(make_user):
    """A two-player game (rules version 3, as new games are) whose player to move is paying for a VP card."""
    import random

    for attempt in range(6):
        game = started_game([make_user(), make_user()])
        rng = random.Random(attempt)
        for _ in range(2000):
            game.refresh_from_db()
            if game.status != Game.Status.ACTIVE:
                break
            state = state_cache.load_state(game)
            if state.stack[-1]["kind"] == "pay":
                return game, state
            seat = game.seats.get(position=game.to_move_position)
            decision = GUILDHALL.bots.choose(state, seat.position, kind="greedy", rng=rng)
            services.submit_decision(game.pk, seat.user, game.seq, decision)
    pytest.fail("no game reached a payment")


def test_paying_offers_the_order_inline_closed_and_takes_one_decision_with_it(client, make_user):
    game, state = reach_payment(make_user)
    assert game.engine_version == engine.get("guildhall").ENGINE_VERSION and int(game.engine_version) >= 3
    seat = game.to_move_position
    mover = game.seats.get(position=seat).user
    other = game.seats.get(position=1 - seat).user
    html = page(client, game, mover)
    # One button per legal decision, each paying in the default order: one click is the whole payment.
    legal = GUILDHALL.legal_decisions(state, seat)
    assert sorted(json.dumps(d, sort_keys=True) for d in offered(html)) == sorted(
        json.dumps(d, sort_keys=True) for d in legal)
    # One "choose the order" control per completed chapter, closed (and hidden until the script shows it).
    controls = order_controls(html)
    chapters = {frozenset(d["order"]) for d in legal if d["type"] == "pay"}
    assert len(controls) == len(chapters) and {frozenset(c[0]["order"]) for c in controls} == chapters
    for decision, places in controls:
        assert decision in legal and len(places) == 5 and all(sorted(p) == sorted(decision["order"]) for p in places)
    assert re.search(r"<details [^>]*data-order-control hidden>", html) and "<details open" not in html
    assert "Choose the order" in html and order_controls(page(client, game, other)) == []

    # The form sends the payment with an order of the player's own: applied at once, nothing more asked.
    chosen = controls[0][0]["order"]
    order = [chosen[2], chosen[0], chosen[4], chosen[1], chosen[3]]
    client.force_login(mover)
    response = _post(client, game, game.seq, {"type": "pay", "card": order[0], "order": order}, htmx=True)
    assert response.status_code == 200 and 'id="table-error"' not in response.content.decode()
    after = state_of(game)
    assert after.discard[-5:] == order[::-1]
    assert after.stack[-1]["kind"] != "order_pile" and after.seq == state.seq + 1
    # The log keeps the order, so the game replays to the same state.
    assert game.log.order_by("-seq").first().decision == {"type": "pay", "card": order[0], "order": order}
    game.refresh_from_db()
    assert state_cache.replay(game).clone(with_events=False) == after.clone(with_events=False)


def test_an_order_that_does_not_fit_is_a_message_on_the_table_and_changes_nothing(client, make_user):
    game, state = reach_payment(make_user)
    mover = game.seats.get(position=game.to_move_position).user
    pay = next(d for d in GUILDHALL.legal_decisions(state, game.to_move_position) if d["type"] == "pay")
    client.force_login(mover)
    response = _post(client, game, game.seq, dict(pay, order=pay["order"][::-1]), htmx=True)
    html = response.content.decode()
    assert 'id="table-error"' in html and "That order does not fit" in html
    assert state_of(game) == state
