"""JSON log lines (production settings): one object a line, each with the request id, user id and game id
of the request or task it belongs to (``context``), through python-json-logger's formatter.

Nothing secret or personal goes out: the request object Django attaches to its error records is dropped
(its repr carries the path and query), and every message is scrubbed of email addresses, query strings
and long token-like path segments (unsubscribe links, password-reset and confirmation keys)."""

import logging
import re

from pythonjsonlogger.json import JsonFormatter

from . import context

_EMAIL = re.compile(r"[\w.+-]+@[\w-]+(\.[\w-]+)+")
_QUERY = re.compile(r"\?[^\s'\"]*")
# Signed tokens and keys are long runs of URL-safe characters; ids, usernames and route words are short.
_TOKEN = re.compile(r"(?<=/)[A-Za-z0-9_:.-]{20,}(?=/|\s|'|\"|$)")


def scrub(text):
    return _TOKEN.sub("<token>", _QUERY.sub("?<query>", _EMAIL.sub("<email>", text)))


class ContextFilter(logging.Filter):
    """Adds ``request_id``, ``user_id``, ``game_id`` and ``task`` from the current request or task, and
    scrubs the message (see the module's docs). Attach it to the handlers."""

    def filter(self, record):
        record.__dict__.pop("request", None)
        record.request_id = context.request_id.get()
        if getattr(record, "user_id", None) is None:
            record.user_id = context.user_id.get()
        if getattr(record, "game_id", None) is None:
            record.game_id = context.game_id.get()
        record.task = context.task_name.get()
        try:
            message = record.getMessage()
        except Exception:  # a malformed record: let the handler report it as it would
            return True
        record.msg, record.args = scrub(message), ()
        return True


class Formatter(JsonFormatter):
    """``{"time", "level", "logger", "message", ...extra}``; time in UTC, ISO 8601."""

    def __init__(self, *args, **kwargs):
        kwargs.setdefault("timestamp", "time")
        kwargs.setdefault("rename_fields", {"levelname": "level", "name": "logger"})
        super().__init__("{levelname}{name}{message}", *args, style="{", **kwargs)


def logging_config(level, json_lines):
    """The LOGGING setting: JSON lines on stderr (production) or Django's plain lines."""
    handler = {"class": "logging.StreamHandler", "filters": ["context"]}
    if json_lines:
        handler["formatter"] = "json"
    return {
        "version": 1,
        "disable_existing_loggers": False,
        "filters": {"context": {"()": "ops.logs.ContextFilter"}},
        "formatters": {"json": {"()": "ops.logs.Formatter"}},
        "handlers": {"console": handler},
        "root": {"handlers": ["console"], "level": level},
        # One line per request and per task (ops.middleware, ops.tasks) at INFO in JSON, whatever the root's
        # level; in development runserver prints its own.
        "loggers": {"guildhall.access": {"level": "INFO" if json_lines else level}},
    }
