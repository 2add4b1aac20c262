"""Leaving a game, the same in every game of the engine (docs/engine-api.md, "Leaving a game").

Every game accepts three decisions no prompt offers: ``resign`` (by the seat itself, any seat still in
play, at any time), ``time_out`` and ``take_over`` (by the server for the pending seat whose time ran
out). Who made a log entry is its ``by``: None for the seat itself (its player, or the bot of a bot
seat), ``BY_TIMEOUT`` for the server deciding for a seat whose time ran out, ``BY_BOT`` for the
server's bot playing a seat that left.
"""

BY_SEAT = None
BY_TIMEOUT = "timeout"  # the server, for a seat whose time ran out
BY_BOT = "bot"  # the server's bot, for a seat that left the game
AGENTS = (BY_SEAT, BY_TIMEOUT, BY_BOT)

# The decisions of leaving, in every game.
LEAVING_TYPES = ("resign", "time_out", "take_over")

# How a game ended (``outcome(state)["ended_by"]``): by its own rules, or by someone leaving it.
ENDED_BY = ("rules", "resigned", "timed_out", "taken_over")
