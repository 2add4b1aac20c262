"""The read side of tournaments: what the pages and the API show. Only public information: names, tables,
game ids, places, points and VP of finished games."""

from games.presentation import for_game
from games.rules import options_of

from .models import Tournament
from .results import current_standings

LIST_LIMIT = 50


def game_words(tournament):
    """The tournament's game and options in words ("Guildhall · Yucata rules"), as its presentation says them."""
    presentation = for_game(tournament.game)
    words = presentation.options_words(options_of(tournament))
    return f"{presentation.title()} · {words}" if words else str(presentation.title())


def listing():
    result = []
    for status in (Tournament.Status.OPEN, Tournament.Status.RUNNING, Tournament.Status.FINISHED):
        tournaments = list(Tournament.objects.filter(status=status).order_by("-id")[:LIST_LIMIT])
        for tournament in tournaments:
            tournament.game_words = game_words(tournament)
        if tournaments:
            result.append({"status": status, "label": Tournament.Status(status).label, "tournaments": tournaments})
    return result


def standings_rows(tournament):
    entrants = {e.pk: e for e in tournament.entrants.select_related("user")}
    return [{"row": row, "entrant": entrants[row.entrant]} for row in current_standings(tournament)]


def entry_of(tournament, user):
    if not user.is_authenticated:
        return None
    return tournament.entrants.filter(user=user).first()


def detail(tournament, user):
    entrants = list(tournament.entrants.select_related("user").order_by("seed", "joined_at", "pk"))
    entry = entry_of(tournament, user)
    running_or_over = tournament.status != Tournament.Status.OPEN
    return {
        "tournament": tournament,
        "game_words": game_words(tournament),
        "per_move_hours": round(tournament.per_move.total_seconds() / 3600) if tournament.per_move else None,
        "entrants": entrants,
        "people": sum(1 for e in entrants if not e.is_bot),
        "entry": entry,
        "can_join": user.is_authenticated and entry is None and tournament.status == Tournament.Status.OPEN,
        "can_withdraw": entry is not None and entry.active and tournament.status in (
            Tournament.Status.OPEN, Tournament.Status.RUNNING),
        "can_start": tournament.directed_by(user) and tournament.status == Tournament.Status.OPEN,
        "standings": standings_rows(tournament) if running_or_over else [],
        "rounds": list(tournament.round_set.order_by("number")),
    }


def round_detail(tournament, rnd):
    tables = []
    for table in rnd.tables.select_related("game").order_by("number"):
        seats = list(table.seats.select_related("entrant__user").order_by("place", "position"))
        tables.append({"table": table, "game": table.game, "seats": seats})
    return {
        "tournament": tournament,
        "round": rnd,
        "tables": tables,
        "byes": list(rnd.byes.select_related("entrant__user").order_by("number", "pk")),
        "rounds": list(tournament.round_set.order_by("number")),
    }
