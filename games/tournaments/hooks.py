"""How a tournament learns that one of its games ended: the decision hook of games.hooks (after the commit).

Only a decision that finished a game enqueues anything (one task per finished game, whichever it is); the
task looks the game up among the tables. Every other decision costs this hook one attribute test.
"""

from games.hooks import on_decision

from .tasks import table_finished


@on_decision
def game_ended(event):
    if event.finished:
        table_finished.delay(event.game_id)
