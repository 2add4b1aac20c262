"""Golden game records: complete bot games stored as (engine version, mode,
players, seed, decisions, expected final state). Each must keep replaying, under the rules version it was
recorded with, to exactly the same final state as the engine evolves: stored games on the server depend
on it. Never regenerate a record of an older rules version; ``tests/engine/guildhall/golden/make_golden.py`` writes
records of the current version (see its docstring)."""

import importlib.util
import json
import pathlib

import pytest

from engine import guildhall
from tests.engine.guildhall.helpers import check_invariants

GOLDEN = pathlib.Path(__file__).resolve().parent / "golden"
RECORDS = sorted(GOLDEN.glob("*.json"))


def _summary():
    spec = importlib.util.spec_from_file_location("make_golden", GOLDEN / "make_golden.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.summary


summary = _summary()


def load(path):
    record = json.loads(path.read_text())
    log = [(seat, decision) for seat, decision in record["decisions"]]
    return record, log


def test_there_are_golden_records_of_both_modes_and_every_player_count():
    records = [load(p)[0] for p in RECORDS]
    assert len(records) >= 4
    assert {r["mode"] for r in records} == {"printed", "yucata"}
    assert {r["players"] for r in records} == {2, 3, 4}
    assert all(r["expected"]["phase"] == "over" for r in records)


def test_the_records_of_rules_version_1_are_kept():
    """Games stored under version 1 keep their meaning: six records of version 1, both modes."""
    old = [load(p)[0] for p in RECORDS if load(p)[0]["engine_version"] == "1"]
    assert len(old) == 6 and {r["mode"] for r in old} == {"printed", "yucata"}
    assert all(r["engine_version"] in guildhall.VERSIONS for r in (load(p)[0] for p in RECORDS))


@pytest.mark.parametrize("path", RECORDS, ids=[p.stem for p in RECORDS])
def test_golden_record_replays_identically(path):
    record, log = load(path)
    options = {"mode": record["mode"]}
    st = guildhall.replay(record["players"], record["seed"], options, log, version=record["engine_version"])
    assert st.version == record["engine_version"]
    assert summary(st) == record["expected"]


@pytest.mark.parametrize("path", RECORDS, ids=[p.stem for p in RECORDS])
def test_golden_record_every_decision_still_legal(path):
    """Validated replay: every stored decision is still offered by legal_decisions when it is reached."""
    record, log = load(path)
    options = {"mode": record["mode"]}
    st = guildhall.new_game(record["players"], record["seed"], options, version=record["engine_version"])
    for index, (seat, decision) in enumerate(log):
        assert guildhall.pending_player(st) == seat, f"decision {index + 1}: another player is pending"
        assert decision in guildhall.legal_decisions(st, seat), f"decision {index + 1} no longer legal: {decision}"
        guildhall.apply(st, seat, decision)
    check_invariants(st)
    assert summary(st) == record["expected"]
    assert st.winner == record["expected"]["winner"] and st.players[st.winner].vp >= 20
