"""Whether the staff keep a player from writing, as the rooms that store what players write ask it (the
table chat, the private messages) before they store anything. The staff's room answers: moderation
registers its check from its ready(), so the rooms it moderates never import it."""

_checks = []


def register(check):
    """Register ``check(user_id, what) -> str | None``: what a player kept from ``what`` ("chat" or
    "messages") is told, None when they may write. Returns ``check`` (a decorator)."""
    if check not in _checks:
        _checks.append(check)
    return check


def refusal(user_id, what):
    """What ``user_id`` is told when the staff keep them from ``what`` now; None when they may write."""
    for check in list(_checks):
        told = check(user_id, what)
        if told is not None:
            return told
    return None
