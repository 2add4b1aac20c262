"""Settings of tournaments (games.tournaments): Swiss, round robin and knockout events for correspondence play."""

TOURNAMENT_APPS = ["games.tournaments"]
