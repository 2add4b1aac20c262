"""The request id at the ASGI layer: every HTTP request and every WebSocket gets its id before anything
else runs (the proxy's ``X-Request-ID`` when well-formed, else a new one), so that every line logged while
it is served carries it: Django's own lines written after the middleware has finished (``django.request``'s
"Not Found"), a socket's consumer, the tasks either enqueues. The id is passed on in the scope's
``X-Request-ID`` header, where ``ops.middleware.RequestMiddleware`` finds it and keeps it.

A WebSocket is not a request the middleware sees: its lines here (``guildhall.access``, like a request's)
say when it opened (or was refused) and when it closed, with its close code and duration. The path of a
live socket is fixed (``/ws/live/``): no key or query is logged.
"""

import logging
import time

from . import context

access_log = logging.getLogger("guildhall.access")

HEADER = b"x-request-id"


def _offered_id(scope):
    for name, value in scope.get("headers", ()):
        if name == HEADER:
            return value.decode("latin-1")
    return None


class RequestIds:
    def __init__(self, app):
        self.app = app

    async def __call__(self, scope, receive, send):
        if scope["type"] not in ("http", "websocket"):
            return await self.app(scope, receive, send)
        request_id = context.new_request_id(_offered_id(scope))
        headers = [(name, value) for name, value in scope.get("headers", ()) if name != HEADER]
        scope = {**scope, "headers": [*headers, (HEADER, request_id.encode())]}
        token = context.request_id.set(request_id)
        try:
            if scope["type"] == "websocket":
                return await self._socket(scope, receive, send)
            return await self.app(scope, receive, send)
        finally:
            context.request_id.reset(token)

    async def _socket(self, scope, receive, send):
        started = time.monotonic()
        state = {"accepted": False, "code": None}

        async def watching_send(message):
            if message["type"] == "websocket.accept" and not state["accepted"]:
                state["accepted"] = True
                access_log.info("WEBSOCKET live open", extra={"method": "WEBSOCKET", "view": "live", "status": 101})
            elif message["type"] == "websocket.close":
                state["code"] = message.get("code", 1000)
            await send(message)

        try:
            return await self.app(scope, receive, watching_send)
        finally:
            seconds = time.monotonic() - started
            status = state["code"] if state["code"] is not None else (1000 if state["accepted"] else 403)
            access_log.info(
                "WEBSOCKET live %s", "closed" if state["accepted"] else "refused",
                extra={"method": "WEBSOCKET", "view": "live", "status": status,
                       "duration_ms": round(seconds * 1000, 1)},
            )
