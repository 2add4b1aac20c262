"""Settings of tournaments (games.tournaments): Swiss, round robin and knockout events for correspondence play."""

TOURNAMENT_APPS = ["games.tournaments"]

TOURNAMENT_BEAT_SCHEDULE = {
    # Starts tournaments whose start time has come, and records games whose "a game ended" task was lost.
    "tournaments-catch-up": {"task": "tournaments.catch_up", "schedule": 60.0},
}
