"""The rollout policy: mostly the greedy bot (engine/greedy.py), sometimes a random legal decision so
that the samples differ; the play-out stops a few turns ahead and the position is evaluated there."""

from ..guildhall.evaluation import rewards
from ..guildhall.greedy import greedy_choice
from ..guildhall.playout import options, play

EXPLORE = 0.05  # share of random decisions in a play-out


def rollout(st, rng, turns, max_decisions=400, stats=None):
    """Play ``st`` on until ``turns`` more seats have begun a turn (or the game ends); its rewards.
    ``stats["decisions"]`` counts the decisions played, for the benchmark figures."""
    stop = st.turn + turns
    played = 0
    while played < max_decisions:
        if st.phase == "over" or st.turn >= stop:
            break
        played += 1
        seat = st.stack[-1]["seat"]
        legal = options(st)
        if len(legal) == 1:
            decision = legal[0]
        elif rng.random() < EXPLORE:
            decision = rng.choice(legal)
        else:
            decision = greedy_choice(st, seat, legal, rng)
        play(st, decision)
    if stats is not None:
        stats["decisions"] = stats.get("decisions", 0) + played
    return rewards(st)
