"""Games played through the real service layer for the ratings tests: created, joined, played by the engine's
greedy bot on the people's behalf (``submit_decision``), and ended the ways a game ends."""

import random

from games import cache as state_cache
from games import services
from games.models import Game
from games.ratings.models import GameResult, PlayerRating
from games.rules import rules_of


def new_game(commit, users, rated=True, mode="printed", bots=0, bot_kind="greedy"):
    with commit():
        game = services.create_game(
            users[0], seats=len(users) + bots, options={"mode": mode}, bots=bots, bot_kind=bot_kind, rated=rated
        )
    for user in users[1:]:
        with commit():
            services.join(game.pk, user)
    game.refresh_from_db()
    assert game.status == Game.Status.ACTIVE
    return game


def play_until_turn(game, commit, turn, rng=None, limit=5000):
    """People's seats decide (greedy) until the engine's turn counter reaches ``turn`` or the game is over;
    bot seats and seats that left move by themselves (the bot runner, woken after each commit)."""
    rng = rng or random.Random(game.pk)
    seats = {s.position: s for s in game.seats.select_related("user")}
    for _ in range(limit):
        game.refresh_from_db()
        if game.status != Game.Status.ACTIVE or game.turn >= turn:
            return game
        if game.to_move_user_id is None:
            services.run_bots(game.pk)
            continue
        seat = seats[game.to_move_position]
        state = state_cache.load_state(game)
        decision = rules_of(game).bots.choose(state, seat.position, "greedy", rng)
        with commit():
            services.submit_decision(game.pk, seat.user, game.seq, decision)
    raise AssertionError("the game did not get there")


def play_to_the_end(game, commit, rng=None):
    return play_until_turn(game, commit, 10**9, rng)


def rounds_played(game, rounds):
    """The turn counter once every seat has finished ``rounds`` turns of play (setup turns are 1…P)."""
    return game.num_seats * (1 + rounds) + 1


def resign(game, commit, user):
    with commit():
        services.resign(game.pk, user)
    game.refresh_from_db()
    return game


def time_out(game, commit):
    """The seat now to decide runs out of time under the policy "end": the game ends, that seat last."""
    game.refresh_from_db()
    with commit():
        services.end_by_time(game.pk, game.to_move_position)
    game.refresh_from_db()
    return game


def take_over(game, commit):
    game.refresh_from_db()
    with commit():
        services.take_over(game.pk, game.to_move_position)
    game.refresh_from_db()
    return game


def results(game):
    return {r.user.username: r for r in GameResult.objects.filter(game=game).select_related("user")}


def rating(user, mode="printed", game="guildhall"):
    return PlayerRating.objects.filter(user=user, game=game, mode=mode).first()


def seats_in_order(game):
    return list(game.seats.select_related("user").order_by("position"))
