"""Which games count, and how: the creator's choice, leaving (last place; annulment in the first two rounds),
a bot finishing a seat, bots with and without a calibration rating, repeated games, reliability; and the
update living in the finishing decision's transaction. Every game is played through the services."""

import datetime
import random

import pytest
import time_machine
from django.db import transaction
from openskill.models import PlackettLuce

from games import services
from games.models import Game, LogEntry
from games.ratings import selectors
from games.ratings import services as rating_services
from games.ratings.models import GameResult, PlayerRating

from .helpers import (
    new_game,
    play_to_the_end,
    play_until_turn,
    rating,
    resign,
    results,
    rounds_played,
    seats_in_order,
    take_over,
    time_out,
)

pytestmark = pytest.mark.django_db

T0 = datetime.datetime(2027, 5, 3, 12, 0, tzinfo=datetime.UTC)
DAY = datetime.timedelta(days=1)


def package(ratings, places):
    model = PlackettLuce()
    teams = model.rate([[model.rating(mu=mu, sigma=sigma)] for mu, sigma in ratings], ranks=list(places))
    return [(team[0].mu, team[0].sigma) for team in teams]


def fresh():
    return (25.0, 25.0 / 3)


def test_unrated_by_the_creators_choice(make_user, commit):
    ann, ben = make_user("ann"), make_user("ben")
    game = new_game(commit, [ann, ben], rated=False)
    play_until_turn(game, commit, rounds_played(game, 2))
    resign(game, commit, ann)
    rows = results(game)
    assert {r.verdict for r in rows.values()} == {"unrated"} and {r.weight for r in rows.values()} == {0.0}
    assert rows["ann"].left and not rows["ben"].left and rows["ann"].place == 2
    assert rows["ann"].mu is None and not PlayerRating.objects.exists()


@pytest.mark.parametrize("turn, verdict", [(6, "annulled"), (7, "rated")])
def test_leaving_in_the_first_two_rounds_annuls_the_game(make_user, commit, turn, verdict):
    """Two players: turns 1–2 are setup, 3–6 the first two rounds of play. A resignation during turn 6
    (the second player's second turn, not yet finished) annuls; during turn 7 it counts."""
    ann, ben = make_user("ann"), make_user("ben")
    game = new_game(commit, [ann, ben])
    assert rounds_played(game, 2) == 7
    play_until_turn(game, commit, turn, random.Random(7))
    assert game.turn == turn
    quitter = ann if game.to_move_user_id == ben.pk else ben  # resigning needs no turn of one's own
    resign(game, commit, quitter)
    rows = results(game)
    assert {r.verdict for r in rows.values()} == {verdict}
    assert rows[quitter.username].left and rows[quitter.username].place == 2
    if verdict == "annulled":
        assert not PlayerRating.objects.exists(), "nobody gains from an opponent who never really played"
    else:
        other = ben if quitter == ann else ann
        assert rating(other).mu > 25 > rating(quitter).mu, "a resignation counts as last place"


def test_a_resignation_is_last_even_with_more_vp(make_user, commit):
    ann, ben = make_user("ann"), make_user("ben")
    game = new_game(commit, [ann, ben])
    play_until_turn(game, commit, rounds_played(game, 4), random.Random(11))
    leader = max(seats_in_order(game), key=lambda s: game.scores[s.position])
    trailer = next(s for s in seats_in_order(game) if s.pk != leader.pk)
    resign(game, commit, leader.user)
    rows = results(game)
    assert rows[leader.user.username].place == 2 and rows[trailer.user.username].place == 1
    assert (rows[trailer.user.username].mu, rows[trailer.user.username].sigma) == package([fresh(), fresh()], [1, 2])[0]


def test_a_seat_lost_to_the_clock_is_last_and_the_bot_finishes_it_among_the_people(make_user, commit):
    """Three people; once everyone played two turns, the clock takes one seat over. The server's bot plays
    that seat to the end of the game; the game is rated among the three people, from the engine's places,
    the seat taken over last (the bot is not a participant of its own)."""
    users = [make_user(n) for n in ("ann", "ben", "cid")]
    game = new_game(commit, users)
    play_until_turn(game, commit, rounds_played(game, 2), random.Random(12))
    absent = game.to_move_user
    take_over(game, commit)
    assert game.status == Game.Status.ACTIVE
    play_to_the_end(game, commit, random.Random(13))
    assert game.ended_by == "rules"
    seats = seats_in_order(game)
    assert LogEntry.objects.filter(game=game, by="bot").exists(), "the bot played the seat that left"
    rows = results(game)
    assert rows[absent.username].left and rows[absent.username].place == 3
    assert {r.lineup for r in rows.values()} == {"|".join(sorted(f"u:{u.pk}" for u in users))}
    expected = package([fresh()] * 3, [s.final_place for s in seats])
    for seat, new in zip(seats, expected, strict=True):
        assert (rows[seat.user.username].mu, rows[seat.user.username].sigma) == new


def test_time_out_with_four_players(make_user, commit):
    users = [make_user(n) for n in ("ann", "ben", "cid", "dee")]
    game = new_game(commit, users)
    play_until_turn(game, commit, rounds_played(game, 2) + 1, random.Random(14))
    absent = game.to_move_user
    time_out(game, commit)
    assert game.ended_by == "timed_out"
    rows = results(game)
    assert rows[absent.username].place == 4 and rows[absent.username].left
    assert sum(r.left for r in rows.values()) == 1 and {r.verdict for r in rows.values()} == {"rated"}


def test_bots_without_a_calibration_rating_leave_the_game_unrated(make_user, commit, settings):
    settings.RATINGS_BOT_CALIBRATION = {}
    ann, ben = make_user("ann"), make_user("ben")
    game = new_game(commit, [ann, ben], bots=1)
    play_until_turn(game, commit, rounds_played(game, 2), random.Random(15))
    time_out(game, commit)
    rows = results(game)
    assert {r.verdict for r in rows.values()} == {"bots"} and not PlayerRating.objects.exists()


def test_a_calibrated_bot_is_the_yardstick_and_stays_out_of_the_pool(make_user, commit, settings):
    settings.RATINGS_BOT_CALIBRATION = {"greedy": (22.0, 1.5)}
    ann = make_user("ann")
    game = new_game(commit, [ann], bots=1)
    play_to_the_end(game, commit, random.Random(16))
    seats = seats_in_order(game)
    bot = next(s for s in seats if s.is_bot)
    rows = results(game)
    assert set(rows) == {"ann"} and rows["ann"].verdict == "rated" and rows["ann"].people == 1
    assert rows["ann"].lineup == f"b:greedy|u:{ann.pk}"
    ratings = [(22.0, 1.5) if s.is_bot else fresh() for s in seats]
    expected = package(ratings, [s.final_place for s in seats])
    assert (rows["ann"].mu, rows["ann"].sigma) == expected[seats.index(next(s for s in seats if not s.is_bot))]
    assert list(PlayerRating.objects.values_list("user__username", flat=True)) == ["ann"]
    assert bot.final_place in (1, 2)
    # Its fixed rating is shown next to its name; a bot never gets a rating row or a leaderboard place.
    badges = selectors.seat_ratings([Game.objects.prefetch_related("seats__user").get(pk=game.pk)])
    assert badges[(game.pk, bot.display_name)].bot and badges[(game.pk, bot.display_name)].mu == 22.0


def test_repeated_games_among_the_same_players_count_less_then_not_at_all(make_user, commit, settings):
    settings.RATINGS_REPEAT_WEIGHTS = (1.0, 0.5)
    settings.RATINGS_REPEAT_WINDOW = 7 * DAY
    ann, ben, cid = make_user("ann"), make_user("ben"), make_user("cid")

    def game_between(users, when, seed):
        with time_machine.travel(when, tick=False):
            game = new_game(commit, users)
            play_until_turn(game, commit, rounds_played(game, 2), random.Random(seed))
            time_out(game, commit)
        return results(game)

    first = game_between([ann, ben], T0, 1)
    second = game_between([ben, ann], T0 + DAY, 2)
    third = game_between([ann, ben], T0 + 2 * DAY, 3)
    other = game_between([ann, cid], T0 + 2 * DAY + datetime.timedelta(hours=1), 4)
    later = game_between([ann, ben], T0 + 7 * DAY + datetime.timedelta(hours=1), 5)
    assert [first["ann"].weight, second["ann"].weight, third["ann"].weight] == [1.0, 0.5, 0.0]
    assert third["ann"].verdict == "repeated" and third["ann"].mu is None
    assert other["ann"].verdict == "rated" and other["ann"].weight == 1.0, "another opponent counts in full"
    assert later["ann"].weight == 0.5, "the first game left the window; the second is still in it"
    # Half a game: half of OpenSkill's change, from where the player stood.
    for name in ("ann", "ben"):
        row = second[name]
        seat_places = {r.position: r.place for r in second.values()}
        ordered = sorted(second.values(), key=lambda r: r.position)
        full = package([(r.mu_before, r.sigma_before) for r in ordered], [seat_places[r.position] for r in ordered])
        mu, sigma = full[row.position]
        assert row.mu == row.mu_before + 0.5 * (mu - row.mu_before)
        assert row.sigma == row.sigma_before + 0.5 * (sigma - row.sigma_before)
    assert rating(ann).rated_games == 4 and rating(ben).rated_games == 3


def test_the_update_commits_or_rolls_back_with_the_finishing_decision(make_user, commit):
    ann, ben = make_user("ann"), make_user("ben")
    game = new_game(commit, [ann, ben])
    play_until_turn(game, commit, rounds_played(game, 2), random.Random(17))
    with pytest.raises(RuntimeError), transaction.atomic():
        services.resign(game.pk, ann)
        assert GameResult.objects.filter(game=game).count() == 2, "written inside the decision's transaction"
        raise RuntimeError("the transaction fails after the decision")
    game.refresh_from_db()
    assert game.status == Game.Status.ACTIVE
    assert not GameResult.objects.exists() and not PlayerRating.objects.exists()
    resign(game, commit, ann)
    rating_services.record_finished_game(game)  # a second call writes nothing more
    assert GameResult.objects.filter(game=game).count() == 2 and rating(ben).rated_games == 1


def test_a_game_that_commits_after_a_later_one_is_rated_in_its_place(make_user, commit):
    """Game A's finishing time is earlier than game B's, but A commits after B (its decision waited on the
    ratings lock): both are rated again in the order of their finishing times, exactly as a rebuild does."""
    ann, ben, cid = make_user("ann"), make_user("ben"), make_user("cid")
    with time_machine.travel(T0, tick=False):
        a = new_game(commit, [ann, ben])
        play_until_turn(a, commit, rounds_played(a, 2), random.Random(18))
        b = new_game(commit, [ann, cid])
        play_until_turn(b, commit, rounds_played(b, 2), random.Random(19))
    with time_machine.travel(T0 + datetime.timedelta(minutes=2), tick=False):
        time_out(b, commit)
    with time_machine.travel(T0 + datetime.timedelta(minutes=1), tick=False):
        time_out(a, commit)
    a_rows, b_rows = results(a), results(b)
    assert b_rows["ann"].mu_before == a_rows["ann"].mu and b_rows["ann"].sigma_before == a_rows["ann"].sigma
    assert a_rows["ann"].mu_before == 25.0
    stored = rating_services.stored_values()
    before, after = rating_services.rebuild()
    assert before == stored == after


def test_reliability_counts_games_with_other_people(make_user, commit, settings):
    settings.RATINGS_BOT_CALIBRATION = {}
    ann, ben = make_user("ann"), make_user("ben")
    for seed, quits in ((21, False), (22, True), (23, False)):
        game = new_game(commit, [ann, ben], rated=False)
        play_until_turn(game, commit, rounds_played(game, 2), random.Random(seed))
        resign(game, commit, ann if quits else ben)
    alone = new_game(commit, [ann], bots=1)
    play_until_turn(alone, commit, rounds_played(alone, 1), random.Random(24))
    resign(alone, commit, ann)  # leaving a game against a bot harms nobody
    reliability = selectors.reliability_of([ann.pk, ben.pk])
    assert (reliability[ann.pk].finished, reliability[ann.pk].games, reliability[ann.pk].percent) == (2, 3, 67)
    assert (reliability[ben.pk].finished, reliability[ben.pk].games) == (1, 3)
    settings.RATINGS_RELIABILITY_GAMES = 2  # only the latest games count
    assert selectors.reliability_of([ann.pk])[ann.pk].percent == 50
