"""Settings of the social features: table chat and notes (games.chat), invitations, invitation links and
rematches (games.invitations), following other players (accounts.friends), blocking them (accounts.blocks),
private messages (games.conversations) and the staff's moderation (games.moderation). Read by base.py."""

import environ

_env = environ.Env()

SOCIAL_APPS = [
    "games.chat",
    "games.invitations",
    "accounts.friends",
    "accounts.blocks",
    "games.conversations",
    "games.moderation",
]

# Chat: how many messages one player may write per period ("10/min"; empty: no limit). Counted in the
# cache; with the cache down, messages are let through (and the outage logged).
CHAT_THROTTLE_RATE = _env.str("CHAT_THROTTLE_RATE", default="10/min")
# The chat panel asks every CHAT_POLL_SECONDS whether a message was written (one indexed query).
CHAT_POLL_SECONDS = 10
# Messages listed beside the table (the newest); the replay shows the whole chat up to its step.
CHAT_SHOWN = 100
# Messages quoted per game in the your-turn email and the daily digest.
CHAT_IN_EMAIL = 20
CHAT_IN_DIGEST = 5

# Invitation links: how long one may stay valid at most (the player picks up to this many days).
INVITE_LINK_MAX_DAYS = 14
