"""One Redis round trip for the writes that follow a decision.

A committed decision writes to Redis twice: the state cache's snapshot (``SET``) and the live pages'
message (``PUBLISH``). Each round trip costs the app server more CPU (a pipeline, a send, a read, a
connection borrowed from a pool) than Redis spends on the command, so inside ``batched()`` both are
queued on this thread and sent together in one pipeline when the block ends; the snapshots first, so
that a page told of the move already finds its state in Redis.

Only commands for one server go together: a writer whose client points elsewhere (another host, port
or password, or for a snapshot another database; the database does not matter to ``PUBLISH``) is told
so and sends its own way. The snapshot writer's client sends the pipeline (its timeouts, its database).
When the pipeline gets no answer, each writer's ``on_failure`` is called with the error and does what it
did when its own round trip failed (the cache its in-process fallback, the publisher the channel layer's
way); when Redis refuses one command, only that writer's.
Outside ``batched()`` nothing changes: every writer sends at once.

A batch that ``may_wait`` (its caller says nobody waits for those writes but the live pages and the other
app processes: a step within a turn) is held inside a view's ``after_the_answer()`` and sent when the
server closes the response, after writing it: the decider has the answer one round trip sooner. A
response that is never closed (Django's ASGI handler drops the response of a client that hung up) cannot
keep them: a watcher thread sends whatever was held for about ``HELD_AT_MOST`` seconds.
"""

import atexit
import logging
import os
import threading
import time
from contextlib import contextmanager

logger = logging.getLogger(__name__)

_local = threading.local()

# Queued writes of each kind go in this order: snapshots before the news of them.
FIRST, LAST = 0, 1


class Batch:
    def __init__(self):
        self.server = None  # where every queued command goes (the database aside: see ``add``)
        self.client = None  # the client that sends them: the first snapshot writer's, else the first's
        self.stored_by = None
        self.items = []  # (order, [(command, args, kwargs), ...], on_failure, on_success)
        self.may_wait = False  # see ``may_wait()``

    def add(self, client, commands, on_failure, order=FIRST, on_success=None):
        """Queue ``commands`` (``(name, args, kwargs)`` of redis-py's pipeline methods) for ``client``'s
        server; False, queuing nothing, when this batch's commands go to another server, or (for a
        snapshot, ``FIRST``) to another database of it. The snapshot writer's client sends them all, with
        its timeouts: a ``PUBLISH`` is heard whatever database its connection selected."""
        server = _server(client)
        if self.server is not None and server != self.server:
            return False
        if order == FIRST:
            if self.stored_by is not None and _database(client) != _database(self.stored_by):
                return False
            self.stored_by = self.stored_by or client
        self.server = server
        self.client = self.stored_by or self.client or client
        self.items.append((order, commands, on_failure, on_success))
        return True

    def send(self):
        items, self.items = sorted(self.items, key=lambda item: item[0]), []
        if not items:
            return
        try:
            pipeline = self.client.pipeline(transaction=False)
            for _order, commands, _on_failure, _on_success in items:
                for name, args, kwargs in commands:
                    getattr(pipeline, name)(*args, **kwargs)
            # A command Redis refuses (out of memory, say) fails only its own writer: the others' went through.
            replies = pipeline.execute(raise_on_error=False)
        except Exception as exc:  # no answer at all: each writer knows its own way round it
            for _order, _commands, on_failure, _on_success in items:
                _call(on_failure, exc)
            return
        for _order, commands, on_failure, on_success in items:
            mine, replies = replies[: len(commands)], replies[len(commands) :]
            refused = next((reply for reply in mine if isinstance(reply, Exception)), None)
            if refused is not None:
                _call(on_failure, refused)
            elif on_success is not None:
                _call(on_success)


def _call(callback, *args):
    try:
        callback(*args)
    except Exception:
        logger.warning("a Redis writer's own handling of its batched write failed", exc_info=True)


def _server(client):
    pool = client.connection_pool
    kwargs = pool.connection_kwargs
    return (
        pool.connection_class,
        kwargs.get("host"),
        kwargs.get("port"),
        kwargs.get("path"),
        kwargs.get("username"),
        kwargs.get("password"),
    )


def _database(client):
    return client.connection_pool.connection_kwargs.get("db", 0)


# How long held writes may wait for their response's close before the watcher sends them.
HELD_AT_MOST = 1.0


class _Held:
    """The batches held for one response, and the response that took them."""

    def __init__(self):
        self.batches = []
        self.response = None
        self.due = None  # when the watcher sends them, if the response's close has not

    def answered(self, response):
        self.response = response
        return response

    def send(self):
        for batch in self.batches:
            batch.send()


class _Unsent:
    """Held writes whose response is not closed yet, and the thread that sends them when it never is.
    Whoever takes a held set out of here (the response's close, the watcher, or the process's exit) sends
    it: once."""

    def __init__(self):
        self.held = set()
        self.changed = threading.Condition()
        self.watcher_pid = None  # the process whose watcher runs (a forked worker starts its own)
        self.wakes_at = None  # when the watcher wakes next; None: only when told

    def add(self, held):
        """False, holding nothing, when no watcher can run (then the caller sends at once)."""
        held.due = time.monotonic() + HELD_AT_MOST
        with self.changed:
            if self.watcher_pid != os.getpid():
                try:
                    threading.Thread(target=self._watch, name="redis-batch-held", daemon=True).start()
                except RuntimeError:  # no thread to be had (the interpreter shutting down, a limit)
                    return False
                self.watcher_pid = os.getpid()
            self.held.add(held)
            # Wake the watcher only if it would otherwise sleep past this one's time.
            if self.wakes_at is None or held.due < self.wakes_at:
                self.changed.notify()
        return True

    def take(self, held):
        with self.changed:
            if held not in self.held:
                return False
            self.held.discard(held)
            return True

    def take_all(self):
        with self.changed:
            held, self.held = list(self.held), set()
        return held

    def _watch(self):
        while True:
            with self.changed:
                now = time.monotonic()
                due = [held for held in self.held if held.due <= now]
                self.held.difference_update(due)
                if not due:
                    self.wakes_at = min((held.due for held in self.held), default=None)
                    self.changed.wait(None if self.wakes_at is None else self.wakes_at - now)
                    self.wakes_at = None
                    continue
            for held in due:
                _send_logged(held)

    def _forget_after_fork(self):
        # A forked child holds no response of its parent's: what was held there is the parent's to send.
        self.held = set()
        self.changed = threading.Condition()
        self.watcher_pid = None
        self.wakes_at = None


def _send_logged(held):
    try:
        held.send()
    except Exception:  # whoever sends for others must go on
        logger.exception("sending held Redis writes failed")


def _send_all_unsent():
    for held in _unsent.take_all():
        _send_logged(held)


_unsent = _Unsent()
os.register_at_fork(after_in_child=_unsent._forget_after_fork)
# A process that exits (a server restarted) sends what it still holds rather than drop it.
atexit.register(_send_all_unsent)


def current():
    """The batch this thread is filling, or None."""
    return getattr(_local, "batch", None)


@contextmanager
def batched():
    """Queue this thread's Redis writes (those that ask ``current()``) and send them in one pipeline at
    the end of the block, whether it ends well or not: what was queued belongs to committed work. A block
    opened inside another (a bot's moves run by a hook of the decision, with Celery eager) first sends
    what the outer one holds, then sends its own at its end: every decision's news goes out when it is
    made, in order, not after the whole run."""
    outer = current()
    if outer is not None:
        outer.send()
    batch = _local.batch = Batch()
    try:
        yield
    finally:
        _local.batch = outer
        held = getattr(_local, "held", None)
        if batch.may_wait and held is not None:
            held.batches.append(batch)
        else:
            batch.send()


def may_wait():
    """Tell the batch being filled that its writes may go out after the answer (``after_the_answer``):
    only the live pages and the other app processes read them, and both cope with a moment's delay (a
    process that misses the snapshot replays the log)."""
    batch = current()
    if batch is not None:
        batch.may_wait = True


@contextmanager
def after_the_answer():
    """For a view: inside, a batch that ``may_wait`` is held instead of sent; ``answered(response)``
    (what this yields) names the response, and the held writes go out when the server closes it, which
    it does once the response is written. Sent at the block's end instead when no response was named (the
    view raised), by the watcher about ``HELD_AT_MOST`` seconds later when the response is never closed,
    and at the process's exit: queued writes belong to committed work, and only a process killed outright
    loses them (the live pages then catch up at the next message or poll)."""
    outer = getattr(_local, "held", None)
    held = _local.held = _Held()
    try:
        yield held.answered
    finally:
        _local.held = outer
        response, held.response = held.response, None
        if response is None or not held.batches or not _unsent.add(held):
            held.send()
        else:

            def send_held():
                if _unsent.take(held):
                    held.send()

            # Django's ``HttpResponseBase.close()`` runs these; the WSGI server, Django's ASGI handler and
            # its test client call ``close()`` once the last byte of the response was handed on.
            response._resource_closers.append(send_held)
