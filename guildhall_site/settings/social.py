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

# Invitations by username, per inviter: at most INVITATIONS_OPEN_MAX waiting for an answer at once (a new
# game inviting more is refused), and at most INVITATION_EMAILS_PER_DAY emails in 24 hours (invitations
# beyond it are made, shown on the invitee's "My games", not emailed). An invitee who declined the same
# inviter INVITATION_DECLINES_QUIET times within INVITATION_DECLINES_DAYS is not emailed by them again.
# 0 (or empty) turns a limit off.
INVITATIONS_OPEN_MAX = _env.int("INVITATIONS_OPEN_MAX", default=20)
INVITATION_EMAILS_PER_DAY = _env.int("INVITATION_EMAILS_PER_DAY", default=30)
INVITATION_DECLINES_QUIET = 3
INVITATION_DECLINES_DAYS = 30

# Private messages (games.conversations): per sender, a rate ("10/min"; empty: no limit, counted like
# the chat's) and how many new conversations a day one player may start (0: no limit).
MESSAGE_THROTTLE_RATE = _env.str("MESSAGE_THROTTLE_RATE", default="10/min")
MESSAGE_NEW_CONVERSATIONS_PER_DAY = _env.int("MESSAGE_NEW_CONVERSATIONS_PER_DAY", default=20)

# The privacy page (/privacy/) names this address for questions and requests about personal data; empty:
# it says to write to the site's operator.
PRIVACY_CONTACT_EMAIL = _env.str("PRIVACY_CONTACT_EMAIL", default="")
