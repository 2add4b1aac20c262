"""Read side: which games a user sees, and a game as one user may see it.

Everything that leaves the server about a game is assembled here, from its rules' ``view`` for the
caller's seat (or for a spectator): never from the raw state. The seed is only shown once the game
is over (its commitment is public from the start, so anyone can then check it).
"""

from django.db.models import Exists, OuterRef, Prefetch
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

import engine

from . import cache as state_cache
from . import hooks, statements
from .exceptions import InvalidRequest, NotFound
from .models import Game, LogEntry, Seat
from .rules import options_of, rules_of
from .services.deciding import parse_game_id

FILTERS = ("mine", "open", "active", "finished", "my_turn")


def games_for(user, filter_=None, game=None):
    """Games listed for ``user``; ``filter_`` is one of FILTERS or None (all); ``game``: only games of this
    game (a slug of engine.GAMES), or None (every game)."""
    qs = Game.objects.all()
    if game is not None:
        if game not in engine.GAMES:
            raise InvalidRequest(
                _("game must be one of: %(games)s.") % {"games": ", ".join(engine.GAMES)}, code="bad_game"
            )
        qs = qs.filter(game=game)
    mine = Exists(Seat.objects.filter(game=OuterRef("pk"), user=user))
    if filter_ is None:
        pass
    elif filter_ == "mine":
        qs = qs.filter(mine)
    elif filter_ == "open":
        invited = Exists(Game.invited.through.objects.filter(game=OuterRef("pk"), user=user))
        has_invites = Exists(Game.invited.through.objects.filter(game=OuterRef("pk")))
        qs = qs.filter(status=Game.Status.OPEN).filter(~has_invites | invited | mine)
        # Open-game matching keeps players who blocked each other apart; the list simply leaves such a
        # game out, so that nobody learns who blocked them.
        apart = hooks.kept_apart_ids(user) if user is not None and user.is_authenticated else set()
        if apart:
            qs = qs.filter(mine | ~Exists(Seat.objects.filter(game=OuterRef("pk"), user_id__in=apart)))
    elif filter_ == "active":
        qs = qs.filter(status=Game.Status.ACTIVE)
    elif filter_ == "finished":
        qs = qs.filter(status=Game.Status.FINISHED)
    elif filter_ == "my_turn":
        qs = qs.filter(status=Game.Status.ACTIVE, to_move_user=user)
    else:
        raise InvalidRequest(
            _("filter must be one of: %(values)s.") % {"values": ", ".join(FILTERS)},
            code="bad_filter",
        )
    return qs.prefetch_related(Prefetch("seats", queryset=Seat.objects.select_related("user"))).order_by("-id")


def get_game(game_id):
    """The game with its creator and its seats with their users, or 404."""
    seats = Prefetch("seats", queryset=Seat.objects.select_related("user"))
    try:
        return Game.objects.select_related("created_by").prefetch_related(seats).get(pk=parse_game_id(game_id))
    except Game.DoesNotExist:
        raise NotFound() from None


def game_detail(game_id, user):
    """``detail`` of the game ``game_id`` for ``user``, or 404: the game, its creator and its seats read
    in one statement (``statements.game_with_seats``), for the API's GET of a game."""
    found = statements.game_with_seats(parse_game_id(game_id))
    if found is None:
        raise NotFound()
    game, seats = found
    return detail(game, user, seats)


def seat_of(game, user, seats=None):
    """``user``'s seat of ``game`` (of ``seats``, its seats when the caller has them), or None."""
    if user is None or not getattr(user, "is_authenticated", False):
        return None
    return next((s for s in _seats(game, seats) if s.user_id == user.pk), None)


def _seats(game, seats):
    return game.seats.all() if seats is None else seats


def _ordered_seats(seats):
    return sorted(seats, key=lambda s: (s.position if s.position is not None else 99, s.joined_at, s.pk))


def to_move_name(game, seats=None):
    if game.to_move_position is None or game.status != Game.Status.ACTIVE:
        return None
    seat = next((s for s in _seats(game, seats) if s.position == game.to_move_position), None)
    return seat.display_name if seat else None


def summary(game, user=None, seats=None):
    """The fields a game list shows: no engine state needed. ``seats``: the game's seats with their users,
    when the caller has read them (else ``game.seats.all()``, prefetched by the caller)."""
    seats = _seats(game, seats)
    scores = game.scores or []
    me = seat_of(game, user, seats)
    options = options_of(game)
    return {
        "id": game.pk,
        "game": game.game,
        "options": options,
        # The previous form of the options, for clients of the first API (one game, its mode).
        "mode": options.get("mode", ""),
        "status": game.status,
        "seats": game.num_seats,
        "seq": game.seq,
        "turn": game.turn,
        "engine_version": game.engine_version,
        "seed_commitment": game.seed_commitment,
        "created_by": game.created_by.username if game.created_by_id else None,
        "created_at": game.created_at,
        "started_at": game.started_at,
        "finished_at": game.finished_at,
        "deadline": game.deadline,
        "to_move": to_move_name(game, seats),
        "your_seat": me.position if me else None,
        "rated": game.rated,
        "players": [
            {
                "username": s.display_name,
                "kind": s.kind,
                "seat": s.position,
                "vp": scores[s.position] if s.position is not None and s.position < len(scores) else 0,
                "place": s.final_place,
            }
            for s in _ordered_seats(seats)
        ],
    }


def detail(game, user, seats=None):
    """The game as ``user`` may see it: summary, their engine view and their legal decisions, all at
    ``game.seq`` (the state is loaded at the row's seq, whatever was committed since). ``seats`` as for
    ``summary``."""
    seats = _seats(game, seats)
    data = summary(game, user, seats)
    me = seat_of(game, user, seats)
    viewer = me.position if me is not None else None
    data["view"] = None
    data["legal"] = []
    data["seed"] = None
    if game.status in (Game.Status.ACTIVE, Game.Status.FINISHED):
        rules = rules_of(game)
        state = state_cache.load_state(game)
        view = rules.view(state, viewer)
        data["view"] = view
        if viewer is not None and game.status == Game.Status.ACTIVE and rules.in_play(state, viewer):
            # A seat that left the game is played by the server's bot: nothing is offered to its player.
            data["legal"] = rules.legal_decisions(state, viewer)
        outcome = rules.outcome(state)
        hand_sizes = _hand_sizes(view, game.num_seats)
        for player in data["players"]:
            if player["seat"] is not None:
                player["vp"] = outcome["scores"][player["seat"]]
                player["hand_size"] = hand_sizes.get(player["seat"])
        if game.status == Game.Status.FINISHED and outcome["over"]:
            data["seed"] = game.seed
    return data


def after_decision(result):
    """What the decider needs next, from the state their decision produced (``services.DecisionResult``):
    seq, status, turn, who is to move, and their own engine view and legal decisions at that seq, so a
    client that goes on deciding needs no GET in between."""
    game, state, seat = result.game, result.state, result.entry.seat
    rules = rules_of(game)
    legal = []
    if game.status == Game.Status.ACTIVE and rules.in_play(state, seat):
        legal = rules.legal_decisions(state, seat)
    return {
        "seq": game.seq,
        "status": game.status,
        "turn": game.turn,
        "to_move": result.to_move,
        "view": rules.view(state, seat),
        "legal": legal,
    }


def may_resign(game, user):
    """``user`` holds a seat of ``game`` in progress and has not left it."""
    me = seat_of(game, user)
    if me is None or me.position is None or game.status != Game.Status.ACTIVE:
        return False
    return rules_of(game).can_resign(state_cache.load_state(game), me.position)


def _hand_sizes(view, num_seats):
    """Hand sizes by seat, as public in the engine's view."""
    sizes = {}
    players = view.get("players") if isinstance(view, dict) else None
    if isinstance(players, list):
        for seat, p in enumerate(players):
            if isinstance(p, dict):
                size = p.get("hand_size")
                if size is None and isinstance(p.get("hand"), list):
                    size = len(p["hand"])
                sizes[p.get("seat", seat)] = size
    return sizes


def log_entries(game, user, after=0):
    """The log in words, redacted for ``user``'s seat: [{seq, seat, player, text, created_at}]."""
    if game.status not in (Game.Status.ACTIVE, Game.Status.FINISHED) or game.seq == 0:
        return []
    me = seat_of(game, user)
    viewer = me.position if me is not None else None
    rules = rules_of(game)
    state = state_cache.load_state(game, events_after=after)
    seats = {s.position: s for s in game.seats.all() if s.position is not None}
    names = [seats[p].display_name if p in seats else "?" for p in range(game.num_seats)]
    # Only up to the seq this game row was read at: a decision committed since then appends rows the
    # state (of game.seq) cannot describe. Every answer describes one seq.
    rows = LogEntry.objects.filter(game=game, seq__gt=after, seq__lte=game.seq).order_by("seq")
    return [
        {
            "seq": seq,
            "seat": seat,
            "player": names[seat] if seat < len(names) else "?",
            "text": rules.describe(state, seq, viewer, names, gettext=_, ngettext=ngettext),
            "created_at": created_at,
        }
        for seq, seat, created_at in rows.values_list("seq", "seat", "created_at")
    ]
