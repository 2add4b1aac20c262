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
"""

import logging
import threading
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
        batch.send()

