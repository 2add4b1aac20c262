"""How players stand to each other and talk to each other: relations (follow, block, mute: one model),
the table chat, private conversations, and reports with the staff's moderation (docs/social.md).

Below the rooms here are games (the table chat is a game's) and accounts; ``social.relations``'
models and selectors import neither, so that the games' own code (seating, open games, invitations)
may ask them who is kept apart from whom.
"""
