"""The play-out: the game's rollout policy, with a small share of random decisions so that the samples
differ; it stops a few turns ahead and the game's evaluation scores the position there."""


def rollout(hooks, st, rng, turns, max_decisions=400, stats=None):
    """Play ``st`` on until ``turns`` more seats have begun a turn (or the game ends); its rewards.
    ``stats["decisions"]`` counts the decisions played, for the benchmark figures."""
    # The hooks, looked up once: a play-out runs thousands of times a second.
    over, turn, to_move = hooks.over, hooks.turn, hooks.to_move
    options, play, policy, explore = hooks.options, hooks.play, hooks.policy, hooks.explore
    stop = turn(st) + turns
    played = 0
    while played < max_decisions:
        if over(st) or turn(st) >= stop:
            break
        played += 1
        seat = to_move(st)
        legal = options(st)
        if len(legal) == 1:
            decision = legal[0]
        elif rng.random() < explore:
            decision = rng.choice(legal)
        else:
            decision = policy(st, seat, legal, rng)
        play(st, decision)
    if stats is not None:
        stats["decisions"] = stats.get("decisions", 0) + played
    return hooks.evaluate(st)
