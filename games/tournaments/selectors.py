"""The read side of tournaments: what the pages and the API show. Only public information: names, tables,
game ids, places, points and VP of finished games."""

from django.utils.formats import number_format
from django.utils.translation import ngettext

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


def standings(tournament):
    """The standings as the pages show them: ``{"rows": [...], "ranked": bool}``. Until a game of the
    tournament has ended nobody has placed anywhere: the rows come in seeding order and ``ranked`` is false,
    so the page shows no ranks and no tie-breaks (every one would be a tie, or a rating dressed as a rank)."""
    rows = standings_rows(tournament)
    ranked = any(item["row"].games for item in rows)
    if not ranked:
        rows.sort(key=lambda item: (item["entrant"].seed is None, item["entrant"].seed or 0, item["entrant"].pk))
    return {"rows": rows, "ranked": ranked}


def points_words(value):
    """Tournament points in words: "1 point", "0.5 points" (the number as the language writes it)."""
    whole = float(value).is_integer()
    shown = number_format(int(value) if whole else round(float(value), 2))
    # gettext chooses a form by a whole number. A fraction (a bye's 0.5) takes the form for many in the
    # site's languages (CLDR's "other" for every decimal in English, German and Spanish), as 0 does.
    count = int(value) if whole else 0
    return ngettext("%(points)s point", "%(points)s points", count) % {"points": shown}


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
        "entrants": entrants,
        "people": sum(1 for e in entrants if not e.is_bot),
        "entry": entry,
        "can_join": user.is_authenticated and entry is None and tournament.status == Tournament.Status.OPEN,
        "can_withdraw": entry is not None and entry.active and tournament.status in (
            Tournament.Status.OPEN, Tournament.Status.RUNNING),
        "can_start": tournament.directed_by(user) and tournament.status == Tournament.Status.OPEN,
        "standings": standings(tournament) if running_or_over else None,
        "rounds": list(tournament.round_set.order_by("number")),
    }


def round_detail(tournament, rnd):
    tables = []
    for table in rnd.tables.select_related("game").order_by("number"):
        seats = list(table.seats.select_related("entrant__user", "entrant__tournament").order_by("place", "position"))
        tables.append({"table": table, "game": table.game, "seats": seats})
    byes = list(rnd.byes.select_related("entrant__user", "entrant__tournament").order_by("number", "pk"))
    for bye in byes:
        bye.points_words = points_words(bye.points)
    return {
        "tournament": tournament,
        "round": rnd,
        "tables": tables,
        "byes": byes,
        "rounds": list(tournament.round_set.order_by("number")),
    }
