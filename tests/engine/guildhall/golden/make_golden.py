"""Generate the golden game records in this folder (complete bot games: seed + decisions + final state).

    python tests/engine/guildhall/golden/make_golden.py

Regenerate ONLY deliberately: when a rules change is intended and the old records no longer describe the
rules we want. ``tests/engine/guildhall/test_golden.py`` replays every record and compares the final state; a
failure there means that the engine now plays a stored game differently, which breaks every stored game
on the server. Review the diff of the JSON files (and bump ``guildhall.ENGINE_VERSION`` if stored games
change meaning) before committing regenerated records.
"""

import json
import pathlib
import random
import sys

ROOT = pathlib.Path(__file__).resolve().parents[4]
sys.path.insert(0, str(ROOT))

from engine import guildhall  # noqa: E402

HERE = pathlib.Path(__file__).resolve().parent
GAMES = [  # (file stem, bot, players, mode, seed, rng seed)
    ("random-2p-printed", "random", 2, "printed", "golden-a3f1c9e0", 11),
    ("random-3p-yucata", "random", 3, "yucata", "golden-5b7d22aa", 12),
    ("random-4p-printed", "random", 4, "printed", "golden-90c4e81f", 13),
    ("greedy-2p-yucata", "greedy", 2, "yucata", "golden-1e6f3b77", 14),
    ("greedy-3p-printed", "greedy", 3, "printed", "golden-c08a5d31", 15),
    ("greedy-4p-yucata", "greedy", 4, "yucata", "golden-47e9b0d2", 16),
]
MAX_DECISIONS = 5000


def summary(st):
    """The final state as stored in a record and compared by the golden test."""
    return {
        "phase": st.phase,
        "winner": st.winner,
        "placings": st.placings,
        "seq": st.seq,
        "turn": st.turn,
        "shuffles": st.shuffles,
        "players": [
            {
                "vp": p.vp,
                "tokens": p.tokens,
                "vp_cards": sorted(p.vp_cards),
                "hall": sorted(p.hall.values()),
                "completed": len(p.completed),
                "completed_cards": sorted(sorted(ch) for ch in p.completed),
                "hand": sorted(p.hand),
            }
            for p in st.players
        ],
        "deck_size": len(st.deck),
        "deck": list(st.deck),
        "discard": list(st.discard),
        "row": list(st.row),
        "vp_deck": list(st.vp_deck),
    }


def play(bot, players, mode, seed, rng_seed):
    rng = random.Random(rng_seed)
    st = guildhall.new_game(players, seed, {"mode": mode})
    log = []
    while st.phase != "over" and len(log) < MAX_DECISIONS:
        seat = guildhall.pending_player(st)
        decision = guildhall.bots.choose(st, seat, kind=bot, rng=rng)
        guildhall.apply(st, seat, decision)
        log.append([seat, decision])
    assert st.phase == "over", f"{bot} game {seed} did not finish"
    return st, log


def write(stem, bot, players, mode, seed, rng_seed):
    st, log = play(bot, players, mode, seed, rng_seed)
    head = {
        "engine_version": guildhall.ENGINE_VERSION,
        "bot": bot,
        "rng_seed": rng_seed,
        "players": players,
        "mode": mode,
        "seed": seed,
    }
    text = "{\n" + "".join(f" {json.dumps(k)}: {json.dumps(v)},\n" for k, v in head.items())
    expected = summary(st)
    players_lines = ",\n".join("   " + json.dumps(p, sort_keys=True) for p in expected.pop("players"))
    text += ' "expected": {\n'
    text += "".join(f"  {json.dumps(k)}: {json.dumps(v)},\n" for k, v in expected.items())
    text += '  "players": [\n' + players_lines + "\n  ]\n },\n"
    text += ' "decisions": [\n' + ",\n".join("  " + json.dumps(e, sort_keys=True) for e in log) + "\n ]\n}\n"
    json.loads(text)  # well-formed
    (HERE / f"{stem}.json").write_text(text)
    return st, log


if __name__ == "__main__":
    for game in GAMES:
        st, log = write(*game)
        print(f"{game[0]}: {len(log)} decisions, winner seat {st.winner}, VP {[p.vp for p in st.players]}")
