"""Web Push: "your turn" to the browsers a player subscribed, from the outbox like an email.

A ``turn-push`` row is written with the your-turn email row (outbox.turn_rows: the player wants it and
has a subscription) and delivered by ``delivery.deliver`` under the same row lock, so it is sent once;
``deliver`` here decides and sends, and says what became of the row (``Outcome``), which the outbox
records:
- still relevant? the game still waits for this player in that turn, and they still want pushes;
- a page of the site open (games.live: a socket spoke within LIVE_PRESENCE_SECONDS)? then the page
  tells them; the row waits that long and is decided again (by then they may have moved);
- each subscription's endpoint checked again (endpoints.py: an allowed push service, public addresses)
  and the connection made to the address that was checked;
- sent to each of their subscriptions (VAPID-signed, the payload encrypted aes128gcm with the
  subscription's keys by pywebpush); a 404 or 410 answer deletes that subscription, another refusal
  (4xx, a redirect, an endpoint no longer accepted) gives it up; a push service down or a 5xx/429 leaves
  the row pending with the outbox's backoff, and the subscriptions already served are remembered in the
  row, so nobody gets it twice. ``Topic`` (one per game and turn) lets a push service replace a copy
  it still holds.

The payload says only "your turn in game N" and the table's address, in the player's language.
"""

import base64
import datetime
import functools
import json
import logging
from typing import NamedTuple

import requests
from django.conf import settings
from django.utils import translation
from django.utils.translation import gettext as _

from games.live.publish import is_present
from games.models import Game

from . import endpoints
from .models import Notification, PushSubscription
from .recipients import prefs_for

logger = logging.getLogger(__name__)

GONE = (404, 410)
TRY_AGAIN = (408, 425, 429)


@functools.lru_cache(maxsize=4)
def _vapid(key):
    from py_vapid import Vapid

    if "BEGIN" in key:
        return Vapid.from_pem(key.encode())
    return Vapid.from_string(key)


def vapid():
    """The server's VAPID key (py_vapid), or None when Web Push is not configured."""
    key = settings.WEBPUSH_VAPID_PRIVATE_KEY
    return _vapid(key) if key else None


def public_key():
    """The VAPID public key as browsers take it (applicationServerKey): base64url of the raw point."""
    from cryptography.hazmat.primitives import serialization

    key = vapid()
    if key is None:
        return ""
    raw = key.public_key.public_bytes(serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint)
    return base64.urlsafe_b64encode(raw).rstrip(b"=").decode()


def enabled():
    return vapid() is not None


def payload(game_id, language):
    with translation.override(language or settings.LANGUAGE_CODE):
        return {
            "title": _("Guildhall"),
            "body": _("It is your turn in game %(id)s.") % {"id": game_id},
            "url": f"/games/{game_id}/",
            "tag": f"guildhall-game-{game_id}",
        }


class Outcome(NamedTuple):
    """What became of a push row: ``status`` SENT or SKIPPED when it is done; else it stays pending, to
    be decided again after ``wait`` (a page of the site is open) or tried again after the outbox's
    backoff (``error``: why). ``served``: the row's new ``data`` about its subscriptions (None:
    unchanged); ``attempted``: whether anything was sent."""

    status: str
    served: dict | None = None
    attempted: bool = False
    error: str = ""
    wait: datetime.timedelta | None = None


def deliver(n):
    """Decide and send push row ``n`` (locked, pending, due: see delivery.deliver). Returns an Outcome."""
    game = Game.objects.filter(pk=n.game_id).values("status", "turn", "to_move_user_id").first()
    user, prefs = prefs_for(n.user_id)
    still_waiting = (
        game is not None
        and game["status"] == Game.Status.ACTIVE
        and game["turn"] == n.turn
        and game["to_move_user_id"] == n.user_id
    )
    if not still_waiting or prefs is None or not prefs.turn_push or not enabled():
        return Outcome(Notification.Status.SKIPPED)
    if is_present(n.user_id):
        return Outcome(Notification.Status.PENDING, wait=datetime.timedelta(seconds=settings.LIVE_PRESENCE_SECONDS))
    done = set(n.data.get("pushed", []))  # delivered, or given up: never tried again for this row
    delivered = int(n.data.get("delivered", 0))
    subscriptions = list(PushSubscription.objects.filter(user_id=n.user_id).exclude(pk__in=done))
    if not subscriptions:
        return Outcome(Notification.Status.SENT if delivered else Notification.Status.SKIPPED)
    body = json.dumps(payload(n.game_id, prefs.language))
    failure = None
    for subscription in subscriptions:
        pk = subscription.pk  # gone after a 404/410 deletes it
        outcome = _push(subscription, body, topic=f"g{n.game_id}t{n.turn}")
        if outcome is DELIVERED or outcome is GIVEN_UP:
            done.add(pk)
            delivered += outcome is DELIVERED
        else:
            failure = outcome
    served = {"pushed": sorted(done), "delivered": delivered}
    if failure is not None:
        return Outcome(Notification.Status.PENDING, served, attempted=True, error=failure)
    return Outcome(Notification.Status.SENT if delivered else Notification.Status.SKIPPED, served, attempted=True)


DELIVERED, GIVEN_UP = "delivered", "given up"


def _push(subscription, body, topic):
    """Push ``body`` to one subscription: DELIVERED; GIVEN_UP (the subscription deleted on 404/410,
    refused, a redirect, its endpoint no longer accepted); otherwise why it should be tried again."""
    from pywebpush import WebPushException, webpush

    try:
        endpoint = endpoints.check(subscription.endpoint)
    except endpoints.NotFound as exc:
        return f"push service not found: {exc}"[:500]
    except endpoints.BadEndpoint as exc:
        logger.error("push to subscription %s not sent: %s", subscription.pk, exc)
        return GIVEN_UP
    try:
        with endpoints.session(endpoint) as http:
            webpush(
                subscription.as_subscription_info(),
                data=body,
                vapid_private_key=vapid(),
                vapid_claims={"sub": settings.WEBPUSH_VAPID_SUBJECT},
                ttl=settings.WEBPUSH_TTL,
                timeout=settings.WEBPUSH_TIMEOUT,
                headers={"Topic": topic, "Urgency": "normal"},
                requests_session=http,
            )
        return DELIVERED
    except WebPushException as exc:
        status = getattr(exc.response, "status_code", None)
        if status in GONE:
            logger.info("push subscription %s is gone (%s): deleted", subscription.pk, status)
            subscription.delete()
            return GIVEN_UP
        if status is not None and 300 <= status < 500 and status not in TRY_AGAIN:
            logger.error("push to subscription %s refused (%s): %s", subscription.pk, status, exc)
            return GIVEN_UP
        return f"push service answered {status}: {exc.message}"[:500] if status else str(exc)[:500]
    except (requests.RequestException, OSError) as exc:
        return f"{type(exc).__name__}: {exc}"[:500]


# --- subscriptions ------------------------------------------------------------------------------------

MAX_PER_USER = 10


class BadSubscription(ValueError):
    pass


def _b64(value, length, what):
    if not isinstance(value, str) or len(value) > 200:
        raise BadSubscription(_("The %(what)s of the subscription is missing.") % {"what": what})
    try:
        raw = base64.urlsafe_b64decode(value + "=" * (-len(value) % 4))
    except (ValueError, TypeError):
        raise BadSubscription(_("The %(what)s of the subscription is not base64url.") % {"what": what}) from None
    if len(raw) != length:
        raise BadSubscription(_("The %(what)s of the subscription has the wrong length.") % {"what": what})
    return raw


def subscribe(user, data):
    """Keep the subscription ``data`` (a PushSubscription.toJSON()) for ``user``: one row per endpoint,
    the user who subscribed last owns it. At most MAX_PER_USER per user (the oldest give way)."""
    if not isinstance(data, dict) or not isinstance(data.get("keys"), dict):
        raise BadSubscription(_("A subscription has an endpoint and keys."))
    endpoint = data.get("endpoint")
    if not isinstance(endpoint, str) or len(endpoint) > 1000:
        raise BadSubscription(_("The endpoint of the subscription is not an HTTPS address."))
    p256dh, auth = data["keys"].get("p256dh"), data["keys"].get("auth")
    if _b64(p256dh, 65, "p256dh")[0] != 4:
        raise BadSubscription(_("The p256dh key is not a P-256 public key."))
    _b64(auth, 16, "auth")
    try:  # last: it looks the host up
        endpoints.check(endpoint)
    except endpoints.BadEndpoint as exc:
        raise BadSubscription(str(exc)) from None
    subscription, _created = PushSubscription.objects.update_or_create(
        endpoint=endpoint, defaults={"user": user, "p256dh": p256dh, "auth": auth}
    )
    extra = PushSubscription.objects.filter(user=user).order_by("-created_at", "-pk")[MAX_PER_USER:]
    PushSubscription.objects.filter(pk__in=list(extra.values_list("pk", flat=True))).delete()
    return subscription


def unsubscribe(user, endpoint):
    if not isinstance(endpoint, str):
        raise BadSubscription(_("Which endpoint?"))
    return PushSubscription.objects.filter(user=user, endpoint=endpoint).delete()[0]
