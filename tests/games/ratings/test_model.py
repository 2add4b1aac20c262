"""The rating model by hand: Weng & Lin's Plackett–Luce update (JMLR 12, 2011, Algorithm 4) worked out for
2, 3 and 4 players, against the ``openskill`` package's own output; then the values the site stores after
real games (played through the services) against the package's output for the same ratings and places,
to the last bit."""

import math
import random

import pytest
from openskill.models import PlackettLuce

from games.ratings import skill

from .helpers import new_game, play_until_turn, results, rounds_played, seats_in_order, time_out

MU, SIGMA, BETA, TAU, KAPPA = 25.0, 25.0 / 3, 25.0 / 6, 25.0 / 300, 0.0001

# A fresh player's variance once the dynamics τ is added before the game: σ² + τ² = 625/9 + 625/90000.
V = SIGMA**2 + TAU**2


def package(ratings, places):
    model = PlackettLuce()
    teams = model.rate([[model.rating(mu=mu, sigma=sigma)] for mu, sigma in ratings], ranks=list(places))
    return [(team[0].mu, team[0].sigma) for team in teams]


def fresh_update(n, omega_share, delta_share):
    """Closed form for n fresh players (all μ equal, so every e^(μ/c) is the same): μ' = μ + Ω·V/c and
    σ' = √V · √(1 − δ·(V/c²)·(√V/c)), where Ω and δ are the fractions worked out by hand per place."""
    c = math.sqrt(n * (V + BETA**2))
    mu = MU + omega_share * V / c
    sigma = math.sqrt(V) * math.sqrt(max(1 - delta_share * (V / c**2) * (math.sqrt(V) / c), KAPPA))
    return mu, sigma


def test_two_players_by_hand():
    # c² = 2(V + β²) = 2 · 86.8125 = 173.625. The winner's only comparison is with the set {winner, loser}:
    # p = e/(2e) = 1/2, so Ω = 1 − 1/2 = 1/2 and δ = p(1 − p) = 1/4. The loser also has the set {loser}
    # alone, where p = 1 and nothing changes: Ω = −1/2, δ = 1/4.
    assert math.isclose(2 * (V + BETA**2), 173.625, rel_tol=1e-15)
    winner, loser = fresh_update(2, 1 / 2, 1 / 4), fresh_update(2, -1 / 2, 1 / 4)
    # The numbers, worked out: Ω·V/c = 34.7256944…/13.1766839… = 2.6353894…; δ-term 0.0632474…
    assert winner == pytest.approx((27.635389493140497, 8.06590141354368), abs=1e-12)
    assert loser == pytest.approx((22.364610506859503, 8.06590141354368), abs=1e-12)
    got = package([(MU, SIGMA), (MU, SIGMA)], [1, 2])
    assert got[0] == pytest.approx(winner, abs=1e-12) and got[1] == pytest.approx(loser, abs=1e-12)


def test_three_players_with_a_shared_second_place_by_hand():
    # Places [1, 2, 2]. Winner: the set of all three, p = 1/3: Ω = 2/3, δ = 2/9.
    # Each of the two second places: the set of all three (p = 1/3: Ω −1/3, δ +2/9), then the set of the two
    # of them, shared by 2 players (A = 2): as itself p = 1/2 → Ω +(1/2)/2, δ +(1/4)/2; as the other one
    # p = 1/2 → Ω −(1/2)/2, δ +(1/4)/2. So Ω = −1/3 and δ = 2/9 + 1/4 = 17/36.
    expected = [fresh_update(3, 2 / 3, 2 / 9), fresh_update(3, -1 / 3, 17 / 36), fresh_update(3, -1 / 3, 17 / 36)]
    got = package([(MU, SIGMA)] * 3, [1, 2, 2])
    for mine, theirs in zip(expected, got, strict=True):
        assert theirs == pytest.approx(mine, abs=1e-12)
    assert got[1] == got[2], "a shared place moves both players alike"


def test_four_players_by_hand():
    # Places [1, 2, 3, 4]; the sets are "placed no better than q": 4e, 3e, 2e, e.
    # 1st: p = 1/4 → Ω = 3/4, δ = 3/16.
    # 2nd: −1/4 (δ 3/16), then p = 1/3 → +2/3 (δ 2/9): Ω = 5/12, δ = 59/144.
    # 3rd: −1/4, −1/3, then p = 1/2 → +1/2: Ω = −1/12, δ = 3/16 + 2/9 + 1/4 = 95/144.
    # 4th: −1/4, −1/3, −1/2, then p = 1 → 0: Ω = −13/12, δ = 95/144. (The Ω sum to 0.)
    expected = [
        fresh_update(4, 3 / 4, 3 / 16),
        fresh_update(4, 5 / 12, 59 / 144),
        fresh_update(4, -1 / 12, 95 / 144),
        fresh_update(4, -13 / 12, 95 / 144),
    ]
    got = package([(MU, SIGMA)] * 4, [1, 2, 3, 4])
    for mine, theirs in zip(expected, got, strict=True):
        assert theirs == pytest.approx(mine, abs=1e-12)


def plackett_luce(ratings, places):
    """Algorithm 4 written out from the paper for one-player teams (any ratings, ties allowed)."""
    n = len(ratings)
    var = [sigma**2 + TAU**2 for _mu, sigma in ratings]
    c = math.sqrt(sum(v + BETA**2 for v in var))
    e = [math.exp(mu / c) for mu, _sigma in ratings]
    no_better = [sum(e[s] for s in range(n) if places[s] >= places[q]) for q in range(n)]
    sharing = [sum(1 for s in range(n) if places[s] == places[q]) for q in range(n)]
    out = []
    for i in range(n):
        omega = delta = 0.0
        for q in range(n):
            if places[q] <= places[i]:
                p = e[i] / no_better[q]
                delta += p * (1 - p) / sharing[q]
                omega += ((1.0 if q == i else 0.0) - p) / sharing[q]
        omega *= var[i] / c
        delta *= (var[i] / c**2) * (math.sqrt(var[i]) / c)
        out.append((ratings[i][0] + omega, math.sqrt(var[i]) * math.sqrt(max(1 - delta, KAPPA))))
    return out


def test_uneven_ratings_by_the_papers_formula():
    ratings = [(31.2, 2.1), (24.0, 6.5), (18.7, 4.4), (25.0, 25 / 3)]
    for places in ([2, 1, 4, 3], [1, 1, 3, 4], [4, 3, 2, 1]):
        got = package(ratings, places)
        for mine, theirs in zip(plackett_luce(ratings, places), got, strict=True):
            assert theirs == pytest.approx(mine, abs=1e-12)
    # An upset moves more than the expected result: the favourite loses more to the weakest.
    upset = package(ratings[:3], [3, 2, 1])
    expected = package(ratings[:3], [1, 2, 3])
    assert 31.2 - upset[0][0] > expected[0][0] - 31.2 > 0


def test_our_wrapper_is_the_package():
    ratings = [(31.2, 2.1), (24.0, 6.5), (18.7, 4.4)]
    assert skill.rate(ratings, [2, 1, 3]) == package(ratings, [2, 1, 3])
    assert skill.initial() == (MU, SIGMA)
    assert skill.ordinal(27.5, 2.5) == 20.0
    assert skill.weighted((20.0, 4.0), (22.0, 3.0), 1.0) == (22.0, 3.0)
    assert skill.weighted((20.0, 4.0), (22.0, 3.0), 0.5) == (21.0, 3.5)


@pytest.mark.django_db
@pytest.mark.parametrize("players", [2, 3, 4])
def test_stored_ratings_after_real_games_are_the_packages_to_the_bit(players, make_user, commit):
    """Two games in a row among the same people, ended by the clock once everyone has played two turns:
    the second starts from the first's ratings. Stored values equal the package's output exactly."""
    users = [make_user(f"p{players}_{i}") for i in range(players)]
    current = {u.pk: (MU, SIGMA) for u in users}
    for round_ in range(2):
        game = new_game(commit, users)
        play_until_turn(game, commit, rounds_played(game, 2) + round_, random.Random(players * 10 + round_))
        time_out(game, commit)
        seats = seats_in_order(game)
        before = [current[s.user_id] for s in seats]
        places = [s.final_place for s in seats]
        expected = package(before, places)
        stored = results(game)
        for seat, (mu, sigma), hand in zip(seats, expected, plackett_luce(before, places), strict=True):
            row = stored[seat.user.username]
            assert row.verdict == "rated" and row.weight == 1.0
            assert (row.mu_before, row.sigma_before) == current[seat.user_id]
            assert (row.mu, row.sigma) == (mu, sigma)  # exactly: what the package returned is what we keep
            assert (row.mu, row.sigma) == pytest.approx(hand, abs=1e-12)
            current[seat.user_id] = (mu, sigma)
        timed_out = [r for r in stored.values() if r.left]
        assert len(timed_out) == 1 and timed_out[0].place == players, "the seat whose time ran out is last"
