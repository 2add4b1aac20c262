"""The table as one player (or a spectator) sees it: the part every game shares, shaped for the templates.

Built from ``games.selectors.detail`` (the viewer's engine view and legal decisions) and the game row,
never from the raw engine state: what a template can show is exactly what the viewer may know. This
module draws what is the same in every game (who sits where, whose decision is awaited, who left, the
clock, the log, the results); the game's own board, decision controls and prompt come from its
presentation (``games.presentation.for_game(game).table``), drawn by the templates it names.
"""

from django.urls import reverse
from django.utils.html import format_html
from django.utils.translation import gettext as _

from games import cache as state_cache
from games import selectors
from games.clock.selectors import absences_for_game, time_control_of
from games.models import Game
from games.presentation import for_game
from games.rules import options_of, rules_of

LOG_TAIL = 40

# Why a seat left the game (the protocol's ``departed_reason``), as the table says it.
DEPARTED = {
    "resigned": lambda: _("Resigned: the bot plays this seat"),
    "timed_out": lambda: _("Time ran out"),
    "taken_over": lambda: _("Taken over by the bot after timeouts"),
}
# Once the game is over nobody plays the seat any more.
DEPARTED_OVER = {"resigned": lambda: _("Resigned")}
ENDED_BY = {
    "resigned": lambda: _("The game ended when a player resigned."),
    "timed_out": lambda: _("The game ended when a player's time ran out."),
    "taken_over": lambda: _("The game ended when the bot took over a seat after timeouts."),
}


def build(game, user, full_log=False):
    data = selectors.detail(game, user)
    presentation = for_game(game)
    view = data["view"]
    me = data["your_seat"]
    ctx = {
        "game": game,
        "summary": data,
        "view": view,
        "me": me,
        "is_player": me is not None,
        "seed": data["seed"],
        "presentation": presentation,
        "game_title": presentation.title(),
        "options_words": presentation.options_words(options_of(game)),
        "guide_url": presentation.guide_url(),
        "parts": presentation.table_templates,
    }
    if view is None:
        return ctx
    over = game.status == Game.Status.FINISHED
    departed = _departed_reasons(game)
    pending_seat = game.to_move_position if game.status == Game.Status.ACTIVE else None
    names = {p["seat"]: p["username"] for p in data["players"] if p["seat"] is not None}
    i_left = me is not None and departed.get(me) is not None
    ctx.update(
        names=names,
        pending_seat=pending_seat,
        pending_name=names.get(pending_seat),
        i_left=i_left,
        # A player who left the game decides nothing: the server's bot plays their seat.
        my_turn=me is not None and pending_seat == me and game.status == Game.Status.ACTIVE and not i_left,
        can_resign=me is not None and game.status == Game.Status.ACTIVE and not i_left,
        status_words=presentation.status_words(view),
    )
    ctx["players"] = _players(game, data, me, pending_seat, departed, over)
    _clock_and_absences(ctx, game, ctx["players"])
    presentation.table(ctx, data)
    by_seat = {p["seat"]: p for p in ctx["players"]}
    if not ctx["my_turn"] and pending_seat is not None:
        ctx["prompt"] = _waiting_text(by_seat.get(pending_seat, {}))
        ctx["bot_thinking"] = _bot_to_move(by_seat.get(pending_seat, {}))
    if over:
        _results(ctx, game, presentation)
    entries = selectors.log_entries(game, user, after=0 if full_log else max(0, game.seq - LOG_TAIL))
    ctx["log"] = list(reversed(entries))
    ctx["log_truncated"] = not full_log and game.seq > LOG_TAIL
    return ctx


def _departed_reasons(game):
    """{seat: why it left, or None}: the protocol's ``departed_reason`` at the row's seq."""
    rules = rules_of(game)
    state = state_cache.load_state(game)
    return {seat: rules.departed_reason(state, seat) for seat in range(game.num_seats)}


def _players(game, data, me, pending_seat, departed, over):
    """One entry per seat: me last (nearest my hand), the others clockwise after me."""
    order = list(range(game.num_seats))
    if me is not None:
        order = [(me + i) % game.num_seats for i in range(1, game.num_seats)] + [me]
    by_seat = {p["seat"]: p for p in data["players"] if p["seat"] is not None}
    scores = list(game.scores or [])
    players = []
    for seat in order:
        summary = by_seat.get(seat, {})
        name = summary.get("username", "?")
        players.append(
            {
                "seat": seat,
                "name": name,
                "name_html": _name_linked(name, summary.get("kind")),
                "kind": summary.get("kind"),
                "is_me": seat == me,
                "is_pending": seat == pending_seat,
                "score": scores[seat] if seat < len(scores) else 0,
                "place": summary.get("place") if over else None,
                "left": departed.get(seat) is not None,
                "departed": _departed(departed.get(seat), over),
            }
        )
    return players


def _results(ctx, game, presentation):
    """Who won, how the game ended when not by its rules, and the placings with each seat's score."""
    finished = sorted(ctx["players"], key=lambda p: (p["place"] or 99, p["seat"]))
    winners = [p for p in finished if p["place"] == 1]
    ctx["winner_name"] = winners[0]["name"] if len(winners) == 1 else None
    ctx["ended_by"] = ENDED_BY.get(game.ended_by, lambda: None)()
    for player in finished:
        player["score_words"] = presentation.score_words(player["score"])
    ctx["finished_players"] = finished


def _departed(why, over):
    """Why a seat left the game, in the tense the game is in."""
    said = (DEPARTED_OVER.get(why) if over else None) or DEPARTED.get(why)
    return said() if said else None


def _name_linked(name, kind):
    """A person's name as a link to their profile; a bot's name as it is (bots have no profile)."""
    if kind != "user":
        return name
    return format_html('<a href="{}">{}</a>', reverse("public_profile", args=[name]), name)


def _bot_to_move(player):
    """The server's bot decides for this seat: a bot's seat, or the seat of a player who left the game."""
    return player.get("kind") == "bot" or player.get("left", False)


def _waiting_text(player):
    """What the table says while someone else decides: a bot is thinking (its move arrives by itself,
    over the live socket), or the table waits for a person."""
    name = player.get("name", "?")
    if player.get("kind") == "bot":
        return _("%(name)s is thinking…") % {"name": name}
    if player.get("left"):
        return _("The bot is deciding for %(name)s…") % {"name": name}
    return _("Waiting for %(name)s.") % {"name": name}


def _clock_and_absences(ctx, game, players):
    """The game's time limit and declared absences ("away until …")."""
    tc = time_control_of(game)
    if tc is not None and tc.per_move:
        ctx["per_move"] = tc.per_move
        ctx["timeout_policy"] = tc.get_policy_display()
    by_seat = {}
    for absence in absences_for_game(game):
        by_seat.setdefault(absence.seat, absence)
    for player in players:
        player["absence"] = by_seat.get(player["seat"])
