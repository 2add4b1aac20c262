"""Open live-table WebSockets (``guildhall_live_connections``): an ASGI wrapper around the site's
application that counts a socket from its accept to its application's end. guildhall_site/asgi.py wraps
its application in it; Channels sends no signal of its own for sockets."""

from . import metrics


class CountLiveConnections:
    def __init__(self, app):
        self.app = app

    async def __call__(self, scope, receive, send):
        if scope["type"] != "websocket":
            return await self.app(scope, receive, send)
        accepted = False

        async def counting_send(message):
            nonlocal accepted
            if message["type"] == "websocket.accept" and not accepted:
                accepted = True
                metrics.LIVE_CONNECTIONS.inc()
            await send(message)

        try:
            return await self.app(scope, receive, counting_send)
        finally:
            if accepted:
                metrics.LIVE_CONNECTIONS.dec()
