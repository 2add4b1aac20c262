"""Replay correctness: the table at every step is the engine's state after that many decisions, and the
VP chart's numbers are the engine's VP (golden records and random bot games)."""

import random
import re

import pytest

import engine
from games.history import chart, replay
from tests.games.history.helpers import (
    card_ids,
    chart_points,
    finished_game,
    game_from_record,
    golden_records,
    hands_shown,
    load_golden,
    stored_log,
)

GOLDEN = golden_records()
GUILDHALL = engine.get("guildhall")


def bot_game(players, seed, kind="random", mode="printed", rng_seed=0):
    """A complete game played by engine bots (no database): (seed, log)."""
    rng = random.Random(rng_seed)
    state = GUILDHALL.new_game(players, seed, {"mode": mode})
    log = []
    while not state.finished and len(log) < 5000:
        seat = GUILDHALL.pending_player(state)
        decision = GUILDHALL.bots.choose(state, seat, kind=kind, rng=rng)
        GUILDHALL.apply(state, seat, decision)
        log.append((seat, decision))
    assert state.finished
    return log


def check_every_step(players, seed, mode, log, expected_final=None, version=GUILDHALL.ENGINE_VERSION):
    """Every step of replay.replay_log equals an independent, validated application of the decisions;
    every chart point is the engine's VP at the last step of its turn (under rules ``version``)."""
    shadow = GUILDHALL.new_game(players, seed, {"mode": mode}, version=version)
    last_step_of_turn = {}
    for k in range(len(log) + 1):
        if k:
            GUILDHALL.apply(shadow, *log[k - 1])  # validated, not trusted
        if k in (0, 1, len(log) // 2):
            rp = replay.replay_log(GUILDHALL, players, seed, {"mode": mode}, log, step=k, version=version)
            assert rp.state == shadow, f"step {k}"
        last_step_of_turn[shadow.turn] = k
    # All the steps in one pass as the view builds them (the generator the page uses).
    full = replay.replay_log(GUILDHALL, players, seed, {"mode": mode}, log, version=version)
    assert full.final == shadow
    assert full.steps == len(log)
    for turn, vps in full.vp_by_turn:
        at = GUILDHALL.replay(players, seed, {"mode": mode}, log[: last_step_of_turn[turn]], version=version)
        assert vps == [at.vp(s) for s in range(players)], f"turn {turn}"
    assert [t for t, _ in full.vp_by_turn] == sorted(last_step_of_turn)
    if expected_final is not None:
        assert full.vp_by_turn[-1][1] == [p["vp"] for p in expected_final["players"]]
        assert full.final.placings == expected_final["placings"]
    # The chart draws exactly these numbers.
    drawn = chart.chart(full.vp_by_turn, [f"p{s}" for s in range(players)])
    for series in drawn["series"]:
        assert [(p["turn"], p["vp"]) for p in series["points"]] == [
            (t, v[series["seat"]]) for t, v in full.vp_by_turn
        ]


def test_every_step_of_each_state_is_the_engines_state():
    """Each step's state, checked at every k (not only samples), against a validated shadow."""
    log = bot_game(2, "history-every-step", kind="greedy", rng_seed=3)
    shadow = GUILDHALL.new_game(2, "history-every-step", {"mode": "printed"})
    for k in range(len(log) + 1):
        if k:
            GUILDHALL.apply(shadow, *log[k - 1])
        at_k = replay.replay_log(GUILDHALL, 2, "history-every-step", {"mode": "printed"}, log, step=k)
        assert at_k.state == shadow, f"step {k}"


@pytest.mark.parametrize("path", GOLDEN, ids=[p.stem for p in GOLDEN])
@pytest.mark.slow
def test_golden_records_replay_step_by_step(path):
    record = load_golden(path)
    log = [(seat, decision) for seat, decision in record["decisions"]]
    check_every_step(record["players"], record["seed"], record["mode"], log, expected_final=record["expected"],
                     version=record["engine_version"])


@pytest.mark.parametrize(
    ("players", "kind", "mode"), [(2, "random", "printed"), (3, "greedy", "yucata"), (4, "random", "yucata")]
)
def test_random_bot_games_replay_step_by_step(players, kind, mode):
    seed = f"history-{players}-{kind}-{mode}"
    check_every_step(players, seed, mode, bot_game(players, seed, kind=kind, mode=mode, rng_seed=players))


def test_a_step_past_the_end_is_the_last_and_a_negative_one_the_first():
    log = bot_game(2, "history-clamp", kind="greedy")
    assert replay.replay_log(GUILDHALL, 2, "history-clamp", {"mode": "printed"}, log, step=10**6).step == len(log)
    assert replay.replay_log(GUILDHALL, 2, "history-clamp", {"mode": "printed"}, log, step=-5).step == 0


@pytest.mark.slow
@pytest.mark.django_db
def test_replay_page_of_a_golden_game_shows_the_engines_table_and_vp(make_user, client):
    """A golden record played through the service layer: at sampled steps the page shows every hand
    (the game is over: everything revealed) exactly as the engine holds it, all 120 cards, and the
    chart's points are the engine's VP."""
    path = next(p for p in GOLDEN if p.stem.startswith("greedy-2p"))
    record = load_golden(path)
    users = [make_user(f"golden{i}") for i in range(record["players"])]
    game = game_from_record(users, record)
    assert game.status == "finished"
    log = stored_log(game)
    assert [list(e) for e in log] == record["decisions"]
    rng = random.Random(1)
    steps = sorted({0, 1, 2, len(log) // 2, len(log) - 1, len(log), *rng.sample(range(len(log)), 8)})
    client.force_login(users[0])
    for k in steps:
        html = client.get(f"/games/{game.pk}/replay/?step={k}").content.decode()
        state = GUILDHALL.replay(game.num_seats, game.seed, {"mode": game.mode}, log[:k], version=game.engine_version)
        hands = hands_shown(html)
        for seat in range(game.num_seats):
            expected = {c["id"] for c in GUILDHALL.view(state, seat)["you"]["hand"]}
            assert hands[seat] == expected, f"step {k} seat {seat}"
        assert card_ids(html) == set(range(120)), f"step {k}: everything is shown once the game is over"
        assert f"Step {k} of {len(log)}" in html
        assert f'data-seq="{k}" class="current"' in html or k == 0
        points = chart_points(html)
        for seat in range(game.num_seats):
            final_vp = [p["vp"] for p in record["expected"]["players"]][seat]
            assert points[seat][max(points[seat])] == final_vp
    # Chart points against the engine at each turn's last step.
    html = client.get(f"/games/{game.pk}/replay/").content.decode()
    points = chart_points(html)
    last_of_turn = {}
    for k in range(len(log) + 1):
        at_k = replay.replay_log(GUILDHALL, game.num_seats, game.seed, {"mode": game.mode}, log, step=k,
                                 version=game.engine_version)
        last_of_turn[at_k.state.turn] = k
    for turn in rng.sample(sorted(last_of_turn), 10):
        state = GUILDHALL.replay(game.num_seats, game.seed, {"mode": game.mode}, log[: last_of_turn[turn]],
                              version=game.engine_version)
        for seat in range(game.num_seats):
            assert points[seat][turn] == state.vp(seat), f"turn {turn} seat {seat}"
    assert game.seed in html


@pytest.mark.django_db
@pytest.mark.slow
def test_log_in_words_beside_the_table_is_the_engines(make_user, client):
    users = [make_user("ann"), make_user("ben")]
    game = finished_game(users, kind="greedy", seed=5)
    log = stored_log(game)
    final = GUILDHALL.replay(game.num_seats, game.seed, {"mode": game.mode}, log)
    names = game.names_by_seat()
    html = client.get(f"/games/{game.pk}/replay/?step=7").content.decode()
    from django.utils.html import escape

    for seq in (1, 7, len(log)):
        assert escape(GUILDHALL.describe(final, seq, None, names)) in html
    assert 'data-seq="7" class="current" aria-current="step"' in html


def test_the_vp_chart_lines_are_told_apart_without_colour():
    """Each seat has its own dash pattern and its own mark shape, the legend shows both, and each line
    ends with its player's name: nothing depends on seeing colours."""
    from django.template.loader import render_to_string

    names = ["ann", "ben", "cy", "di"]
    vp_by_turn = [(5, [0, 0, 0, 0]), (6, [3, 0, 1, 0]), (7, [3, 4, 1, 4])]
    drawn = chart.chart(vp_by_turn, names)
    looks = [(s["dash"], s["shape"]) for s in drawn["series"]]
    assert len({dash for dash, _ in looks}) == 4 and len({shape for _, shape in looks}) == 4
    html = render_to_string("history/_vp_chart.html", {"chart": drawn})
    marks = {"circle": "<circle", "square": "<rect", "triangle": "<polygon", "diamond": "<polygon"}
    for series in drawn["series"]:
        body = re.search(rf'<g class="series" data-seat="{series["seat"]}"[^>]*>(.*?)</g>', html, re.S).group(1)
        assert body.count(marks[series["shape"]]) >= len(vp_by_turn)
        assert f">{series['name']}</text>" in body  # the name at the end of the line
    legend = re.search(r'<figcaption class="vp-legend">(.*?)</figcaption>', html, re.S).group(1)
    assert legend.count('class="legend-entry"') == 4 and legend.count("stroke-dasharray") == 3
    # Equal final scores: the names are printed apart.
    ys = [float(s["label_y"]) for s in drawn["series"] if s["seat"] in (1, 3)]
    assert abs(ys[0] - ys[1]) >= 12
