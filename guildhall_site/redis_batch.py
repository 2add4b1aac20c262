"""One Redis round trip for the writes that follow a decision.

A committed decision writes to Redis twice: the state cache's snapshot (``SET``) and the live pages'
message (``PUBLISH``). Each round trip costs the app server more CPU (a pipeline, a send, a read, a
connection borrowed from a pool) than Redis spends on the command, so inside ``batched()`` both are
queued on this thread and sent together in one pipeline when the block ends; the snapshots first, so
that a page told of the move already finds its state in Redis.

Only commands for one server go together: a writer whose client points elsewhere (another host, port
or password; the database number does not matter to ``PUBLISH``) is told so and sends its own way. When
the pipeline fails, each writer's ``on_failure`` is called with the error and does what it did when its
own round trip failed (the cache its in-process fallback, the publisher the channel layer's way).
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
        self.client = None  # the client of the first writer: its timeouts and retries apply
        self.items = []  # (order, [(command, args, kwargs), ...], on_failure)

    def add(self, client, commands, on_failure, order=FIRST):
        """Queue ``commands`` (``(name, args, kwargs)`` of redis-py's pipeline methods) for ``client``'s
        server; False, queuing nothing, when this batch already holds another server's commands."""
        if self.client is None:
            self.client = client
        elif client is not self.client and _server(client) != _server(self.client):
            return False
        self.items.append((order, commands, on_failure))
        return True

    def send(self):
        items, self.items = sorted(self.items, key=lambda item: item[0]), []
        if not items:
            return
        try:
            pipeline = self.client.pipeline(transaction=False)
            for _order, commands, _on_failure in items:
                for name, args, kwargs in commands:
                    getattr(pipeline, name)(*args, **kwargs)
            pipeline.execute()
        except Exception as exc:  # each writer knows its own way round a failed write
            for _order, _commands, on_failure in items:
                try:
                    on_failure(exc)
                except Exception:
                    logger.warning("a Redis writer's fallback failed too", exc_info=True)


def _server(client):
    kwargs = client.connection_pool.connection_kwargs
    return (
        client.connection_pool.connection_class,
        kwargs.get("host"),
        kwargs.get("port"),
        kwargs.get("path"),
        kwargs.get("username"),
        kwargs.get("password"),
    )


def current():
    """The batch this thread is filling, or None."""
    return getattr(_local, "batch", None)


@contextmanager
def batched():
    """Queue this thread's Redis writes (those that ask ``current()``) and send them in one pipeline at
    the end of the block, whether it ends well or not: what was queued belongs to committed work. A
    block inside another's adds to the outer one."""
    if current() is not None:
        yield
        return
    batch = _local.batch = Batch()
    try:
        yield
    finally:
        _local.batch = None
        batch.send()
