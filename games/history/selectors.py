"""Read side of the history: finished games filtered and sorted, per-game summaries, player statistics.

The list is built from indexed columns of ``Game`` and ``Seat`` only (status, finished_at, num_seats,
mode, turn; a seat's user and final place); the facts that need the engine (each game's own:
``summary_facts`` of its presentation, such as Guildhall's VP cards bought) are read from the final
state's public view once per game and cached for good (a finished game never changes).
"""

import datetime
import logging
from dataclasses import dataclass

from django.contrib.auth import get_user_model
from django.core.cache import cache
from django.db.models import Exists, F, OuterRef, Q
from django.utils.dateparse import parse_datetime

from games import cache as state_cache
from games.models import Game, Seat
from games.presentation import for_game

logger = logging.getLogger(__name__)

SORTS = {
    "-finished": ("-finished_at", "-id"),
    "finished": ("finished_at", "id"),
    "-turns": ("-turn", "-id"),
    "turns": ("turn", "id"),
    "-duration": ("-duration", "-id"),
    "duration": ("duration", "id"),
}
DEFAULT_SORT = "-finished"


def user_by_name(username):
    if not username:
        return None
    return get_user_model().objects.filter(username=username).first()


def finished_games(
    player=None, winner=None, players=None, mode=None, since=None, until=None, sort=DEFAULT_SORT, game=None
):
    """Finished games, filtered and sorted. ``game`` is a game's slug (or None: every game);
    ``player``/``winner`` are users (or None); ``since``/``until`` are aware datetimes bounding
    ``finished_at`` (``until`` exclusive)."""
    # Lessons (games.learn) are practice against a bot on a known deal: not games to browse.
    qs = Game.objects.filter(status=Game.Status.FINISHED, lesson=False)
    if game:
        qs = qs.filter(game=game)
    if player is not None:
        qs = qs.filter(Exists(Seat.objects.filter(game=OuterRef("pk"), user=player)))
    if winner is not None:
        qs = qs.filter(Exists(Seat.objects.filter(game=OuterRef("pk"), user=winner, final_place=1)))
    if players:
        qs = qs.filter(num_seats=players)
    if mode:
        qs = qs.filter(mode=mode)
    if since is not None:
        qs = qs.filter(finished_at__gte=since)
    if until is not None:
        qs = qs.filter(finished_at__lt=until)
    order = SORTS.get(sort, SORTS[DEFAULT_SORT])
    if any(key.lstrip("-") == "duration" for key in order):
        qs = qs.annotate(duration=F("finished_at") - F("started_at"))
    return qs.order_by(*order)


# --- keyset pages ------------------------------------------------------------------------------------
# A page is "the PAGE games after (or before) this one in the sort order": the database starts reading at
# that game in the sort's index, so page 2000 costs what page 1 does (an OFFSET reads and drops every
# game before the page). A cursor is the sort value and the id of a game, e.g. "2026-11-30T14:00:00+00:00~42".

CURSOR_SEPARATOR = "~"


class BadCursor(ValueError):
    pass


@dataclass
class KeysetPage:
    games: list
    has_previous: bool
    has_next: bool
    first_cursor: str | None  # of the page's first game: the "previous page" link reads before it
    last_cursor: str | None  # of the page's last game: the "next page" link reads after it


def _sort_column(sort):
    """(the sort value's name on a row, descending?) for one of SORTS."""
    key = SORTS.get(sort, SORTS[DEFAULT_SORT])[0]
    return {"finished_at": "finished_at", "turn": "turn", "duration": "duration"}[key.lstrip("-")], key.startswith(
        "-"
    )


def cursor_of(game, sort):
    name, _descending = _sort_column(sort)
    value = getattr(game, name)
    if isinstance(value, datetime.datetime):
        text = value.astimezone(datetime.UTC).isoformat()
    elif isinstance(value, datetime.timedelta):
        text = str(value // datetime.timedelta(microseconds=1))
    else:
        text = str(value)
    return f"{text}{CURSOR_SEPARATOR}{game.pk}"


def parse_cursor(raw, sort):
    """(sort value, id) from a cursor made by ``cursor_of``, or BadCursor."""
    name, _descending = _sort_column(sort)
    text, sep, pk = (raw or "").rpartition(CURSOR_SEPARATOR)
    if not sep or not pk.isdigit() or len(pk) > 18 or len(text) > 40:
        raise BadCursor(raw)
    try:
        if name == "finished_at":
            value = parse_datetime(text)
            if value is None or value.tzinfo is None:
                raise BadCursor(raw)
        elif name == "duration":
            value = datetime.timedelta(microseconds=int(text))
        else:
            value = int(text)
            if not -(2**31) <= value < 2**31:
                raise BadCursor(raw)
    except (ValueError, OverflowError):
        raise BadCursor(raw) from None
    return value, int(pk)


def keyset_page(games, sort, size, after=None, before=None, last=False):
    """One page of ``games`` (a queryset from ``finished_games`` with the same ``sort``): the first, the
    one after the cursor ``after``, the one before the cursor ``before``, or the ``last``. Every game is
    on exactly one page, ties in the sort value broken by id."""
    name, descending = _sort_column(sort)
    forward = before is None and not last
    cursor = after if forward else before
    qs = games
    if cursor is not None:
        value, pk = parse_cursor(cursor, sort)
        # Past the cursor in the reading direction: the bound on the value alone (value <= x) is what lets
        # the database start reading the sort's index at the cursor; the rest breaks ties by id.
        below = descending == forward
        if below:
            qs = qs.filter(**{f"{name}__lte": value}).filter(Q(**{f"{name}__lt": value}) | Q(id__lt=pk))
        else:
            qs = qs.filter(**{f"{name}__gte": value}).filter(Q(**{f"{name}__gt": value}) | Q(id__gt=pk))
    if not forward:
        qs = qs.reverse()
    rows = list(qs[: size + 1])
    more = len(rows) > size
    rows = rows[:size]
    if not forward:
        rows.reverse()
    if forward:
        has_previous, has_next = cursor is not None, more
    else:
        has_previous, has_next = more, not last
    return KeysetPage(
        games=rows,
        has_previous=has_previous and bool(rows),
        has_next=has_next and bool(rows),
        first_cursor=cursor_of(rows[0], sort) if rows else None,
        last_cursor=cursor_of(rows[-1], sort) if rows else None,
    )


def with_seats(games):
    """Prefetch the seats and their users of a page of games (one query for all of them)."""
    from django.db.models import prefetch_related_objects

    games = list(games)
    prefetch_related_objects(games, "seats__user")
    return games


# --- per-game summary -----------------------------------------------------------------------------------


def _summary_key(game):
    rules = for_game(game).rules
    return f"history:facts:{game.pk}:{game.seed_commitment[:16]}:{rules.NAME}:{rules.ENGINE_VERSION}"


def _computed_summary(game):
    """The game's own facts (its presentation's ``summary_facts``) from the final state's public view."""
    presentation = for_game(game)
    state = state_cache.load_state(game)
    return {"facts": presentation.summary_facts(presentation.rules.view(state, None)), "seq": state.seq}


def game_summaries(games):
    """{game id: {"turns", "duration", "facts": {key: value}, "players": [{name, seat, place, vp, user}]}};
    ``facts`` are the game's own (its presentation's ``summary_columns``)."""
    games = list(games)
    keys = {_summary_key(g): g for g in games if g.status == Game.Status.FINISHED}
    try:
        cached = cache.get_many(list(keys))
    except Exception:  # the cache is an optimisation only
        logger.warning("history summary cache unreachable", exc_info=True)
        cached = {}
    fresh = {}
    for key, game in keys.items():
        if key not in cached:
            cached[key] = fresh[key] = _computed_summary(game)
    if fresh:
        try:
            cache.set_many(fresh, timeout=None)
        except Exception:
            logger.warning("history summary cache unreachable", exc_info=True)
    summaries = {}
    for game in games:
        extra = cached.get(_summary_key(game), {})
        scores = game.scores or []
        seats = sorted((s for s in game.seats.all() if s.position is not None), key=lambda s: s.position)
        summaries[game.pk] = {
            "turns": game.turn,
            "decisions": game.seq,
            "duration": (game.finished_at - game.started_at) if game.finished_at and game.started_at else None,
            "facts": extra.get("facts") or {},
            "players": [
                {
                    "seat": s.position,
                    "name": s.display_name,
                    "user": s.user,
                    "place": s.final_place,
                    "vp": scores[s.position] if s.position < len(scores) else None,
                }
                for s in seats
            ],
            "winner": next((s.display_name for s in seats if s.final_place == 1), None),
        }
    return summaries


# --- player statistics ----------------------------------------------------------------------------------


def player_stats(user, recent=10):
    """A player's record over their finished games.

    ``{"played", "won", "win_rate" (0..1 or None), "average_vp" (or None), "longest_streak",
    "current_streak", "by_players": [{"players", "played", "won", "win_rate"}], "recent": [games]}``;
    ``recent`` games carry ``{"game", "place", "vp", "players", "finished_at", "opponents"}``.
    """
    rows = list(
        Seat.objects.filter(user=user, game__status=Game.Status.FINISHED, game__lesson=False, position__isnull=False)
        .order_by("game__finished_at", "game_id")
        .values_list("game_id", "game__num_seats", "position", "final_place", "game__scores")
    )
    played = len(rows)
    won = 0
    vp_total = vp_count = 0
    streak = longest = 0
    by_players = {}
    for _game_id, num_seats, position, place, scores in rows:
        bucket = by_players.setdefault(num_seats, {"players": num_seats, "played": 0, "won": 0})
        bucket["played"] += 1
        if place == 1:
            won += 1
            bucket["won"] += 1
            streak += 1
            longest = max(longest, streak)
        else:
            streak = 0
        if scores and position < len(scores):
            vp_total += scores[position]
            vp_count += 1
    for bucket in by_players.values():
        bucket["win_rate"] = bucket["won"] / bucket["played"]
    recent_ids = [row[0] for row in rows[-recent:]][::-1] if recent else []
    recent_games = {g.pk: g for g in with_seats(Game.objects.filter(pk__in=recent_ids))}
    recent_rows = []
    for game_id in recent_ids:
        game = recent_games[game_id]
        mine = next(s for s in game.seats.all() if s.user_id == user.pk)
        scores = game.scores or []
        recent_rows.append(
            {
                "game": game,
                "place": mine.final_place,
                "won": mine.final_place == 1,
                "vp": scores[mine.position] if mine.position < len(scores) else None,
                "players": game.num_seats,
                "finished_at": game.finished_at,
                "opponents": [
                    s.display_name
                    for s in sorted(game.seats.all(), key=lambda s: s.position if s.position is not None else 99)
                    if s.pk != mine.pk
                ],
            }
        )
    return {
        "user": user,
        "played": played,
        "won": won,
        "win_rate": won / played if played else None,
        "average_vp": vp_total / vp_count if vp_count else None,
        "longest_streak": longest,
        "current_streak": streak,
        "by_players": [by_players[n] for n in sorted(by_players)],
        "recent": recent_rows,
    }
