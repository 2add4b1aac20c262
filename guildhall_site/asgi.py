"""The ASGI application: the pages (Django) and the live tables' WebSockets (Channels).

Served by daphne (`manage.py runserver` in development; on each app server `daphne --verbosity 0 ...
guildhall_site.asgi:application`, as deploy/systemd/guildhall-web.service does: daphne's own access line is
plain text with the full path, keys and query strings in it, and the site writes one JSON line per request
and per socket instead). A WebSocket is accepted only from the site's own origin (ALLOWED_HOSTS) and carries the
session's user."""

import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "guildhall_site.settings")
# Django's ASGI handler runs each request's (and each socket's) database work in a thread of its own: a
# persistent connection would stay open with a thread that is gone, until PostgreSQL has no connection
# left. Under ASGI, one connection per request (Django's advice); CONN_MAX_AGE set explicitly still wins.
os.environ.setdefault("CONN_MAX_AGE", "0")

django_application = get_asgi_application()  # sets Django up before the consumers are imported

from channels.auth import AuthMiddlewareStack  # noqa: E402
from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402
from channels.security.websocket import AllowedHostsOriginValidator  # noqa: E402

from games.live.routing import websocket_urlpatterns  # noqa: E402
from ops.asgi import RequestIds  # noqa: E402
from ops.live import CountLiveConnections  # noqa: E402

# Outermost: each request's and socket's id, for every line logged while it is served (ops/asgi.py); then
# every accepted socket counts in guildhall_live_connections until its application ends.
application = RequestIds(
    CountLiveConnections(
        ProtocolTypeRouter(
            {
                "http": django_application,
                "websocket": AllowedHostsOriginValidator(AuthMiddlewareStack(URLRouter(websocket_urlpatterns))),
            }
        )
    )
)
