"""The Celery side: the request id travels with the tasks a request enqueues (a message header, set in
``before_task_publish``, read back in ``task_prerun``); each task's outcome is counted and logged in one
line; the beat and the workers leave heartbeats for ``/readyz``.

- Beat: its start and every periodic task it publishes record the time (``health.record_beat``).
- Worker: a consumer bootstep records a heartbeat when the worker starts consuming and every
  ``OPS_WORKER_HEARTBEAT_SECONDS`` while it consumes (it stops with the broker connection).
"""

import logging
import time

from celery import bootsteps
from celery.signals import beat_init, before_task_publish, task_postrun, task_prerun
from django.conf import settings

from guildhall_site.celery import app

from . import context, health, metrics

access_log = logging.getLogger("guildhall.access")

HEADER = "guildhall_request_id"
# Where a task's decisions come from (the rest count as "other"; the bot runner's own are always "bot").
SOURCES = {"games.tasks.play_bots": "bot", "clock.process_clock": "clock", "clock.scan_clocks": "clock"}

_in_beat = False
_running = {}  # task id -> (started, context tokens)


@beat_init.connect
def _beat_started(sender=None, **kwargs):
    global _in_beat
    _in_beat = True
    health.record_beat()  # its first periodic task is a period away


@before_task_publish.connect
def _publishing(sender=None, headers=None, **kwargs):
    request_id = context.request_id.get()
    if request_id and headers is not None:
        headers[HEADER] = request_id
    if _in_beat:
        health.record_beat()


@task_prerun.connect
def _task_starts(sender=None, task_id=None, task=None, **kwargs):
    request = task.request
    # In-process (eager) tasks keep the request's id, already in this context.
    request_id = request.get(HEADER) or context.request_id.get() or task_id
    tokens = [
        (context.request_id, context.request_id.set(request_id)),
        (context.task_name, context.task_name.set(task.name)),
        (context.source, context.source.set(SOURCES.get(task.name, context.source.get()))),
        (context.bot_step_started, context.bot_step_started.set(time.monotonic())),
    ]
    _running[task_id] = (time.monotonic(), tokens)


@task_postrun.connect
def _task_ends(sender=None, task_id=None, task=None, state=None, **kwargs):
    started, tokens = _running.pop(task_id, (None, ()))
    seconds = time.monotonic() - started if started is not None else 0.0
    outcome = (state or "unknown").lower()
    metrics.TASKS.labels(task.name, outcome).inc()
    metrics.TASK_SECONDS.labels(task.name).observe(seconds)
    access_log.info(
        "task %s %s", task.name, outcome,
        extra={"task_id": task_id, "outcome": outcome, "duration_ms": round(seconds * 1000, 1)},
    )
    for var, token in reversed(tokens):
        try:
            var.reset(token)
        except ValueError:  # set in another context (a task that ran in another thread): nothing to undo
            pass


class WorkerHeartbeat(bootsteps.StartStopStep):
    """A consumer step: runs while the worker consumes from the broker."""

    requires = {"celery.worker.consumer.tasks:Tasks"}

    def __init__(self, parent, **kwargs):
        super().__init__(parent, **kwargs)
        self.tref = None

    def start(self, parent):
        health.record_worker_heartbeat()
        self.tref = parent.timer.call_repeatedly(settings.OPS_WORKER_HEARTBEAT_SECONDS, _beat_safely)

    def stop(self, parent):
        if self.tref is not None:
            self.tref.cancel()
            self.tref = None


def _beat_safely():
    try:
        health.record_worker_heartbeat()
    except Exception:  # the cache's own fallback covers Redis; anything else must not stop the timer
        logging.getLogger(__name__).exception("could not record the worker's heartbeat")


app.steps["consumer"].add(WorkerHeartbeat)
