"""The WebSocket every page opens at /ws/live/ (games/static/live/live.js).

Client → server, JSON:
  {"watch": [game ids]}   follow these games (at most LIVE_MAX_GAMES_PER_SOCKET per socket)
  {"ping": n}             keep-alive, every LIVE_PING_SECONDS; answered {"pong": n}
Server → client, JSON:
  {"game": N, "seq": S, "status": "active"}   game N is at seq S (on "watch" too: where it is now)
  {"chat": M, "game": N}                      message M was written in game N's chat (its id, never
                                              its text: the page asks the chat's view, which applies
                                              mutes, blocks and the staff's hiding)
  {"games_changed": true}                     the header changed (games waiting, invitations, messages)
  {"error": code, "detail": message}          a message that could not be read or was not allowed

A message longer than MAX_MESSAGE_CHARS, or nested deeper than MAX_DEPTH (counted on the text, before
anything parses it: Python's JSON parser recurses once per bracket), is answered with an error, unread.

Only signed-in users get a socket (closed with 4401 otherwise); a socket joins its own user's group
and the groups of games its user may open (games.live.selectors), nothing else.

A socket lives only as long as the session it was opened with: when the account is suspended or deleted,
its password changes or the session is signed out, the socket closes (4401, as for a signed-out visitor:
the page's script then stops reconnecting) and sends nothing more. It checks when the account is saved
(``account.changed``, at once) and with every ping (what no save announces: a queryset update, a lost
message).
"""

import re

from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncJsonWebsocketConsumer
from django.conf import settings
from django.utils.translation import gettext as _

from games import jsonsafe

from . import publish, selectors
from .groups import game_group, user_group

NOT_SIGNED_IN = 4401
MAX_GAME_ID = 2**63 - 1
# The longest message of ours is a "watch" of LIVE_MAX_GAMES_PER_SOCKET ids: about 430 characters for
# 20 ids, and room for about 190; its deepest is 2 levels (an object holding a list).
MAX_MESSAGE_CHARS = 4096
MAX_DEPTH = 4
# A JSON string (to its closing quote, or the end of the text) or a bracket: the brackets that count
# for the depth are those outside strings.
_STRING_OR_BRACKET = re.compile(r'"(?:[^"\\]|\\.)*"?|[\[\]{}]')


def deepest_nesting(text):
    """How many lists/objects deep ``text`` nests, read as JSON text without parsing it."""
    depth = deepest = 0
    for match in _STRING_OR_BRACKET.finditer(text):
        token = match.group()
        if token in ("[", "{"):
            depth += 1
            deepest = max(deepest, depth)
        elif token in ("]", "}"):
            depth -= 1
    return deepest


class LiveConsumer(AsyncJsonWebsocketConsumer):
    async def connect(self):
        self.user = self.scope.get("user")
        self.games = set()
        self.ended = True  # until a signed-in user's socket is open
        if self.user is None or not self.user.is_authenticated:
            # Accepted, then closed with a code of our own: a refused handshake would reach the page as
            # a bare 1006, and its script would keep trying.
            await self.accept()
            await self.close(code=NOT_SIGNED_IN)
            return
        self.ended = False
        # What the session stood on when the socket opened (channels' AuthMiddleware checked it then).
        self.session_hash = self.user.get_session_auth_hash()
        session = self.scope.get("session")
        self.session_key = getattr(session, "session_key", None)
        await self.channel_layer.group_add(user_group(self.user.pk), self.channel_name)
        await self.accept()
        await self._present()

    async def disconnect(self, code):
        user = getattr(self, "user", None)
        if user is None or not user.is_authenticated:
            return
        await self._leave_groups()

    async def _leave_groups(self):
        await self.channel_layer.group_discard(user_group(self.user.pk), self.channel_name)
        for game_id in self.games:
            await self.channel_layer.group_discard(game_group(game_id), self.channel_name)
        self.games = set()

    async def _session_stands(self):
        """False (and the socket closed) once the session it was opened with no longer stands."""
        if self.ended:
            return False
        stands = await database_sync_to_async(selectors.session_stands)(
            self.user.pk, self.session_hash, self.session_key
        )
        if not stands and not self.ended:
            self.ended = True
            await self._leave_groups()
            await self.close(code=NOT_SIGNED_IN)
        return stands

    async def receive_json(self, content, **kwargs):
        if self.ended:
            return
        if not isinstance(content, dict):
            return await self._error("bad_message", _("A message is a JSON object."))
        if "ping" in content:
            if not await self._session_stands():
                return
            await self._present()
            return await self.send_json({"pong": content["ping"] if isinstance(content["ping"], int) else 0})
        if "watch" in content:
            return await self._watch(content["watch"])
        return await self._error("bad_message", _('Unknown message: send "watch" or "ping".'))

    async def receive(self, text_data=None, bytes_data=None, **kwargs):
        if self.ended:  # closed (or never signed in): nothing more is read
            return
        if not text_data:  # a binary frame, or an empty one
            return await self._error("bad_message", _("A message is a JSON object."))
        if len(text_data) > MAX_MESSAGE_CHARS:
            return await self._error(
                "too_large", _("A message is at most %(n)s characters long.") % {"n": MAX_MESSAGE_CHARS}
            )
        if deepest_nesting(text_data) > MAX_DEPTH:
            return await self._error("too_deep", _("The message is nested too deeply."))
        return await super().receive(text_data=text_data, bytes_data=bytes_data, **kwargs)

    async def decode_json(self, text_data):
        try:
            return jsonsafe.loads(text_data, max_depth=MAX_DEPTH)
        except ValueError:  # not JSON, or text that is not Unicode
            return None  # receive_json answers with an error

    async def _watch(self, ids):
        valid = isinstance(ids, list) and all(
            isinstance(i, int) and not isinstance(i, bool) and 0 < i <= MAX_GAME_ID for i in ids
        )
        if not valid:
            return await self._error("bad_watch", _('"watch" takes a list of game ids.'))
        new = [i for i in dict.fromkeys(ids) if i not in self.games]
        if len(self.games) + len(new) > settings.LIVE_MAX_GAMES_PER_SOCKET:
            return await self._error(
                "too_many_games",
                _("One page may follow at most %(n)s games.") % {"n": settings.LIVE_MAX_GAMES_PER_SOCKET},
            )
        for game_id in new:
            # Join first, then read: a move that commits in between is heard or read, never lost.
            await self.channel_layer.group_add(game_group(game_id), self.channel_name)
            position = await database_sync_to_async(selectors.game_position)(game_id, self.user)
            if position is None:
                await self.channel_layer.group_discard(game_group(game_id), self.channel_name)
                await self.send_json({"error": "no_such_game", "game": game_id, "detail": _("No such game.")})
                continue
            self.games.add(game_id)
            seq, status = position
            await self.send_json({"game": game_id, "seq": seq, "status": status})

    async def _error(self, code, detail):
        await self.send_json({"error": code, "detail": str(detail)})

    async def _present(self):
        try:
            await database_sync_to_async(publish.mark_present)(self.user.pk)
        except Exception:  # the cache down: presence is only a hint for Web Push
            pass

    # --- from the channel layer ---------------------------------------------------------------------

    async def account_changed(self, event):
        await self._session_stands()

    async def game_moved(self, event):
        if event["game"] in self.games and not self.ended:
            await self.send_json({"game": event["game"], "seq": event["seq"], "status": event["status"]})

    async def chat_posted(self, event):
        if event["game"] in self.games and not self.ended:
            await self.send_json({"chat": event["id"], "game": event["game"]})

    async def games_changed(self, event):
        if not self.ended:
            await self.send_json({"games_changed": True})
