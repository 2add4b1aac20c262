"""Creating and seating: a new game and its rules (the one place that says what a new game may be: the
API's serializer and the lobby's form both ask ``check_new_game``; which games players may create at all,
``offered_games``, the catalogue, the lobby, the tournaments and the demo ask too), joining, leaving and
starting one.

Seats get their engine position when the game starts, in a random order (``secrets``-backed shuffle):
whoever created the game has no first-player advantage.
"""

import datetime
import secrets
from dataclasses import dataclass

from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

import engine

from .. import cache as state_cache
from .. import hooks
from ..exceptions import Conflict, Forbidden, InvalidRequest
from ..models import DEFAULT_GAME, Game, Seat
from ..rules import legacy_mode, options_of, rules_of
from .bots import calibration
from .deciding import DENORMALISED_FIELDS, after_commit, denormalise, lock_game

# A game's time per move, in days, as a creator may choose it (the lobby's and the API's choices); None:
# no limit. A game created without saying gets the site's default (CLOCK_DEFAULT_PER_MOVE).
PER_MOVE_DAYS = (1, 2, 3, 5, 7, 14)
# When a player's time runs out: "bot" (the bot plays the turn) or "end" (the game ends, the absent player
# last): games.clock's policies.
TIMEOUT_POLICIES = ("bot", "end")
_SITE_DEFAULT = object()


@dataclass(frozen=True)
class NewGame:
    """A new game as ``check_new_game`` accepted it: every value checked against the game's rules."""

    game: str
    options: dict
    seats: int
    bots: int
    bot_kind: str
    invited: tuple  # the invited users (the creator left out)
    rated: bool
    per_move: datetime.timedelta | None
    timeout_policy: str
    version: str  # the rules version it is played under (``rules_version``)


def offered_games():
    """The slugs of the games players may create, the site's first game first, then in ``engine.GAMES``'s
    order (as the pages list the games): the site's OFFERED_GAMES (every game unless the operator narrows
    it, e.g. to the games the previous release knows while it still runs beside this one:
    docs/releases.md). A game left out is not deleted: its games play on, replay and show, and a tournament
    of it pairs its rounds; only new ones are refused."""
    offered = [slug for slug in engine.GAMES if slug in settings.OFFERED_GAMES]
    return sorted(offered, key=lambda slug: slug != DEFAULT_GAME)


def rules_version(game):
    """The rules version a new game of ``game`` is played under: the one OFFERED_GAMES names for it (while
    the previous release runs beside this one, the newest it knows), else the game's newest."""
    return settings.OFFERED_GAMES.get(game) or rules_of(game).ENGINE_VERSION


def check_offered(game):
    """``game`` if players may create a game of it (``offered_games``); otherwise ``InvalidRequest`` for the
    field "game", naming the games they may create."""
    offered = offered_games()
    if isinstance(game, str) and game in offered:
        return game
    names = ", ".join(offered)
    if isinstance(game, str) and game in engine.GAMES:
        raise _refused("game", _("New games of %(game)s cannot be created on this site at the moment; "
                                 "these can: %(games)s.") % {"game": _(rules_of(game).TITLE), "games": names})
    raise _refused("game", _("game must be one of: %(games)s.") % {"games": names})


def creatable_games():
    """The games a client can create (``offered_games``), as the API lists them and the lobby offers them:
    for each, its slug, title (a msgid), seat counts, options (choices, default, help) and bot kinds."""
    return [
        {
            "game": slug,
            "title": rules.TITLE,
            "players": list(rules.PLAYERS),
            "options": {
                name: {"choices": spec.get("choices"), "default": spec.get("default"), "help": spec.get("help", "")}
                for name, spec in rules.OPTIONS.items()
            },
            "bot_kinds": list(rules.bots.KINDS),
        }
        for slug in offered_games()
        for rules in (rules_of(slug),)
    ]


def _refused(field, message):
    """A request refused for ``field``: the API answers 400 with ``fields`` saying which."""
    return InvalidRequest(message, fields={field: [message]})


def _whole(value):
    return isinstance(value, int) and not isinstance(value, bool)


def check_new_game(
    creator, *, seats, game=DEFAULT_GAME, options=None, bots=0, bot_kind=None, invite=None, rated=False,
    per_move_days=_SITE_DEFAULT, timeout_policy="bot", lesson=False, asked=True,
):
    """The rules of creating a game, checked: a ``NewGame``, or ``InvalidRequest`` saying which field is
    wrong and why (nothing is written). ``game``: a slug of ``engine.GAMES``; ``options``: the game's own
    (``validate_options`` fills the defaults); ``seats``: one of the game's seat counts; ``bots``: seats
    filled by bots at once, of ``bot_kind`` (one of the game's kinds; default the one it has play for absent
    players); ``invite``:
    usernames, at most the free seats; ``rated``: whether the result counts for ratings (not with a bot
    without a calibration rating, never for a lesson); ``per_move_days``: one of ``PER_MOVE_DAYS``, None
    for no limit, left out for the site's default; ``timeout_policy``: one of ``TIMEOUT_POLICIES``.
    ``asked``: someone asks for this game now (the API, the lobby), so its game must be one players may
    create (``check_offered``) and a rated game with a bot without a calibration rating is refused; a game
    whose game and "rated" were decided before (a tournament's table, a rematch, a lesson) is made as it was
    decided, and such a bot leaves it unrated at its end (the verdict "bots")."""
    if asked:
        check_offered(game)
    elif not isinstance(game, str) or game not in engine.GAMES:
        raise _refused("game", _("game must be one of: %(games)s.") % {"games": ", ".join(engine.GAMES)})
    rules = rules_of(game)
    try:
        options = rules.validate_options(options if options is not None else {})
    except ValueError as exc:
        raise _refused("options", _("These options are not %(game)s's: %(reason)s")
                       % {"game": _(rules.TITLE), "reason": exc}) from None
    if not _whole(seats) or seats not in rules.PLAYERS:
        raise _refused("seats", _("seats must be one of %(counts)s.")
                       % {"counts": ", ".join(str(n) for n in rules.PLAYERS)})
    if not _whole(bots) or not 0 <= bots < seats:
        raise _refused("bots", _("bots must be a whole number from 0 to seats - 1."))
    kind = rules.bots.DEFAULT_ABSENT if bot_kind is None else bot_kind
    if kind not in rules.bots.KINDS:
        kinds = ", ".join(f'"{k}"' for k in rules.bots.KINDS)
        raise _refused("bot_kind", _("bot_kind must be one of: %(kinds)s.") % {"kinds": kinds})
    if not isinstance(rated, bool):
        raise _refused("rated", _("rated must be true or false."))
    if lesson and rated:
        raise _refused("rated", _("A lesson is never rated."))
    if asked and rated and bots and calibration(game, kind) is None:
        raise _refused("rated", _("A rated game cannot have this bot: it has no calibration rating on this site."))
    invited = tuple(u for u in _resolve_users(invite) if creator is None or u.pk != creator.pk)
    if len(invited) > seats - 1 - bots:
        raise _refused("invite", _("More invitations than free seats."))
    if per_move_days is _SITE_DEFAULT:
        per_move = settings.CLOCK_DEFAULT_PER_MOVE
    elif per_move_days is None:
        per_move = None
    elif _whole(per_move_days) and per_move_days in PER_MOVE_DAYS:
        per_move = datetime.timedelta(days=per_move_days)
    else:
        raise _refused("time_per_move_days", _("time_per_move_days must be one of %(days)s, or null.")
                       % {"days": ", ".join(str(d) for d in PER_MOVE_DAYS)})
    if timeout_policy not in TIMEOUT_POLICIES:
        raise _refused("timeout_policy", _('timeout_policy must be "bot" or "end".'))
    return NewGame(game=game, options=options, seats=seats, bots=bots, bot_kind=kind, invited=invited, rated=rated,
                   per_move=per_move, timeout_policy=timeout_policy, version=rules_version(game))


def _resolve_users(usernames):
    """The users named to be invited. One that cannot receive an invitation (a suspended or deleted account)
    is refused as a name that is nobody's: an invitation is not where an account's standing shows."""
    if usernames is None:
        return []
    if not isinstance(usernames, list | tuple) or not all(isinstance(u, str) for u in usernames):
        raise _refused("invite", _("invite must be a list of usernames."))
    names = sorted(set(usernames))
    users = [u for u in get_user_model().objects.filter(username__in=names) if hooks.may_receive_invitations(u)]
    missing = sorted(set(names) - {u.username for u in users})
    if missing:
        raise _refused("invite", _("Unknown users: %(names)s.") % {"names": ", ".join(missing)})
    return users


# --- lifecycle ----------------------------------------------------------------------------------


def create_game(
    creator, seats, *, game=DEFAULT_GAME, options=None, invite=None, bots=0, bot_kind=None, rated=False, seed=None,
    lesson=False,
):
    """Create an open game of ``game`` with ``options`` (checked by ``check_new_game``), ``creator`` in it
    and ``bots`` bot seats; it starts when full. ``rated``: the creator's choice whether the game counts
    for ratings (games.ratings). ``seed``: a deal chosen by the site (the guided first game's,
    games.learn), otherwise a fresh secret one. ``lesson``: the game is a lesson: never rated, and its
    seats keep the order they were taken in (the creator at seat 0), so that the fixed deal is the same
    for every learner. For the site's own games (a tournament's tables, a rematch, a lesson): a request
    from a person goes through ``check_new_game`` and ``create_checked``. The time limit is the caller's
    (``games.clock.deadlines.set_time_limit``), in the same transaction."""
    new = check_new_game(creator, seats=seats, game=game, options=options, bots=bots, bot_kind=bot_kind,
                         invite=invite, rated=rated, lesson=lesson, asked=False)
    return create_checked(creator, new, seed=seed, lesson=lesson)


def create_checked(creator, new, *, seed=None, lesson=False):
    """Create the game ``new`` (a ``NewGame`` from ``check_new_game``)."""
    if seed is not None and (not isinstance(seed, str) or not 0 < len(seed) <= 128):
        raise InvalidRequest(_("seed must be a text of 1 to 128 characters."))
    seed = engine.new_seed() if seed is None else seed
    with transaction.atomic():
        game = Game.objects.create(
            game=new.game,
            options=new.options,
            mode=legacy_mode(new.options),
            engine_version=new.version,
            num_seats=new.seats,
            seed=seed,
            seed_commitment=engine.seed_commitment(seed),
            created_by=creator,
            rated=new.rated,
            lesson=lesson,
        )
        if new.invited:
            game.invited.set(new.invited)
        Seat.objects.create(game=game, kind=Seat.Kind.USER, user=creator)
        for _i in range(new.bots):
            Seat.objects.create(game=game, kind=Seat.Kind.BOT, bot_kind=new.bot_kind)
        if 1 + new.bots == new.seats:
            _start_locked(game)
    return game


def join(game_id, user, *, admitted=False):
    """Take a seat in an open game; it starts when full. ``admitted``: the user comes with an invitation
    link (games.invitations) or is seated by a tournament, which stands for an invitation: a game by
    invitation only lets them in and lists them among its invited players."""
    with transaction.atomic():
        game = lock_game(game_id)
        if game.status != Game.Status.OPEN:
            raise Conflict(_("This game is not open for joining."), code="not_open")
        if game.seats.filter(user=user).exists():
            raise Conflict(_("You are already in this game."), code="already_joined")
        by_invitation = game.invited.exists()
        if by_invitation and not admitted and not game.invited.filter(pk=user.pk).exists():
            raise Forbidden(_("This game is by invitation only."), code="not_invited")
        if not (by_invitation or admitted) and game.seats.filter(user_id__in=hooks.kept_apart_ids(user)).exists():
            # Open-game matching keeps players who blocked each other apart (an invitation, a link or a
            # tournament's seating is a choice made for this table). The refusal is the one a game that
            # is no longer open gets, so that it does not tell anyone who blocked them.
            raise Conflict(_("This game is not open for joining."), code="not_open")
        taken = game.seats.count()
        if taken >= game.num_seats:
            raise Conflict(_("This game is full."), code="full")
        Seat.objects.create(game=game, kind=Seat.Kind.USER, user=user)
        if admitted and by_invitation:
            game.invited.add(user)
        if taken + 1 == game.num_seats:
            _start_locked(game)
    return game


def leave(game_id, user):
    """Leave an open game. The game is aborted when its creator leaves or no player is left."""
    with transaction.atomic():
        game = lock_game(game_id)
        if game.status != Game.Status.OPEN:
            raise Conflict(_("You can only leave a game that has not started."), code="not_open")
        seat = game.seats.filter(user=user).first()
        if seat is None:
            raise Forbidden(_("You are not in this game."), code="not_a_player")
        seat.delete()
        if user.pk == game.created_by_id or not game.seats.filter(kind=Seat.Kind.USER).exists():
            game.status = Game.Status.ABORTED
            game.finished_at = timezone.now()
            game.save(update_fields=["status", "finished_at", "updated_at"])
    return game


def start(game_id, user):
    """Start an open game early with the seats taken so far (as many as its rules need at least); only its
    creator may."""
    with transaction.atomic():
        game = lock_game(game_id)
        if game.status != Game.Status.OPEN:
            raise Conflict(_("This game has already started or ended."), code="not_open")
        if user.pk != game.created_by_id:
            raise Forbidden(_("Only the game's creator can start it."), code="not_creator")
        taken = game.seats.count()
        if taken not in rules_of(game).PLAYERS:
            raise Conflict(_("At least two players are needed to start."), code="too_few_players")
        game.num_seats = taken
        _start_locked(game)
    return game


def _start_locked(game):
    seats = list(game.seats.select_related("user").order_by("joined_at", "id"))
    if not game.lesson:
        secrets.SystemRandom().shuffle(seats)
    for position, seat in enumerate(seats):
        seat.position = position
        seat.save(update_fields=["position"])
    rules = rules_of(game)
    state = rules.new_game(game.num_seats, game.seed, options_of(game), version=game.engine_version)
    game.status = Game.Status.ACTIVE
    game.started_at = timezone.now()
    seats_by_pos = {s.position: s for s in seats}
    denormalise(game, rules, state, seats_by_pos)
    game.save(update_fields=[*DENORMALISED_FIELDS, "num_seats", "started_at"])
    state_cache.store_state(game, state, on_commit=True)
    after_commit(game, None, seats_by_pos)
