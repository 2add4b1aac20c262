"""Settings of the live tables (games.live: WebSockets through Django Channels) and of Web Push (the
notifications outbox sends "your turn" to subscribed browsers). Read by base.py, after its own settings.
"""

import logging
import os
from pathlib import Path

import environ

from .keyfiles import kept_key

_env = environ.Env()
_BASE_DIR = Path(__file__).resolve().parent.parent.parent
_REDIS_URL = _env.str("REDIS_URL", default="")

LIVE_APPS = ["games.live"]
LIVE_CONTEXT_PROCESSORS = ["games.live.context_processors.live"]


def _live_prefix(redis_url):
    """Redis pub/sub channels are one namespace for the whole server, whatever database a client selected:
    two sites on one server with different database numbers (a staging beside production, two test
    processes) would hear each other's moves. The database number in the prefix keeps them apart."""
    from redis.connection import parse_url

    database = int(parse_url(redis_url).get("db") or 0)
    return "guildhall-live" if database == 0 else f"guildhall-live-db{database}"


# Every app server and every Celery worker publishes "game N is at seq S" to the sockets through one
# channel layer: Redis when REDIS_URL is set (any server's sockets hear any worker's moves), otherwise
# memory inside the one process of `make run`. Redis pub/sub rather than channels-redis' queues: a group
# message is one PUBLISH, and a dead app server's sockets leave the groups with its connection. Nothing
# is kept for a socket that is not there: a page that reconnects asks where its games are.
if _REDIS_URL:
    CHANNEL_LAYERS = {
        "default": {
            "BACKEND": "channels_redis.pubsub.RedisPubSubChannelLayer",
            "CONFIG": {"hosts": [_REDIS_URL], "prefix": _live_prefix(_REDIS_URL)},
        }
    }
else:
    CHANNEL_LAYERS = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}

# A page's socket says it is there every LIVE_PING_SECONDS; a user counts as present (a tab open) for
# LIVE_PRESENCE_SECONDS after the last word from any of their sockets. Web Push waits while they are.
LIVE_PING_SECONDS = 25
LIVE_PRESENCE_SECONDS = 70
# How many games one socket may follow (a page shows one or two: the table, a rematch).
LIVE_MAX_GAMES_PER_SOCKET = 20


def _development_vapid_key(path):
    """The VAPID key of a development checkout, like its secret key: made on first use, kept in ``var/``
    (ignored by git), so browsers subscribed to one checkout's pushes keep working across restarts."""
    try:
        return kept_key(path, _new_vapid_key)
    except OSError as exc:
        logging.getLogger(__name__).warning("cannot keep a VAPID key in %s (%s); Web Push is off", path, exc)
        return ""


def _new_vapid_key():
    from cryptography.hazmat.primitives import serialization
    from cryptography.hazmat.primitives.asymmetric import ec

    key = ec.generate_private_key(ec.SECP256R1())
    return key.private_bytes(
        serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption()
    ).decode()


# Web Push: the server's VAPID private key (PEM, or base64url of the raw key: what `manage.py
# vapid_keys` prints). Unset under production settings: no push (the settings page offers none).
WEBPUSH_VAPID_PRIVATE_KEY = _env.str("VAPID_PRIVATE_KEY", default="").replace("\\n", "\n")
if not WEBPUSH_VAPID_PRIVATE_KEY and not os.environ.get("DJANGO_SETTINGS_MODULE", "").endswith(".production"):
    WEBPUSH_VAPID_PRIVATE_KEY = _development_vapid_key(_BASE_DIR / "var" / "development-vapid-key.pem")
# Who the push services may contact about our pushes (a mailto: or https: URL).
WEBPUSH_VAPID_SUBJECT = _env.str("VAPID_SUBJECT", default="mailto:noreply@localhost")
# Push services are reached over HTTPS only; a test's receiver on loopback is plain HTTP.
WEBPUSH_ALLOW_HTTP_ENDPOINTS = False
# How long a push service keeps a "your turn" for a device that is offline (seconds).
WEBPUSH_TTL = 12 * 3600
# Seconds before a push service that does not answer counts as down (the push is tried again later).
WEBPUSH_TIMEOUT = 10
