"""Tournament emails through the site's outbox (games.notifications): "round N has started, your table is …",
"you have a bye", "final standings".

Rows are written with ``outbox.write`` in the transaction that pairs the round or ends the tournament, so a
rolled-back pairing sends nothing, and the outbox delivers each row once (its claim, retries and relay). The
outbox renders an email by its kind: apps.py registers the three kinds below with their builders
(``BUILDERS``) in its registry (games.notifications.kinds). A row is unique per (user, kind, key): the
tournament and the round, so a pairing written twice emails once.

What an email says is public tournament information only: table numbers, game ids, names, points.
"""

import logging

from django.conf import settings
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _

from games.notifications import kinds, outbox
from games.notifications.models import Notification

from .models import Table, Tournament
from .results import current_standings

logger = logging.getLogger(__name__)

ROUND = "tournament-round"
BYE = "tournament-bye"
FINAL = "tournament-final"
DIRECTOR_LEFT = "tournament-director-left"
STANDINGS_LINES = 20


def registered(kind):
    return kinds.is_registered(kind)


def _absolute(path):
    return settings.SITE_URL.rstrip("/") + path


def _row(user, kind, game=None, data=None, now=None):
    wanted = outbox.Prefs(user).result_emails and outbox.address_of(user) is not None
    data = data or {}
    key = ":".join(str(data[part]) for part in ("tournament", "round") if part in data)
    return Notification(
        game=game, turn=0, seq=game.seq if game is not None else 0, user_id=user.pk, kind=kind, key=key,
        status=Notification.Status.PENDING if wanted else Notification.Status.SKIPPED, due_at=now or timezone.now(),
        data=data,
    )


def _write(kind, rows):
    if not rows:
        return
    if not registered(kind):
        logger.info("tournament email %s not written: the outbox does not know this kind yet", kind)
        return
    outbox.write(rows)


def round_started(tournament, rnd):
    """Every person seated in round ``rnd`` gets their table; every person with a bye, the bye."""
    now = timezone.now()
    seated = []
    for table in rnd.tables.select_related("game"):
        for seat in table.seats.select_related("entrant__user"):
            if seat.entrant.user is not None:
                data = {"tournament": tournament.pk, "round": rnd.number, "table": table.number}
                seated.append(_row(seat.entrant.user, ROUND, table.game, data, now))
    _write(ROUND, seated)
    byes = [
        _row(bye.entrant.user, BYE, None, {"tournament": tournament.pk, "round": rnd.number, "kind": bye.kind}, now)
        for bye in rnd.byes.select_related("entrant__user")
        if bye.entrant.user is not None
    ]
    _write(BYE, byes)


def final_standings(tournament):
    now = timezone.now()
    rows = [
        _row(e.user, FINAL, None, {"tournament": tournament.pk}, now)
        for e in tournament.entrants.select_related("user").filter(user__isnull=False)
    ]
    _write(FINAL, rows)


def director_left(tournament, cancelled, now=None):
    """Every player still in ``tournament`` hears that its director left the site: it is cancelled, or the
    site's staff directs it from now on."""
    now = now or timezone.now()
    rows = [
        _row(e.user, DIRECTOR_LEFT, None, {"tournament": tournament.pk, "cancelled": cancelled}, now)
        for e in tournament.entrants.select_related("user").filter(user__isnull=False, left_at__isnull=True)
    ]
    _write(DIRECTOR_LEFT, rows)


# --- rendering: the builders the outbox calls, (n, user, prefs, now) -> (subject, context) or None ---------


def _tournament(n):
    return Tournament.objects.filter(pk=(n.data or {}).get("tournament")).first()


def _link(tournament):
    return _absolute(reverse("tournaments:detail", args=[tournament.pk]))


def build_round(n, user, prefs, now):
    tournament = _tournament(n)
    table = Table.objects.filter(game_id=n.game_id).select_related("round").first() if n.game_id else None
    if tournament is None or table is None:
        return None
    others = [s.name for s in table.seats.select_related("entrant__user", "entrant__tournament")
              if s.entrant.user_id != user.pk]
    words = {"round": table.round.number, "name": tournament.name, "table": table.number, "game": n.game_id,
             "others": ", ".join(others)}
    subject = _("Guildhall: round %(round)s of %(name)s has started") % words
    intro = [
        _("Round %(round)s of the tournament %(name)s has started.") % words,
        _("Your table is table %(table)s: game %(game)s, with %(others)s.") % words,
    ]
    return subject, {"intro": intro, "game_id": n.game_id, "game_url": _absolute(f"/games/{n.game_id}/"),
                     "game_link_text": _("To your table")}


def build_bye(n, user, prefs, now):
    tournament = _tournament(n)
    if tournament is None:
        return None
    words = {"round": n.data.get("round"), "name": tournament.name}
    kind = n.data.get("kind")
    if kind == "rest":
        line = _("You rest in round %(round)s of the tournament %(name)s: your group has an odd number of "
                 "players, and everyone rests once.") % words
    elif kind == "forfeit":
        line = _("You win round %(round)s of the tournament %(name)s by forfeit: your opponents withdrew.") % words
    else:
        line = _("You have a bye in round %(round)s of the tournament %(name)s: no table was left for you, "
                 "and a bye scores the average points of a game.") % words
    subject = _("Guildhall: no game for you in round %(round)s of %(name)s") % words
    return subject, {"intro": [line], "game_url": _link(tournament), "game_link_text": _("To the tournament")}


def build_final(n, user, prefs, now):
    tournament = _tournament(n)
    if tournament is None:
        return None
    names = {e.pk: e.name for e in tournament.entrants.select_related("user")}
    rows = current_standings(tournament)
    lines = [f"{row.rank}. {names[row.entrant]}: {row.points:g}" for row in rows[:STANDINGS_LINES]]
    words = {"name": tournament.name}
    subject = _("Guildhall: final standings of %(name)s") % words
    return subject, {
        "intro": [_("The tournament %(name)s is over. Thank you for playing!") % words],
        "list_heading": _("Final standings"),
        "list_lines": lines,
        "game_url": _link(tournament),
        "game_link_text": _("To the tournament"),
    }


def build_director_left(n, user, prefs, now):
    tournament = _tournament(n)
    if tournament is None:
        return None
    words = {"name": tournament.name}
    if n.data.get("cancelled"):
        subject = _("Guildhall: the tournament %(name)s is cancelled") % words
        line = _("The director of the tournament %(name)s has left the site before starting it, so it is "
                 "cancelled.") % words
    else:
        subject = _("Guildhall: the tournament %(name)s goes on without its director") % words
        line = _("The director of the tournament %(name)s has left the site. The tournament goes on as "
                 "planned; the site's staff directs it from now on.") % words
    return subject, {"intro": [line], "game_url": _link(tournament), "game_link_text": _("To the tournament")}


BUILDERS = {ROUND: build_round, BYE: build_bye, FINAL: build_final, DIRECTOR_LEFT: build_director_left}
