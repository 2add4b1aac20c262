"""Dominion's table as each viewer gets it from the real page (GET /games/<id>/), at a question of every
kind the rules ask, in games reached by real decisions through the services (scenarios.py).

The decider's table offers exactly their legal decisions, each asked in a way that fits it (a card's own
button, the overpay chosen beside the Buy, the names with their costs, the order control); everyone else's
table offers nothing and says who decides what. The Supply shows every pile with its count and cost, the
players' areas their deck and discard sizes and the discard's top card.
"""

import json
import re

import pytest
from django.urls import reverse

from engine.dominion.cards import COST
from games import selectors
from games.models import Game

from . import scenarios
from .pages import canonical, controls, reachable_with_script, sent_by_buttons

pytestmark = pytest.mark.django_db


def table_page(client, game, user):
    client.force_login(user)
    response = client.get(reverse("games:game", args=[game.pk]))
    assert response.status_code == 200
    return response.content.decode()


def prompt_of(page):
    found = re.search(r'id="prompt">(.*?)</section>\s*<section class="zone dturn"', page, re.S)
    return found.group(1) if found else ""


@pytest.fixture
def players(make_user):
    return [make_user("ann"), make_user("bob")]


@pytest.fixture
def spectator(make_user):
    return make_user("sam")


@pytest.mark.parametrize("kind", scenarios.KINDS)
def test_the_decider_is_offered_exactly_the_legal_decisions_and_the_others_nothing(kind, client, players, spectator):
    game, state = scenarios.game_at(kind, players)
    by_seat = scenarios.users_by_seat(game)
    decider = state.prompt["seat"]
    legal = {canonical(d) for d in scenarios.G.legal_decisions(state, decider)}

    page = table_page(client, game, by_seat[decider])
    buttons = sent_by_buttons(page)
    assert len(buttons) == len(set(buttons)), "a decision offered twice"
    assert set(buttons) == legal  # without a script every decision is a button (the lists' amounts in noscript)
    assert reachable_with_script(page) == legal  # with one, the lists beside their buttons reach the same
    assert 'id="prompt"' in page and 'data-my-turn="1"' in page

    for seat, user in by_seat.items():
        if seat != decider:
            other = table_page(client, game, user)
            assert sent_by_buttons(other) == [] and 'id="prompt"' not in other
            assert 'id="waiting"' in other
    watching = table_page(client, game, spectator)
    assert sent_by_buttons(watching) == [] and 'id="waiting"' in watching


def test_playing_a_card_is_a_click_on_it_in_the_hand(client, players):
    game, state = scenarios.game_at("action", players)
    seat = state.prompt["seat"]
    page = table_page(client, game, scenarios.users_by_seat(game)[seat])
    prompt = prompt_of(page)
    assert "Your Action phase" in prompt and 'id="my-hand"' in prompt  # the hand is drawn inside the prompt
    plays = [(d, attrs) for d, attrs, _ in controls(prompt).buttons if d and d["type"] == "play"]
    assert plays and all(attrs["class"] == "card-button" and attrs["aria-label"] == f"Play: {d['card']}"
                         for d, attrs in plays)
    first = controls(prompt).buttons[0][0]
    assert first["type"] == "play"  # the keyboard's first stop is a card to play, not "End my Action phase"
    assert "End my Action phase" in prompt


def test_the_buy_phase_offers_all_treasures_tokens_and_a_buy_on_each_affordable_pile(client, players):
    game, state = scenarios.game_at("buy", players, where=lambda st: st.seats[st.active].tokens > 0)
    seat = state.prompt["seat"]
    page = table_page(client, game, scenarios.users_by_seat(game)[seat])
    parsed = controls(page)
    assert "Play all Treasures" in prompt_of(page)
    buys = {d["card"]: attrs for d, attrs, noscript in parsed.buttons if d and d["type"] == "buy" and not noscript}
    affordable = {p["card"] for p in scenarios.G.view(state, seat)["supply"] if p["count"] and p["cost"] <= state.coins}
    assert set(buys) == affordable
    assert all(attrs["aria-label"] == f"Buy {card}" for card, attrs in buys.items())
    tokens = parsed.choices["spend-tokens"]
    assert [d["n"] for d in tokens] == list(range(1, state.seats[seat].tokens + 1))


def test_the_overpay_is_chosen_beside_the_buy_in_one_form(client, players):
    game, state = scenarios.game_at(
        "buy", players, where=lambda st: st.bought is False and st.coins - COST["Masterpiece"] >= 1)
    seat = state.prompt["seat"]
    user = scenarios.users_by_seat(game)[seat]
    page = table_page(client, game, user)
    amounts = controls(page).choices["buy-masterpiece"]
    assert [d.get("overpay", 0) for d in amounts] == list(range(state.coins - COST["Masterpiece"] + 1))
    assert all(d["card"] == "Masterpiece" for d in amounts)
    assert "overpay $1 (pay $4)" in page and "no overpay (pay $3)" in page
    # The list writes the chosen decision into the pile's Buy button, which the form posts: one click.
    chosen = amounts[-1]
    response = client.post(reverse("games:decide", args=[game.pk]),
                           {"expected_seq": game.seq, "decision": json.dumps(chosen)})
    assert response.status_code == 302
    game.refresh_from_db()
    assert game.log.last().decision == chosen  # logged with its overpay, so the replay is the game played
    replayed = scenarios.G.replay(2, game.seed, game.options, [(e.seat, e.decision, None) for e in game.log.all()])
    assert replayed.prompt == scenarios.state_of(game).prompt


def test_advisor_asks_the_player_to_the_left_on_their_own_table(client, players):
    game, state = scenarios.game_at("advisor", players)
    chooser, active = state.prompt["seat"], state.active
    assert chooser != active
    by_seat = scenarios.users_by_seat(game)
    revealed = state.prompt["cards"]

    page = table_page(client, game, by_seat[chooser])
    prompt = prompt_of(page)
    active_name = by_seat[active].username
    assert f"{active_name} played Advisor and revealed these cards" in prompt
    picks = [d for d, _attrs, _ in controls(prompt).buttons if d]
    assert sorted(d["card"] for d in picks) == sorted(set(revealed))
    assert "Discard this one" in prompt

    mine = table_page(client, game, by_seat[active])
    chooser_name = by_seat[chooser].username
    assert f"{chooser_name} chooses which of the cards you revealed with Advisor you discard" in mine
    assert "Revealed with Advisor:" in mine and sent_by_buttons(mine) == []


def test_advisor_at_three_the_left_player_chooses_and_the_third_is_told_who(client, make_user):
    users = [make_user("ann"), make_user("bob"), make_user("cy")]
    game, state = scenarios.game_at("advisor", users)
    chooser, active = state.prompt["seat"], state.active
    assert chooser == (active + 1) % 3
    by_seat = scenarios.users_by_seat(game)
    third = next(s for s in range(3) if s not in (chooser, active))
    page = table_page(client, game, by_seat[third])
    assert (f"{by_seat[chooser].username} is choosing, for Advisor, the revealed card that "
            f"{by_seat[active].username} discards.") in page
    assert sent_by_buttons(page) == []
    assert sent_by_buttons(table_page(client, game, by_seat[active])) == []
    assert sent_by_buttons(table_page(client, game, by_seat[chooser]))
    game.refresh_from_db()
    assert game.to_move_position == chooser  # the chooser is the one the game waits for (clock, emails)


@pytest.mark.parametrize("kind, verb, decline", [
    ("plaza", "Discard", "Discard nothing"),
    ("butcher_trash", "Trash", "Trash nothing"),
    ("taxman_trash", "Trash", "Trash nothing"),
    ("stonemason_trash", "Trash", None),
])
def test_picks_from_the_hand_are_buttons_on_its_cards_and_declining_is_offered_where_optional(
    kind, verb, decline, client, players
):
    game, state = scenarios.game_at(kind, players)
    seat = state.prompt["seat"]
    prompt = prompt_of(table_page(client, game, scenarios.users_by_seat(game)[seat]))
    picks = [(d, attrs) for d, attrs, _ in controls(prompt).buttons if d and d["type"] == "choose"]
    assert all(attrs["aria-label"] == f"{verb}: {d['card']}" for d, attrs in picks)
    declines = [attrs for d, attrs, _ in controls(prompt).buttons if d and d["type"] == "decline"]
    if decline:
        assert len(declines) == 1 and decline in prompt
    else:
        assert declines == [] and picks  # Stonemason must trash


def test_a_gain_names_its_limit_and_offers_the_cards_that_fit(client, players):
    game, state = scenarios.game_at("gain", players)
    seat = state.prompt["seat"]
    prompt = prompt_of(table_page(client, game, scenarios.users_by_seat(game)[seat]))
    assert re.search(r"(Butcher|Stonemason|Taxman): gain (a|an) .*costing", prompt)
    offered = sorted(d["card"] for d, _a, _n in controls(prompt).buttons if d)
    assert offered == sorted(d["card"] for d in scenarios.G.legal_decisions(state, seat))
    assert "Cards you can gain" in prompt


def test_butchers_tokens_say_what_each_amount_lets_one_gain(client, players):
    game, state = scenarios.game_at("butcher_pay", players)
    seat = state.prompt["seat"]
    prompt = prompt_of(table_page(client, game, scenarios.users_by_seat(game)[seat]))
    trashed_cost = COST[state.prompt["trashed"]]
    for n in range(state.seats[seat].tokens + 1):
        assert f"costing up to ${trashed_cost + n}" in prompt


def test_naming_a_card_offers_the_twenty_names_with_their_costs(client, players):
    game, state = scenarios.game_at("name", players)
    seat = state.prompt["seat"]
    prompt = prompt_of(table_page(client, game, scenarios.users_by_seat(game)[seat]))
    names = [d["card"] for d, _a, _n in controls(prompt).buttons if d and d["type"] == "name"]
    assert len(names) == 20 == len(set(names))
    for card in ("Gold", "Province", "Soothsayer", "Candlestick Maker"):
        assert f"{card} (${COST[card]}" in prompt
    assert "Cards not in this game" in prompt  # three Guilds cards are not in this kingdom
    assert re.search(r"(Doctor|Journeyman): name a card", prompt)


def test_doctors_put_back_is_one_click_for_the_order_shown_and_a_control_for_any_other(client, players):
    game, state = scenarios.game_at("doctor_order", players, where=lambda st: len(set(st.prompt["cards"])) > 1)
    seat = state.prompt["seat"]
    prompt = prompt_of(table_page(client, game, scenarios.users_by_seat(game)[seat]))
    parsed = controls(prompt)
    default = [d for d, _a, noscript in parsed.buttons if d and not noscript]
    assert default == [{"type": "order", "cards": state.prompt["cards"]}]
    control = [attrs for d, attrs, _n in parsed.buttons if d is None]
    assert len(control) == 1 and json.loads(control[0]["data-order-names"]) == state.prompt["cards"]
    assert json.loads(control[0]["data-order-base"]) == {"type": "order"} and "data-dominion-order" in prompt


def test_doctors_overpay_look_names_the_card_to_its_owner_only(client, players):
    game, state = scenarios.game_at("doctor_overpay", players)
    seat = state.prompt["seat"]
    by_seat = scenarios.users_by_seat(game)
    prompt = prompt_of(table_page(client, game, by_seat[seat]))
    assert f"the top card of your deck is {state.prompt['card']}" in prompt
    assert [d["value"] for d, _a, _n in controls(prompt).buttons if d] == ["trash", "discard", "topdeck"]
    other = table_page(client, game, by_seat[1 - seat])
    assert "is looking at the top card of their deck for Doctor" in other


def test_the_supply_shows_every_pile_with_its_count_and_cost_and_the_players_their_piles(client, players):
    game, state = scenarios.game_at("buy", players, where=lambda st: st.turn > 3)
    by_seat = scenarios.users_by_seat(game)
    page = table_page(client, game, by_seat[0])
    for card, count in state.supply.items():
        pile = re.search(rf'data-pile="{card}">(.*?)</div>\s*(?=<div class="dpile|</div>)', page, re.S)
        assert pile, card
        assert f"${COST[card]}" in pile.group(1) and f"{count} left" in pile.group(1)
    for seat, s in enumerate(state.seats):
        area = re.search(rf'id="player-{seat}">(.*?)</section>', page, re.S).group(1)
        assert f"Deck: {len(s.deck)} card" in area and f"Discard pile: {len(s.discard)} card" in area
        assert f"{len(s.hand)} card" in area
        if s.discard:
            assert f'data-card="{s.discard[-1]}"' in area.split("on top:")[1]
    assert 'id="trash"' in page


def test_a_finished_game_shows_every_players_cards(client, players):
    game = scenarios.finished_game(players)
    page = table_page(client, game, players[0])
    assert "won the game" in page or "First place is shared" in page
    assert page.count("All their cards:") == 2
    assert game.status == Game.Status.FINISHED
    detail = selectors.detail(game, players[0])
    assert detail["view"]["phase"] == "over"
    empty = [pile["card"] for pile in detail["view"]["supply"] if pile["count"] == 0]
    assert empty  # the game ended on the Province pile or three piles
    for card in empty:
        pile = re.search(rf'data-pile="{card}">(.*?)</div>', page, re.S).group(1)
        assert "Empty pile" in pile and not re.search(r"\d+ left", pile)
    assert f"{len(empty)} empty pile" in page
