"""The players of the cluster run: API clients through the load balancer, each keeping its connection
alive, as a browser's live page does. A request cut off by a dying server is tried again: a GET as it is,
a decision by first reading the game (the decision may have been committed before the server died; if it
was not, it is sent again, still with the seq it was made at)."""

import http.client
import json
import random
import threading
import time
from collections import Counter

from .livesocket import Closed, LiveSocket

RETRYABLE = (502, 503, 504)


class Api:
    def __init__(self, port, token):
        self.port = port
        self.headers = {"Authorization": f"Token {token}", "Content-Type": "application/json"}
        self.conn = None
        self.served_by = Counter()
        self.last_served_by = None
        self.retries = 0

    def _once(self, method, path, body):
        if self.conn is None:
            self.conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
        self.conn.request(method, path, body=None if body is None else json.dumps(body), headers=self.headers)
        response = self.conn.getresponse()
        payload = response.read()
        self.last_served_by = response.getheader("X-Served-By", "?")
        self.served_by[self.last_served_by] += 1
        if response.getheader("Connection", "").lower() == "close":
            self.conn.close()
            self.conn = None
        return response.status, (json.loads(payload) if payload else None)

    def request(self, method, path, body=None, attempts=20):
        for attempt in range(attempts):
            try:
                status, data = self._once(method, path, body)
            except (OSError, http.client.HTTPException):
                status, data = None, None
                if self.conn is not None:
                    self.conn.close()
                self.conn = None
            if status is not None and status not in RETRYABLE:
                return status, data
            self.retries += 1
            if method != "GET":
                return status, data  # the caller decides whether the write happened
            time.sleep(min(0.1 * 2**attempt, 1.0))
        raise RuntimeError(f"{method} {path}: no answer after {attempts} attempts")


class Player(threading.Thread):
    """Plays its seat in its games until ``stop``; records each decision's latency and the errors seen."""

    def __init__(self, username, api, game_ids, stop_at, seed, posted=None):
        super().__init__(daemon=True)
        self.username = username
        self.api = api
        self.game_ids = list(game_ids)
        self.stop_at = stop_at
        self.rng = random.Random(seed)
        self.latencies = []
        self.decisions = 0
        self.errors = []
        self.resent = 0
        self.posted = posted if posted is not None else {}  # (game, seq) -> (time sent, server that took it)

    def run(self):
        try:
            while time.monotonic() < self.stop_at and self.game_ids:
                moved = False
                for game_id in list(self.game_ids):
                    if time.monotonic() >= self.stop_at:
                        break
                    outcome = self._turn(game_id)
                    if outcome == "over":
                        self.game_ids.remove(game_id)
                    moved = moved or outcome == "moved"
                if not moved:
                    time.sleep(0.05)
        except Exception as exc:  # noqa: BLE001  (reported by the run, which fails on any)
            self.errors.append(f"{type(exc).__name__}: {exc}")

    def _turn(self, game_id):
        status, game = self.api.request("GET", f"/api/v1/games/{game_id}/")
        if status != 200:
            self.errors.append(f"GET game {game_id}: {status} {game}")
            return "error"
        if game["status"] != "active":
            return "over"
        if game.get("to_move") != self.username:
            return "waiting"
        options = [d for d in game["legal"] if d["type"] not in ("undo", "resign")]
        decision = self.rng.choice(options)
        body = {"expected_seq": game["seq"], "decision": decision}
        while True:
            started = time.perf_counter()
            status, result = self.api.request("POST", f"/api/v1/games/{game_id}/decisions/", body)
            if status == 201:
                self.posted[(game_id, game["seq"] + 1)] = (started, self.api.last_served_by)
                self.latencies.append(time.perf_counter() - started)
                self.decisions += 1
                return "moved"
            if status is None or status in RETRYABLE or status == 409:
                # Cut off, or stale: did the decision land before the server went away?
                _, now = self.api.request("GET", f"/api/v1/games/{game_id}/log/?after={game['seq']}")
                entries = now.get("entries", []) if isinstance(now, dict) else []
                # Only this player decides for their seat here (no clock runs in these games).
                if entries and entries[0]["seq"] == game["seq"] + 1 and entries[0]["player"] == self.username:
                    self.decisions += 1
                    return "moved"
                if status == 409:
                    return "waiting"  # the game moved on by someone else's hand; look again
                self.resent += 1
                continue
            self.errors.append(f"POST decision {game_id}: {status} {result}")
            return "error"


class Watcher(threading.Thread):
    """An open table page: a live socket through the load balancer following one game, noting when it
    hears each seq and on which server its socket is. A socket whose server dies is opened again (on
    "watch" the server says where the game is now, so a move made meanwhile is not missed)."""

    def __init__(self, port, cookie, game_id, stop_at):
        super().__init__(daemon=True)
        self.port, self.cookie, self.game_id, self.stop_at = port, cookie, game_id, stop_at
        self.heard = {}  # seq -> (time heard, server of the socket)
        self.reconnects = 0
        self.errors = []

    def run(self):
        while time.monotonic() < self.stop_at:
            try:
                sock = LiveSocket(self.port, self.cookie)
            except (OSError, Closed):
                self.reconnects += 1
                time.sleep(0.2)
                continue
            try:
                sock.send_json({"watch": [self.game_id]})
                pinged = time.monotonic()
                while time.monotonic() < self.stop_at:
                    message = sock.receive_json(0.5)
                    now = time.perf_counter()
                    if message and message.get("game") == self.game_id and "seq" in message:
                        self.heard.setdefault(message["seq"], (now, sock.served_by))
                    elif message and "error" in message:
                        self.errors.append(f"socket: {message}")
                    if time.monotonic() - pinged > 15:
                        sock.send_json({"ping": 1})
                        pinged = time.monotonic()
            except (OSError, Closed):
                self.reconnects += 1
            finally:
                sock.close()

    def push_latencies(self, posted):
        """For each decision posted in this game: (seconds from sending it to hearing its seq or a later
        one, server that took the POST, server of the socket); None where it was never heard."""
        found = []
        for (game_id, seq), (sent, post_server) in posted.items():
            if game_id != self.game_id:
                continue
            times = [(t, server) for s, (t, server) in self.heard.items() if s >= seq and t >= sent]
            if times:
                heard_at, socket_server = min(times)
                found.append((heard_at - sent, post_server, socket_server))
            else:
                found.append((None, post_server, None))
        return found
