"""The one change of state an analysis has: asking for it (``request_analysis``). The worker stores its
progress through work.py.

Without a worker (no broker: Celery's tasks run eagerly, in the process that enqueues them, as under
``make run``), an enqueued task would run the whole analysis inside the request that asked for it, and the
page would freeze for as long as the bot needs. So in that case nothing is enqueued: the request answers at
once with the analysis queued, and each poll of it (``advance``, from the API's GET that the page's
progress bar calls) judges the next short slice before it answers. docs/analysis.md, "Without a worker".
"""

from datetime import timedelta

from django.conf import settings
from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from accounts.throttles import check
from games import selectors as game_selectors
from games.exceptions import Conflict, Throttled
from games.models import Game

from . import tasks, work
from .models import Analysis

ACTIVE = (Analysis.Status.QUEUED, Analysis.Status.RUNNING)


class TooManyAnalyses(Throttled):
    """Over a user's limits of analyses (429, with when to come back)."""


def finished_game(game_id):
    """The game, if it is over (404 for an unknown one, 409 while it is in progress: analysing a game in
    play would help its players)."""
    game = game_selectors.get_game(game_id)
    if game.status != Game.Status.FINISHED:
        raise Conflict(
            _("A game is analysed once it is over: during play the bot's judgement would help its players."),
            code="not_finished",
        )
    return game


def in_process():
    """Whether tasks run in the process that enqueues them (no broker, no worker): the analysis is then
    computed by the polls (``advance``), never by the request that asks for it."""
    return bool(tasks.analyse_game.app.conf.task_always_eager)


def _enqueue(analysis):
    if in_process():
        return
    transaction.on_commit(lambda: tasks.analyse_game.delay(analysis.pk))


def advance(analysis):
    """Without a worker: judge the next slice of a queued or running ``analysis`` (about
    ``ANALYSIS_POLL_SECONDS``) and return it as stored afterwards. With a worker, or for an analysis that is
    not under way, it only returns ``analysis``. Two polls at once are safe: the slice stored first wins
    (work.run_slice)."""
    if analysis is None or analysis.status not in ACTIVE or not in_process():
        return analysis
    try:
        work.run_slice(analysis.pk, run_seconds=settings.ANALYSIS_POLL_SECONDS)
    except Exception as exc:  # noqa: BLE001 - stored as the analysis's failure, as the task does
        work.fail(analysis.pk, exc)
    analysis.refresh_from_db()
    return analysis


def _check_user_limits(user):
    running = Analysis.objects.filter(requested_by=user, status__in=ACTIVE).count()
    if running >= settings.ANALYSIS_USER_RUNNING:
        raise TooManyAnalyses(
            _("You have %(count)d analyses under way; ask for another once one is done.")
            % {"count": running},
            wait=30,
        )
    verdict = check("analysis", f"user:{user.pk}", settings.ANALYSIS_USER_RATE)
    if not verdict.allowed:
        raise TooManyAnalyses(
            _("You have asked for many analyses lately; try again in %(seconds)d seconds.")
            % {"seconds": verdict.wait},
            wait=verdict.wait,
        )


def request_analysis(game_id, user):
    """Start the analysis of a finished game, once: ``(analysis, started)``. Asking again for an analysis
    that exists changes nothing (and costs no part of the user's limit), except that a failed one, or a
    queued or running one whose task was lost (its row still for ``ANALYSIS_STALE_SECONDS``), is
    enqueued again."""
    game = finished_game(game_id)
    existing = Analysis.objects.filter(game=game, rules_version=game.engine_version).first()
    if existing is not None:
        return existing, _restart_if_stuck(existing)
    _check_user_limits(user)
    try:
        with transaction.atomic():
            analysis = Analysis.objects.create(
                game=game,
                rules_version=game.engine_version,
                requested_by=user,
                total=game.seq,
                playouts=settings.ANALYSIS_PLAYOUTS,
                cpu_seconds=settings.ANALYSIS_CPU_SECONDS,
                rollout_turns=settings.ANALYSIS_ROLLOUT_TURNS,
            )
            _enqueue(analysis)
    except IntegrityError:  # asked twice at once: the other request's analysis is the one
        return Analysis.objects.get(game=game, rules_version=game.engine_version), False
    return analysis, True


def _restart_if_stuck(analysis):
    stale = timezone.now() - timedelta(seconds=settings.ANALYSIS_STALE_SECONDS)
    with transaction.atomic():
        restarted = (
            Analysis.objects.filter(pk=analysis.pk)
            .filter(status=Analysis.Status.FAILED)
            .update(status=Analysis.Status.QUEUED, error="", updated_at=timezone.now())
        ) or (
            Analysis.objects.filter(pk=analysis.pk, status__in=ACTIVE, updated_at__lt=stale)
            .update(updated_at=timezone.now())
        )
        if restarted:
            _enqueue(analysis)
    if restarted:
        analysis.refresh_from_db()
    return bool(restarted)
