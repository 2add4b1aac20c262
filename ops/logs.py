"""JSON log lines (production settings): one object a line, each with the request id, user id and game id
of the request, socket or task it belongs to (``context``), through python-json-logger's formatter.

Nothing secret or personal goes out:

- Django's request logger (``django.request``: "Not Found: <path>", "Internal Server Error: <path>") names
  the view instead of the path, and takes the request's id from the request it is about;
- the request object Django attaches to its error records is dropped (its repr carries the path and query);
- every message and every traceback is scrubbed of email addresses, query strings, long token-like path
  segments (unsubscribe links, password-reset and email-confirmation keys) and long token-like words
  (API tokens, session keys).
"""

import logging
import re

from pythonjsonlogger.json import JsonFormatter

from . import context

_EMAIL = re.compile(r"[\w.+-]+@[\w-]+(\.[\w-]+)+")
_QUERY = re.compile(r"\?[^\s'\"]*")
# Signed tokens and keys are long runs of URL-safe characters; ids, usernames and route words are short.
_TOKEN = re.compile(r"(?<=/)[A-Za-z0-9_:.-]{20,}(?=/|\s|'|\"|$)")
# An API token (43 characters), a session key (32), a CSRF token (64) anywhere in a text.
_WORD = re.compile(r"(?<![A-Za-z0-9_-])[A-Za-z0-9_-]{32,}(?![A-Za-z0-9_-])")

# Loggers whose records name the request's path among their arguments.
_PATH_LOGGERS = ("django.request", "django.security", "django.server")


def scrub(text):
    return _WORD.sub("<token>", _TOKEN.sub("<token>", _QUERY.sub("?<query>", _EMAIL.sub("<email>", text))))


def _view_name(request):
    match = getattr(request, "resolver_match", None)
    return (match.view_name or match.route) if match is not None else "<unmatched>"


class ContextFilter(logging.Filter):
    """Adds ``request_id``, ``user_id``, ``game_id`` and ``task`` from the current request, socket or task
    (or from the request a record is about), and scrubs the message (see the module's docs). Attach it to
    the handlers."""

    def filter(self, record):
        request = record.__dict__.pop("request", None)
        record.request_id = context.request_id.get() or getattr(request, "request_id", None)
        if getattr(record, "user_id", None) is None:
            record.user_id = context.user_id.get()
        if getattr(record, "game_id", None) is None:
            record.game_id = context.game_id.get()
        record.task = context.task_name.get()
        if request is not None and record.name.startswith(_PATH_LOGGERS) and isinstance(record.args, tuple):
            path = getattr(request, "path", None)
            record.args = tuple(_view_name(request) if arg == path else arg for arg in record.args)
        try:
            message = record.getMessage()
        except Exception:  # a malformed record: let the handler report it as it would
            return True
        record.msg, record.args = scrub(message), ()
        return True


class Formatter(JsonFormatter):
    """``{"time", "level", "logger", "message", ...extra}``; time in UTC, ISO 8601; tracebacks scrubbed as
    messages are (an exception's text may quote a path, an address or a key)."""

    def __init__(self, *args, **kwargs):
        kwargs.setdefault("timestamp", "time")
        kwargs.setdefault("rename_fields", {"levelname": "level", "name": "logger"})
        super().__init__("{levelname}{name}{message}", *args, style="{", **kwargs)

    def formatException(self, ei):  # noqa: N802 (logging.Formatter's name)
        return scrub(super().formatException(ei))

    def formatStack(self, stack_info):  # noqa: N802
        return scrub(super().formatStack(stack_info))


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
        # One line per request, socket and task (ops.middleware, ops.asgi, ops.tasks) at INFO in JSON,
        # whatever the root's level; in development runserver prints its own.
        "loggers": {"guildhall.access": {"level": "INFO" if json_lines else level}},
    }
