"""The arena: seats rotated, win rates with Wilson intervals, one JSON object; the search benchmark."""

import json

import pytest

import engine
from engine import arena, selfplay
from engine.search import bench


def test_wilson_interval_matches_the_formula():
    low, high = arena.wilson(7, 10)
    assert (round(low, 4), round(high, 4)) == (0.3968, 0.8922)
    assert arena.wilson(0, 0) == (0.0, 1.0)
    assert arena.wilson(10, 10)[1] == pytest.approx(1.0)


def test_lineup_fills_with_the_last_bot_and_rotates_every_game():
    assert arena.lineup(["strong", "greedy"], 3, 0) == ["strong", "greedy", "greedy"]
    assert arena.lineup(["strong", "greedy"], 3, 1) == ["greedy", "strong", "greedy"]
    assert arena.lineup(["strong", "greedy"], 3, 2) == ["greedy", "greedy", "strong"]
    assert arena.lineup(["strong", "greedy"], 2, 3) == ["greedy", "strong"]


def test_arena_prints_one_json_object_with_every_figure(capsys):
    assert arena.main(["--bots", "random,greedy", "--players", "3", "--games", "3", "--seed", "t"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert result["games"] == 3 and result["unfinished"] == 0
    greedy, random_bot = result["results"]["greedy"], result["results"]["random"]
    assert greedy["seats_per_game"] == 2 and random_bot["seats_per_game"] == 1
    assert greedy["wins"] + random_bot["wins"] + result["shared_first"] == 3
    for figures in (greedy, random_bot):
        low, high = figures["win_rate_ci95"]
        assert low <= figures["win_rate"] <= high
        assert figures["decision_ms_p50"] <= figures["decision_ms_p95"]


def test_arena_runs_the_strong_bot_and_reports_its_search(capsys):
    assert arena.main(["--bots", "strong,random", "--games", "1", "--level", "quick", "--progress"]) == 0
    captured = capsys.readouterr()
    result = json.loads(captured.out)
    assert result["level"] == "quick" and result["search"]["rollouts_per_s"] > 0
    assert json.loads(captured.err.splitlines()[0])["kinds"] == ["strong", "random"]


def test_arena_refuses_unknown_bots():
    with pytest.raises(SystemExit):
        arena.main(["--bots", "strong,clever"])


def test_search_benchmark_prints_both_paths(capsys):
    assert bench.main(["--games", "1"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert result["fast_decisions_per_s"] > 0 and result["public_decisions_per_s"] > 0


@pytest.mark.parametrize("slug", sorted(engine.GAMES))
def test_arena_and_self_play_run_every_registered_game(slug, capsys):
    game = engine.get(slug)
    players = str(min(game.PLAYERS))
    assert arena.main(["--game", slug, "--bots", "random", "--players", players, "--games", "2", "--progress"]) == 0
    captured = capsys.readouterr()
    result = json.loads(captured.out.strip().splitlines()[-1])  # the result is printed last
    assert result["game"] == slug and result["games"] == 2 and result["unfinished"] == 0
    assert len(captured.err.strip().splitlines()) == 2  # one progress line per game, apart
    assert selfplay.main(["--game", slug, "--games", "2", "--players", players, "--bot", "random"]) == 0
    assert json.loads(capsys.readouterr().out)["game"] == slug


def test_arena_refuses_a_game_it_does_not_know():
    with pytest.raises(SystemExit):
        arena.main(["--game", "chess"])
