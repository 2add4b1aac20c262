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

RETRYABLE = (502, 503, 504)


class Api:
    def __init__(self, port, token):
        self.port = port
        self.headers = {"Authorization": f"Token {token}", "Content-Type": "application/json"}
        self.conn = None
        self.served_by = Counter()
        self.retries = 0

    def _once(self, method, path, body):
        if self.conn is None:
            self.conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
        self.conn.request(method, path, body=None if body is None else json.dumps(body), headers=self.headers)
        response = self.conn.getresponse()
        payload = response.read()
        self.served_by[response.getheader("X-Served-By", "?")] += 1
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

    def __init__(self, username, api, game_ids, stop_at, seed):
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
