"""What the current request or task is, for its log lines and its counters: context variables, so that each
thread (and each asyncio task of the ASGI server) sees its own. Set by the request middleware and by the
Celery signals; read by the log filter and the decision counter."""

import contextvars
import re
import uuid

request_id = contextvars.ContextVar("request_id", default=None)
user_id = contextvars.ContextVar("user_id", default=None)
game_id = contextvars.ContextVar("game_id", default=None)
task_name = contextvars.ContextVar("task_name", default=None)
# Where decisions made now come from: "api", "page", "bot", "clock" (None: a command, a shell, a test).
source = contextvars.ContextVar("source", default=None)

# A request id from the proxy in front (nginx's $request_id, HAProxy's unique-id) is kept when it looks
# like one; anything else a client sends is replaced, so a log line never carries what a client wrote.
_VALID_ID = re.compile(r"^[A-Za-z0-9._-]{8,64}$")


def new_request_id(offered=None):
    if offered and _VALID_ID.match(offered):
        return offered
    return uuid.uuid4().hex

# A bot runner's previous commit in this task (or the task's start), monotonic: where a bot's decision
# time starts.
bot_step_started = contextvars.ContextVar("bot_step_started", default=None)
