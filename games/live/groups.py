"""The channel layer's group names: one per game (its pages), one per user (their header)."""


def game_group(game_id):
    return f"game.{int(game_id)}"


def user_group(user_id):
    return f"user.{int(user_id)}"


def presence_key(user_id):
    return f"live:present:{int(user_id)}"
