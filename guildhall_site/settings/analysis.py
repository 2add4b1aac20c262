"""Settings of the post-game analysis (games.analysis, docs/analysis.md). Read by base.py.

Opt-in environment variables: ANALYSIS_PLAYOUTS, ANALYSIS_CPU_SECONDS, ANALYSIS_ROLLOUT_TURNS,
ANALYSIS_USER_RATE.
"""

import environ

_env = environ.Env()

ANALYSIS_APPS = ["games.analysis"]

# The strong bot's budget for judging one decision: play-outs over all its alternatives, and at most this
# much CPU time (the worker process's, so a busy machine makes an analysis slower, not worse). At 200
# play-outs a decision costs about 0.12 s of CPU and the marks of two runs agree on 93% of the decisions
# (docs/analysis.md, "Budget").
ANALYSIS_PLAYOUTS = _env.int("ANALYSIS_PLAYOUTS", default=200)
ANALYSIS_CPU_SECONDS = _env.float("ANALYSIS_CPU_SECONDS", default=0.5)
# How many turns a play-out looks ahead before the position is scored; 0: the strong bot's own horizon (a
# round and one turn). A large number plays every play-out to the end: in three-player games that made the
# win chance a far better predictor, for about 5 times the CPU per play-out (docs/analysis.md, "Figures").
ANALYSIS_ROLLOUT_TURNS = _env.int("ANALYSIS_ROLLOUT_TURNS", default=0)
# One task judges decisions for about this long, stores them and enqueues the rest, so that an analysis
# never holds a worker from the games' own tasks for long, and its progress is seen as it grows.
ANALYSIS_RUN_SECONDS = 5.0
# A queued or running analysis whose row has not moved for this long is enqueued again by the next
# request for it (its task was lost: a worker killed before it acknowledged, a broker flushed).
ANALYSIS_STALE_SECONDS = 120
# How many new analyses one user may request: a DRF-style rate ("10/hour"); empty for no limit. And how
# many of theirs may wait or run at once.
ANALYSIS_USER_RATE = _env.str("ANALYSIS_USER_RATE", default="10/hour")
ANALYSIS_USER_RUNNING = 2
