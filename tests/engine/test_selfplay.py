"""Self-play: one JSON line with the required fields; non-zero exit on any failure."""

import json

from engine import guildhall, selfplay

FIELDS = {"games", "decisions", "seconds", "games_per_s", "decisions_per_s", "replay_us_per_decision",
          "max_decisions", "unfinished", "failures"}


def run(capsys, *argv):
    status = selfplay.main(list(argv))
    out = capsys.readouterr().out.strip().splitlines()
    assert len(out) == 1
    return status, json.loads(out[0])


def test_selfplay_prints_one_json_line_and_exits_0(capsys):
    status, result = run(capsys, "--games", "2", "--players", "3", "--seed", "t", "--bot", "greedy", "--mode", "both")
    assert status == 0
    assert FIELDS <= set(result)
    assert result["games"] == 2 and result["failures"] == 0 and result["unfinished"] == 0
    assert result["decisions"] > 0 and result["max_decisions"] <= result["decisions"]


def test_selfplay_random_bot(capsys):
    status, result = run(capsys, "--games", "2", "--players", "2", "--seed", "r", "--bot", "random")
    assert status == 0 and result["failures"] == 0


def test_selfplay_reports_failures_with_exit_status_1(capsys, monkeypatch):
    def broken(*args):
        raise selfplay.InvariantError("planted failure")

    monkeypatch.setattr(selfplay, "check_invariants", broken)
    status = selfplay.main(["--games", "1", "--players", "2", "--bot", "greedy"])
    captured = capsys.readouterr()
    assert status == 1
    assert json.loads(captured.out.strip())["failures"] == 1
    assert "planted failure" in captured.err


def test_selfplay_invariant_check_catches_a_duplicate_card():
    st = guildhall.new_game(2, "dup")
    shadow = guildhall.new_game(2, "dup")
    selfplay.check_invariants(st, shadow)
    st.players[0].hand.append(st.deck[0])
    try:
        selfplay.check_invariants(st, shadow)
    except selfplay.InvariantError as exc:
        assert "profession card" in str(exc)
    else:
        raise AssertionError("a card in two places was not noticed")
