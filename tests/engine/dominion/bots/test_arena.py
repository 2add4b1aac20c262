"""Dominion's arena: random kingdoms from the seed, seats and first turns alternating, one JSON object
with the per-kingdom figures printed last."""

import json

from engine import arena
from engine.dominion.bots.arena import benchmark_kingdoms, bootstrap
from engine.dominion.cards import GUILDS


def run(capsys, *args):
    assert arena.main(["--game", "dominion", *args]) == 0
    captured = capsys.readouterr()
    return json.loads(captured.out.strip().splitlines()[-1]), captured.err


def test_kingdoms_are_distinct_and_follow_the_seed():
    kingdoms = benchmark_kingdoms("k", 20)
    assert len({tuple(k) for k in kingdoms}) == 20
    assert all(len(set(k)) == 10 and set(k) <= set(GUILDS) for k in kingdoms)
    assert benchmark_kingdoms("k", 20) == kingdoms and benchmark_kingdoms("other", 20) != kingdoms


def test_every_figure_of_a_two_player_run(capsys):
    result, err = run(capsys, "--bots", "bigmoney_x,bigmoney", "--games", "8", "--kingdoms", "2", "--seed", "t",
                      "--progress")
    assert result["games"] == 8 and result["kingdoms"] == 2 and result["unfinished"] == 0
    assert [k["games"] for k in result["per_kingdom"]] == [4, 4]
    assert all(k["kingdom"] in benchmark_kingdoms("t", 2) for k in result["per_kingdom"])
    # Alternating first seats: the subject begins half the games of every kingdom.
    assert result["by_seat"]["first"]["games"] == result["by_seat"]["later"]["games"] == 4
    rates = [k["win_rate"] for k in result["per_kingdom"]]
    assert result["win_rate_mean"] == round(sum(rates) / 2, 4)
    assert result["worst_kingdom"]["win_rate"] == min(rates)
    low, high = result["win_rate_ci95_bootstrap_kingdoms"]
    assert low <= result["win_rate_mean"] <= high
    assert result["mean_turns_per_player"] > 5
    times = result["decision_time"]["bigmoney_x"]
    assert times["decisions"] > 0 and times["wall_ms_p50"] <= times["wall_ms_p95"]
    progress = [json.loads(line) for line in err.strip().splitlines()]
    assert len(progress) == 8
    assert {tuple(p["kinds"]) for p in progress} == {("bigmoney_x", "bigmoney"), ("bigmoney", "bigmoney_x")}


def test_a_three_player_table_rotates_the_subject_through_every_seat(capsys):
    result, err = run(capsys, "--bots", "bigmoney_x,bigmoney", "--players", "3", "--games", "3", "--kingdoms", "1",
                      "--seed", "t3", "--progress")
    seats = {json.loads(line)["kinds"].index("bigmoney_x") for line in err.strip().splitlines()}
    assert seats == {0, 1, 2}
    assert result["by_seat"]["first"]["games"] == 1 and result["by_seat"]["later"]["games"] == 2


def test_the_strong_bot_runs_in_the_arena(capsys):
    result, _ = run(capsys, "--bots", "strong,bigmoney", "--games", "2", "--kingdoms", "1", "--seed", "bench",
                    "--level", "quick")
    assert result["games"] == 2 and result["decision_time"]["strong"]["decisions"] > 0


def test_the_bootstrap_interval_brackets_the_mean():
    import random

    values = [0.5, 0.6, 0.7, 0.8, 0.9]
    low, high = bootstrap(values, random.Random(0), rounds=2000)
    assert low < 0.7 < high and 0.5 <= low and high <= 0.9
