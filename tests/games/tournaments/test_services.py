"""Tournaments through their services, their games through the games' services; a game's end reaches the
tournament through the decision hook and its task (in-process), as in production."""

import datetime

import pytest

from games import services as game_services
from games.clock import timeouts
from games.clock.models import TimeControl
from games.exceptions import Conflict, Forbidden, InvalidRequest
from games.models import Game
from games.tournaments import services
from games.tournaments.check import repeat_pairs, standings_consistent
from games.tournaments.models import Bye, Entrant, Table, TableSeat, Tournament
from games.tournaments.results import current_standings
from social.relations import services as blocks
from tests.games.helpers import play_until_turn_changes

# Transactional (the hook and its task run after each real commit), hence PostgreSQL: flushing a database
# whose games' logs are append-only needs PostgreSQL's TRUNCATE.
pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


def _tournament(director, players, **settings):
    settings.setdefault("format", "swiss")
    settings.setdefault("table_size", 2)
    tournament = services.create_tournament(director, name="Spring cup", **settings)
    for user in players:
        services.join(tournament.pk, user)
    return tournament


def _games(tournament, number=None):
    tables = Table.objects.filter(round__tournament=tournament)
    if number is not None:
        tables = tables.filter(round__number=number)
    return [t.game for t in tables.select_related("game").order_by("round__number", "number")]


def _resign_loser(game):
    """End a 2-player game at once: the seat placed second by the seating resigns."""
    seat = game.seats.exclude(user=None).order_by("position").last()
    game_services.resign(game.pk, seat.user)


def test_create_refuses_bad_settings(players):
    director = players(1)[0]
    with pytest.raises(InvalidRequest):
        services.create_tournament(director, name="", format="swiss")
    with pytest.raises(InvalidRequest):
        services.create_tournament(director, name="x", format="swiss", table_size=5)
    with pytest.raises(InvalidRequest):
        services.create_tournament(director, name="x", format="knockout", table_size=4)
    with pytest.raises(InvalidRequest):
        services.create_tournament(director, name="x", format="round_robin", fill_with_bots=True)
    with pytest.raises(InvalidRequest):
        services.create_tournament(director, name="x", per_move=datetime.timedelta(seconds=5))
    assert not Tournament.objects.exists()


def test_join_twice_full_and_withdraw_before_the_start(players):
    a, b, c = players(3)
    tournament = _tournament(a, [a, b], max_players=2)
    with pytest.raises(Conflict) as again:
        services.join(tournament.pk, a)
    assert again.value.code == "already_joined"
    with pytest.raises(Conflict) as full:
        services.join(tournament.pk, c)
    assert full.value.code == "full"
    services.withdraw(tournament.pk, b)
    assert list(tournament.entrants.values_list("user", flat=True)) == [a.pk]
    services.join(tournament.pk, c)


def test_only_the_director_starts_and_round_one_is_games_of_the_site(players):
    director, *others = players(5)
    tournament = _tournament(director, others, per_move=datetime.timedelta(hours=6), timeout_policy="end",
                             rated=True)
    with pytest.raises(Forbidden):
        services.start(tournament.pk, others[0])
    services.start(tournament.pk, director)
    tournament.refresh_from_db()
    assert tournament.status == "running" and tournament.current_round == 1 and tournament.rounds == 3
    games = _games(tournament, 1)
    assert len(games) == 2
    seated = set()
    for game in games:
        assert game.status == Game.Status.ACTIVE and game.num_seats == 2 and game.rated
        tc = TimeControl.objects.get(game=game)
        assert (tc.per_move, tc.policy) == (datetime.timedelta(hours=6), "end")
        seated |= set(game.seats.values_list("user_id", flat=True))
        # The table's seats name the game's own seats.
        for seat in Table.objects.get(game=game).seats.select_related("entrant"):
            assert game.seats.get(position=seat.position).user_id == seat.entrant.user_id
    assert seated == {u.pk for u in others}
    with pytest.raises(Conflict):
        services.join(tournament.pk, director)


def test_rounds_follow_each_other_as_games_end_and_the_standings_come_from_the_logs(players):
    people = players(6)
    tournament = _tournament(people[0], people, rounds=3)
    services.start(tournament.pk, people[0])
    for number in (1, 2, 3):
        games = _games(tournament, number)
        assert len(games) == 3
        tournament.refresh_from_db()
        assert tournament.current_round == number and tournament.status == "running"
        for game in games:
            _resign_loser(game)
    tournament.refresh_from_db()
    assert tournament.status == "finished"
    assert repeat_pairs(tournament) == 0  # 6 players, 3 rounds: nobody need meet twice
    assert standings_consistent(tournament)
    rows = current_standings(tournament)
    assert sum(r.points for r in rows) == pytest.approx(9.0)  # 9 games, one point each
    assert rows[0].points >= rows[-1].points


def test_a_bye_only_when_needed_and_at_most_once(players):
    people = players(5)
    tournament = _tournament(people[0], people, rounds=3)
    services.start(tournament.pk, people[0])
    for number in (1, 2, 3):
        for game in _games(tournament, number):
            _resign_loser(game)
    byes = list(Bye.objects.filter(round__tournament=tournament).values_list("entrant_id", "points", "kind"))
    assert len(byes) == 3 and len({b[0] for b in byes}) == 3
    assert all(points == 0.5 and kind == "bye" for _e, points, kind in byes)
    assert standings_consistent(Tournament.objects.get(pk=tournament.pk))


def test_tables_of_three_and_four_fill_from_the_top(players):
    people = players(7)
    tournament = _tournament(people[0], people, table_size=4, rounds=1)
    services.start(tournament.pk, people[0])
    assert [g.num_seats for g in _games(tournament, 1)] == [4, 3]
    assert not Bye.objects.filter(round__tournament=tournament).exists()


def test_withdrawing_during_a_game_resigns_it_and_leaves_later_rounds(players):
    people = players(4)
    tournament = _tournament(people[0], people, rounds=2)
    services.start(tournament.pk, people[0])
    leaver = people[1]
    game = next(g for g in _games(tournament, 1) if g.seats.filter(user=leaver).exists())
    services.withdraw(tournament.pk, leaver)
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED and game.ended_by == "resigned"
    assert game.log.filter(decision__type="resign").count() == 1
    for other in _games(tournament, 1):
        if other.status == Game.Status.ACTIVE:
            _resign_loser(other)
    round_two = _games(tournament, 2)
    seated = {u for g in round_two for u in g.seats.values_list("user_id", flat=True)}
    assert leaver.pk not in seated and len(seated) == 2
    entrant = Entrant.objects.get(tournament=tournament, user=leaver)
    assert entrant.left_reason == "withdrew" and entrant.left_after_round == 1
    with pytest.raises(Conflict):
        services.withdraw(tournament.pk, leaver)


def test_knockout_seeds_eliminates_and_ends(players):
    people = players(5)
    tournament = _tournament(people[0], people, format="knockout")
    services.start(tournament.pk, people[0])
    tournament.refresh_from_db()
    assert tournament.rounds == 3
    assert len(_games(tournament, 1)) == 1  # 5 players, 8 slots: three byes to the top seeds
    assert Bye.objects.filter(round__number=1, round__tournament=tournament).count() == 3
    for number in (1, 2, 3):
        for game in _games(tournament, number):
            _resign_loser(game)
    tournament.refresh_from_db()
    assert tournament.status == "finished"
    assert [len(_games(tournament, n)) for n in (1, 2, 3)] == [1, 2, 1]
    assert tournament.entrants.filter(left_reason="eliminated").count() == 4
    winner = tournament.entrants.get(left_at=None)
    assert current_standings(tournament)[0].entrant == winner.pk


def test_round_robin_plays_every_pairing_once_and_a_withdrawal_forfeits(players):
    people = players(4)
    tournament = _tournament(people[0], people, format="round_robin")
    services.start(tournament.pk, people[0])
    tournament.refresh_from_db()
    assert tournament.rounds == 3
    leaver = people[3]
    services.withdraw(tournament.pk, leaver)
    for number in (1, 2, 3):
        for game in _games(tournament, number):
            if game.status == Game.Status.ACTIVE:
                _resign_loser(game)
    tournament.refresh_from_db()
    assert tournament.status == "finished"
    assert repeat_pairs(tournament) == 0
    # The two games the leaver had left are forfeits: their opponents win them without a game.
    assert Bye.objects.filter(round__tournament=tournament, kind="forfeit").count() == 2
    assert standings_consistent(tournament)


def test_bots_fill_the_tables(players):
    people = players(3)
    tournament = _tournament(people[0], people, table_size=4, fill_with_bots=True, rounds=1, bot_kind="random")
    services.start(tournament.pk, people[0])
    (game,) = _games(tournament, 1)
    assert game.num_seats == 4 and game.seats.filter(kind="bot").count() == 1
    assert tournament.entrants.filter(user=None).count() == 1


def test_a_seat_that_times_out_scores_last_and_leaves_the_tournament(players):
    people = players(3)
    tournament = _tournament(people[0], people, table_size=3, rounds=2, per_move=datetime.timedelta(hours=1))
    services.start(tournament.pk, people[0])
    (game,) = _games(tournament, 1)
    # Play until one seat's time runs out: whoever is to move now is away.
    game.refresh_from_db()
    while game.to_move_user_id is None:
        play_until_turn_changes(game)
        game.refresh_from_db()
    absent = game.to_move_user
    assert timeouts.process(game.pk, now=game.deadline + datetime.timedelta(seconds=1)) == "timeout"
    assert game.log.filter(by="timeout").exists()
    # The two others leave; the absent player is the only one still in play, first by the game's placings.
    for user in people:
        if user != absent:
            game_services.resign(game.pk, user)
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED
    assert game.seats.get(user=absent).final_place == 1
    seat = TableSeat.objects.get(table__game=game, entrant__user=absent)
    assert seat.timed_out and seat.place == 3 and seat.points == 0.0
    assert Entrant.objects.get(tournament=tournament, user=absent).left_reason == "timed_out"
    tournament.refresh_from_db()
    assert standings_consistent(tournament)


def test_at_the_next_turn_of_a_seat_that_timed_out_the_bot_takes_it_over(players):
    people = players(3)
    tournament = _tournament(people[0], people, table_size=3, rounds=1, per_move=datetime.timedelta(hours=1))
    services.start(tournament.pk, people[0])
    (game,) = _games(tournament, 1)
    game.refresh_from_db()
    while game.to_move_user_id is None:
        play_until_turn_changes(game)
        game.refresh_from_db()
    absent = game.to_move_user
    position = game.to_move_position
    timeouts.process(game.pk, now=game.deadline + datetime.timedelta(seconds=1))
    assert services.take_over_timed_out() == 0  # not their turn now: the server may not decide for them
    game.refresh_from_db()
    while game.to_move_user_id != absent.pk:
        play_until_turn_changes(game)
        game.refresh_from_db()
    assert services.take_over_timed_out() == 1
    taken = game.log.filter(decision__type="take_over").get()
    assert (taken.seat, taken.by) == (position, "timeout")
    game.refresh_from_db()
    assert game.status == Game.Status.ACTIVE and game.to_move_user_id != absent.pk


def test_swiss_seats_players_who_blocked_each_other_apart_where_another_seating_exists(players):
    people = players(4)
    blocks.block(people[0], people[1])
    blocks.block(people[2], people[0])  # blocked by, the other way: kept apart all the same
    tournament = _tournament(people[0], people, rounds=1)
    services.start(tournament.pk, people[0])
    games = _games(tournament, 1)
    assert len(games) == 2 and all(g.status == Game.Status.ACTIVE for g in games)
    table_of_p0 = next(g for g in games if g.seats.filter(user=people[0]).exists())
    assert set(table_of_p0.seats.values_list("user", flat=True)) == {people[0].pk, people[3].pk}


def test_a_tournament_only_of_a_game_players_may_create(players, settings):
    director = players(1)[0]
    settings.OFFERED_GAMES = {"guildhall": None}
    with pytest.raises(InvalidRequest) as refused:
        services.create_tournament(director, name="Kingdoms", game="dominion", table_size=2)
    assert "cannot be created on this site" in str(refused.value.detail)
    assert not Tournament.objects.exists()


def test_a_tournament_of_a_game_no_longer_offered_still_pairs_its_rounds(players, settings):
    people = players(2)
    tournament = services.create_tournament(people[0], name="Kingdoms", game="dominion", table_size=2)
    for user in people:
        services.join(tournament.pk, user)
    settings.OFFERED_GAMES = {"guildhall": None}  # the operator withdraws the game once the tournament exists
    services.start(tournament.pk, people[0])
    table = Table.objects.get(round__tournament=tournament)
    assert (table.game.game, table.game.status) == ("dominion", "active")
