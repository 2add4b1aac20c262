"""What one request costs in process: CPU, wall time and queries of a decision POST, a game GET and the
floor POST, through the whole stack (middleware, DRF, services, engine, database, cache) but without a
server or a network in between.

    DATABASE_URL=postgres://... REDIS_URL=redis://... python manage.py decision_cost --decisions 400
    ... python manage.py decision_cost --profile 30     # and cProfile's 30 costliest functions (CPU time)
    ... python manage.py decision_cost --sections       # and the CPU of each part of a decision, unprofiled
    ... python manage.py decision_cost --form           # decisions through the table's form, as a browser sends them

Two players play two-player games through the API as the live page does (``manage.py benchmark
--pattern live``): the decider POSTs from the last answer; a GET only when the turn passes to the other
player. Every tenth decision a floor POST (token auth + one INSERT) is timed beside it. Not a test: it
only reports. ``manage.py benchmark`` is the measure of throughput; this one says where the time goes.
"""

import contextlib
import cProfile
import functools
import importlib
import io
import json
import pstats
import random
import statistics
import time

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.core.management.base import BaseCommand, CommandError
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext, override_settings

import engine
from accounts import tokens as api_tokens
from benchmarks.report import percentile
from games.models import DEFAULT_GAME

from .benchmark import pick

# The parts of a decision that ``--sections`` times: (module, attribute, label). Each time includes the
# parts called inside it (an indented label is inside the one above it, or called by the service).
# RULES stands for the module of the game played (``--game``: engine.get(game)).
RULES = "<the game's rules>"
SECTIONS = (
    ("games.api.views", "GameViewSet.decisions", "the API view, all of it"),
    ("games.api.views", "_decision_request", "  reading the body"),
    ("games.services", "submit_decision", "  submit_decision"),
    ("games.services.deciding", "_one_more_step", "    a step's path (tried first by every decision)"),
    ("games.statements", "append_if_still_at", "      its statement, with post_save (live news)"),
    ("games.services.deciding", "append", "    the locked path's append (the rest of a turn change)"),
    ("games.cache", "store_state", "    store_state (the snapshot handed over)"),
    (RULES, "apply", "    the rules' apply"),
    (RULES, "legal_decisions", "    the rules' legal_decisions (the answer's included)"),
    ("games.selectors", "after_decision", "  the answer (the decider's view, legal decisions)"),
    ("guildhall_site.redis_batch", "Batch.send", "the Redis round trip"),
)


@contextlib.contextmanager
def _sections_timed(spent, game):
    """Wrap each function of ``SECTIONS`` so that its CPU time adds up in ``spent`` (label -> [seconds,
    calls]) while the block runs; put them back afterwards. ``game``: the slug of the game played."""
    undo = []
    for module_name, path, label in SECTIONS:
        owner = engine.get(game) if module_name == RULES else importlib.import_module(module_name)
        *outer, name = path.split(".")
        for part in outer:
            owner = getattr(owner, part)
        original = owner.__dict__[name]
        tally = spent.setdefault(label, [0.0, 0])

        def timed(*args, _original=original, _tally=tally, **kwargs):
            start = time.process_time()
            try:
                return _original(*args, **kwargs)
            finally:
                _tally[0] += time.process_time() - start
                _tally[1] += 1

        setattr(owner, name, functools.wraps(original)(timed))
        undo.append((owner, name, original))
    try:
        yield
    finally:
        for owner, name, original in undo:
            setattr(owner, name, original)


class Command(BaseCommand):
    help = "CPU, wall time and queries of one decision POST, game GET and floor POST, in process."

    def add_arguments(self, parser):
        parser.add_argument("--decisions", type=int, default=400, help="decisions timed (after --warmup)")
        parser.add_argument("--warmup", type=int, default=40)
        parser.add_argument("--profile", type=int, default=0, metavar="N", help="print the N costliest functions")
        parser.add_argument("--profile-out", metavar="FILE", help="write the profile there (for pstats, snakeviz)")
        parser.add_argument("--show-queries", type=int, default=0, metavar="N", help="print the SQL of N decisions")
        parser.add_argument(
            "--sections", action="store_true", help="time the parts of a decision (each including what it calls)"
        )
        parser.add_argument(
            "--form",
            action="store_true",
            help="POST decisions through the table's form, as a signed-in browser does (htmx), not the API",
        )
        parser.add_argument("--seed", type=int, default=1)
        parser.add_argument("--game", default=DEFAULT_GAME, choices=list(engine.GAMES), help="the game played")
        parser.add_argument("--allow-embedded", action="store_true", help="run on SQLite/locmem anyway")
        parser.add_argument("--force", action="store_true", help="run on a database whose name lacks 'bench'")

    def handle(self, *args, **opts):
        if connection.vendor != "postgresql" or not settings.REDIS_URL:
            if not opts["allow_embedded"]:
                raise CommandError("Set DATABASE_URL (PostgreSQL) and REDIS_URL, or pass --allow-embedded.")
        name = str(connection.settings_dict["NAME"])
        if connection.vendor == "postgresql" and "bench" not in name and not opts["force"]:
            # It migrates the database and plays games in it under two users of its own.
            raise CommandError(f"The database {name!r} does not look like a benchmark's: name it *bench*, or --force.")
        call_command("migrate", verbosity=0)
        # The write throttle keeps every request's time for its window: at this rate its history, not the
        # app, would be measured (``manage.py benchmark`` turns it off the same way). DEBUG records queries.
        with override_settings(
            GUILDHALL_WRITE_THROTTLE_RATE="",
            DEBUG=False,
            ALLOWED_HOSTS=["testserver"],
            ROOT_URLCONF="benchmarks.in_process_urls",
        ):
            self._run(opts)

    def _run(self, opts):
        self.rng = random.Random(opts["seed"])
        self.show_queries = opts["show_queries"]
        self.form = opts["form"]
        self.clients, self.browsers = self._clients()
        kinds = ("decision", "step", "turn change", "get", "floor")
        self.costs = {kind: [] for kind in kinds}
        self.queries = {kind: [] for kind in kinds}
        self.game = None
        self.game_slug = opts["game"]
        self._play(opts["warmup"], record=False)
        profiler = cProfile.Profile(time.process_time) if opts["profile"] or opts["profile_out"] else None
        if profiler:
            profiler.enable()
        sections = {}
        with _sections_timed(sections, self.game_slug) if opts["sections"] else contextlib.nullcontext():
            self._play(opts["decisions"], record=True)
        if profiler:
            profiler.disable()
        self.stdout.write(
            f"game {self.game_slug}; db {connection.vendor}; "
            f"cache {settings.CACHES['default']['BACKEND'].rsplit('.', 1)[-1]}; "
            f"{opts['decisions']} decisions after {opts['warmup']} unrecorded"
            + ("; decisions through the table's form (the answer: the table re-rendered)" if self.form else "")
            + ("; under cProfile (times inflated)" if profiler else "")
        )
        names = {"decision": "decision POST", "step": "- a step", "turn change": "- turn change", "get": "get game"}
        for label in ("decision", "step", "turn change", "get", "floor"):
            cpu = [c for c, _ in self.costs[label]]
            wall = [w for _, w in self.costs[label]]
            if not cpu:
                continue
            self.stdout.write(
                f"{names.get(label, label + ' POST'):>14}: CPU mean {statistics.fmean(cpu):5.2f} ms"
                f"  p50 {percentile(cpu, 50):5.2f}  | wall p50 {percentile(wall, 50):5.2f}"
                f"  p95 {percentile(wall, 95):5.2f}  max {max(wall):6.2f} ms"
                f"  | queries mean {statistics.fmean(self.queries[label]):.2f}  (n={len(cpu)})"
            )
        decision = statistics.fmean(c for c, _ in self.costs["decision"])
        floor = statistics.fmean(c for c, _ in self.costs["floor"])
        gets = len(self.costs["get"]) / max(1, len(self.costs["decision"]))
        cpu_p50 = {label: percentile([c for c, _ in self.costs[label]], 50) for label in ("decision", "floor")}
        self.stdout.write(
            f"GETs per decision: {gets:.2f}; decision CPU / floor CPU = {decision / floor:.2f} (means), "
            f"{cpu_p50['decision'] / cpu_p50['floor']:.2f} (p50s)"
        )
        if sections:
            self.stdout.write("CPU of each part, ms per decision (per call), each including what it calls:")
            decisions = max(1, len(self.costs["decision"]))
            for label, (seconds, calls) in sections.items():
                per_call = seconds / calls * 1000 if calls else 0.0
                self.stdout.write(f"  {label:<58} {seconds / decisions * 1000:6.3f}  ({per_call:.3f} x {calls})")
        if opts["profile_out"]:
            profiler.dump_stats(opts["profile_out"])
        if opts["profile"]:
            out = io.StringIO()
            pstats.Stats(profiler, stream=out).sort_stats("cumulative").print_stats(opts["profile"])
            self.stdout.write(out.getvalue())

    def _clients(self):
        """Per player: an API client (token) and a browser's (a signed-in session, as htmx posts)."""
        User = get_user_model()
        clients, browsers = {}, {}
        for name in ("cost_a", "cost_b"):
            user, created = User.objects.get_or_create(username=name)
            if created:
                user.set_unusable_password()
                user.save()
            # Signed in first: a token keeps the session hash of when it was made (accounts.tokens).
            browsers[name] = Client(HTTP_HX_REQUEST="true")
            browsers[name].force_login(user)
            token = api_tokens.issue(user, "decision_cost")[1]
            clients[name] = Client(HTTP_AUTHORIZATION=f"Token {token}")
        return clients, browsers

    def _timed(self, label, record, call):
        with CaptureQueriesContext(connection) as queries:
            cpu0, wall0 = time.process_time(), time.perf_counter()
            response = call()
            cpu, wall = time.process_time() - cpu0, time.perf_counter() - wall0
        if response.status_code >= 300 or b'id="table-error"' in response.content:
            raise CommandError(f"{label} answered {response.status_code}: {response.content[:300]!r}")
        if record:
            self.costs[label].append((cpu * 1000, wall * 1000))
            self.queries[label].append(len(queries))
            if label == "decision" and self.show_queries > 0:
                self.show_queries -= 1
                self.stdout.write(f"-- a decision: {len(queries)} queries, {cpu * 1000:.2f} ms CPU")
                for query in queries.captured_queries:
                    self.stdout.write("   " + query["sql"][:160])
        return response.json() if response["Content-Type"].startswith("application/json") else None

    def _new_game(self):
        a, b = self.clients["cost_a"], self.clients["cost_b"]
        body = {"seats": 2, "game": self.game_slug}
        game = a.post("/api/v1/games/", body, content_type="application/json").json()
        game = b.post(f"/api/v1/games/{game['id']}/join/", content_type="application/json").json()
        self.game, self.to_move, self.known = game["id"], game["to_move"], None

    def _play(self, count, record):
        done = 0
        while done < count:
            if self.game is None or not self.to_move:
                self._new_game()
            client = self.clients[self.to_move]
            if self.known is None or self.known[0] != self.to_move or not self.known[2]:
                detail = self._timed("get", record, lambda c=client: c.get(f"/api/v1/games/{self.game}/"))
                self.known = (self.to_move, detail["seq"], detail["legal"])
            body = {"expected_seq": self.known[1], "decision": pick(self.known[2], self.rng)}
            if self.form:
                browser, path = self.browsers[self.to_move], f"/games/{self.game}/decide/"
                form = {"expected_seq": body["expected_seq"], "decision": json.dumps(body["decision"])}
                self._timed("decision", record, lambda c=browser, p=path, f=form: c.post(p, f))
                # The answer is the table's HTML: where the game stands is read apart, and not timed.
                result = self._timed("get", False, lambda c=client: c.get(f"/api/v1/games/{self.game}/"))
            else:
                path = f"/api/v1/games/{self.game}/decisions/"
                result = self._timed(
                    "decision", record, lambda c=client, p=path, b=body: c.post(p, b, content_type="application/json")
                )
            if record:  # a step of the same player, or the decision that passed the game on
                kind = "step" if result["to_move"] == self.to_move else "turn change"
                self.costs[kind].append(self.costs["decision"][-1])
                self.queries[kind].append(self.queries["decision"][-1])
            self.known, self.to_move = (self.to_move, result["seq"], result["legal"]), result["to_move"]
            done += 1
            if done % 10 == 0:
                self._timed(
                    "floor",
                    record,
                    lambda c=client: c.post("/api/bench/floor/", {"n": 1}, content_type="application/json"),
                )
