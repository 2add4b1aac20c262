"""The worker's side of an analysis: judge the next stretch of decisions, store them, say whether more
is left. The Celery task (tasks.py) calls ``run_slice`` until it says no; without a worker, the polls of the
analysis do (services.advance).

A slice reads the analysis row, computes without holding any lock (the strong bot's play-outs take
seconds), then stores its records under the row's lock only if nobody stored that stretch meanwhile (a
redelivered task, a second enqueue of a stale analysis): the first to store wins, the other's work is
dropped, so each decision is stored once and in order.
"""

import logging
import time

from django.conf import settings
from django.db import transaction
from django.utils import timezone

from games import cache as state_cache
from games.models import Game, LogEntry
from games.presentation import for_game
from games.rules import options_of, rules_of

from .analyse import Budget, GameLog, analyse
from .models import Analysis

logger = logging.getLogger(__name__)


def _game_log(game):
    return GameLog(rules_of(game), game.num_seats, game.seed, options_of(game), game.engine_version,
                   LogEntry.objects.for_engine(game.pk, game.seq))


def _fail(analysis_id, reason):
    Analysis.objects.filter(pk=analysis_id).exclude(status=Analysis.Status.DONE).update(
        status=Analysis.Status.FAILED, error=reason[:200], updated_at=timezone.now()
    )


def run_slice(analysis_id, run_seconds=None):
    """Judge decisions for about ``run_seconds`` (``ANALYSIS_RUN_SECONDS``) and store them. True when
    decisions are left for another slice."""
    analysis = Analysis.objects.select_related("game").filter(pk=analysis_id).first()
    if analysis is None or analysis.status in (Analysis.Status.DONE, Analysis.Status.FAILED):
        return False
    game = analysis.game
    if game.status != Game.Status.FINISHED:  # never judge a game in play, whatever asked for it
        _fail(analysis_id, "the game is not finished")
        return False
    game_log = _game_log(game)
    start = analysis.done
    if start == 0:
        if not game_log.rules.outcome(state_cache.replay(game, upto=game.seq))["over"]:
            _fail(analysis_id, "the game's log does not end the game")
            return False
    Analysis.objects.filter(pk=analysis_id, status=Analysis.Status.QUEUED).update(
        status=Analysis.Status.RUNNING, updated_at=timezone.now()
    )
    seconds = settings.ANALYSIS_RUN_SECONDS if run_seconds is None else run_seconds
    until = time.monotonic() + seconds
    records, taken_back = analyse(
        game_log,
        start,
        Budget(analysis.playouts, analysis.cpu_seconds or None, analysis.rollout_turns or None),
        rng_seed=f"analysis:{game.pk}:{game.engine_version}",
        stop=lambda: time.monotonic() >= until,
        context=for_game(game).decision_context,
    )
    with transaction.atomic():
        row = Analysis.objects.select_for_update().get(pk=analysis_id)
        if row.done != start or row.status not in (Analysis.Status.QUEUED, Analysis.Status.RUNNING):
            logger.info("analysis %s: stretch from %s stored by another task", analysis_id, start)
            return False
        decisions = list(row.decisions) + records
        for index in taken_back:
            if index < len(decisions):
                decisions[index]["taken_back"] = True
        row.decisions = decisions
        row.done = len(decisions)
        row.total = len(game_log.log)
        row.status = Analysis.Status.RUNNING
        if row.done >= row.total:
            row.status = Analysis.Status.DONE
            row.finished_at = timezone.now()
        row.save(update_fields=["decisions", "done", "total", "status", "finished_at", "updated_at"])
    return row.status != Analysis.Status.DONE


def run_to_end(analysis_id):
    """Judge every decision left, slice after slice, in this process: what a worker's tasks do in turn (for
    commands and tests that need a finished analysis at once)."""
    while run_slice(analysis_id):
        pass


def fail(analysis_id, exc):
    """An analysis that raised: failed, with the error's kind (a new request starts it again)."""
    logger.exception("analysis %s failed", analysis_id)
    _fail(analysis_id, f"{type(exc).__name__}")
