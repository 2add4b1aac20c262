"""Settings of the ratings and leaderboards (games.ratings). Read by base.py.

Every rating is a function of the finished games in order and of these settings: after changing one
that affects the numbers (the model, the bots' calibration, the repeat rule, the annulment rule), run
``manage.py rebuild_ratings`` so that the stored ratings follow.
"""

import datetime

import environ
from django.core.exceptions import ImproperlyConfigured

_env = environ.Env()


def bot_calibration(raw):
    """``"greedy=20:2,random=5:1.5"`` → ``{"greedy": (20.0, 2.0), "random": (5.0, 1.5)}`` (μ:σ per bot kind)."""
    table = {}
    for item in filter(None, (part.strip() for part in raw.split(","))):
        kind, _eq, numbers = item.partition("=")
        mu, _colon, sigma = numbers.partition(":")
        try:
            table[kind.strip()] = (float(mu), float(sigma))
        except ValueError:
            raise ImproperlyConfigured(
                f"RATINGS_BOT_CALIBRATION: {item!r} is not kind=mu:sigma (e.g. greedy=20:2)"
            ) from None
        if not kind.strip() or table[kind.strip()][1] <= 0:
            raise ImproperlyConfigured(f"RATINGS_BOT_CALIBRATION: {item!r} needs a bot kind and a positive sigma")
    return table

RATINGS_APPS = ["games.ratings"]

# A player's rating is marked provisional until this many rated games in the mode.
RATINGS_PROVISIONAL_GAMES = 10
# Leaderboards list players with at least this many rated games in the mode ...
RATINGS_LEADERBOARD_MIN_GAMES = 10
# ... and a rated game finished within this time.
RATINGS_LEADERBOARD_ACTIVE = datetime.timedelta(days=90)
RATINGS_LEADERBOARD_PAGE_SIZE = 50

# A game in which a seat leaves (resigns, or its time runs out) before every seat has finished this many
# turns of play (setup not counted) is annulled: unrated for everyone.
RATINGS_ANNUL_BEFORE_ROUNDS = 2

# Repeated games among the same players (the same people, and the same calibrated bots) in the same mode:
# the n-th such rated game within the window (n = 0 for the first) applies RATINGS_REPEAT_WEIGHTS[n] of the
# rating change; once the list is used up, the games are unrated until older ones leave the window.
RATINGS_REPEAT_WINDOW = datetime.timedelta(days=7)
RATINGS_REPEAT_WEIGHTS = (1.0, 1.0, 1.0, 0.5, 0.5)

# Bots are rated only through a fixed calibration rating: a game with a bot whose kind has none is unrated.
# {"greedy": (mu, sigma), ...}; from the environment as RATINGS_BOT_CALIBRATION="greedy=20.0:2.0,random=5:2".
RATINGS_BOT_CALIBRATION = bot_calibration(_env.str("RATINGS_BOT_CALIBRATION", default=""))

# Reliability: the share of a player's latest games with other people that they played to the end.
RATINGS_RELIABILITY_GAMES = 20
