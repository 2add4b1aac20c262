"""``manage.py bench_history``: the history area under load. A benchmark, not a test.

Generates 100,000 finished games (bulk_create; every game is a copy of one of a few dozen complete bot
games played by the engine here, so seeds, scores, turns and placings are real) in the configured
database, then times, in process through Django's test client with DEBUG off:

* the history page (/games/history/) unfiltered and with each filter and sort, p50/p95;
* the same filtered querysets alone (count + one page), p50/p95;
* the page with every game's summary computed from its log (cache cold);
* the replay page of a game of about 700 decisions at random steps, p50/p95.

Needs DATABASE_URL pointing at PostgreSQL (SQLite works but is not what we measure) whose name
contains "bench" (it adds 100,000 games); REDIS_URL is recommended. Re-running reuses the games.

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/guildhall_bench REDIS_URL=redis://127.0.0.1:6379/3 \\
        python manage.py migrate && python manage.py bench_history
"""

import datetime
import json
import random
import time

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.cache import cache
from django.core.management.base import BaseCommand, CommandError
from django.db import connection, transaction
from django.test import Client, override_settings
from django.utils import timezone

import engine
from benchmarks.report import summary_ms, timed
from games.history import selectors
from games.models import DEFAULT_GAME, Game, LogEntry, Seat

# The indexes of games/migrations/0004_history_indexes, as SQL: created by --with-requested-indexes on a
# database that predates that migration.
REQUESTED_INDEXES = {
    "games_finished_recent": "CREATE INDEX games_finished_recent ON games_game (finished_at DESC, id DESC) "
    "WHERE status = 'finished'",
    "games_finished_turns": "CREATE INDEX games_finished_turns ON games_game (turn DESC, id DESC) "
    "WHERE status = 'finished'",
    "games_finished_duration": "CREATE INDEX games_finished_duration ON games_game "
    "((finished_at - started_at) DESC, id DESC) WHERE status = 'finished'",
}
PREFIX = "bench_h_"
REPLAYER = PREFIX + "replayer"



# The history's figures are of the site's first game, whose history rows these are (Guildhall's view gives
# the summaries' facts below).
RULES = engine.get(DEFAULT_GAME)


def _finished(state):
    return RULES.outcome(state)["over"]


def _play(players, seed, mode, kind, rng):
    state = RULES.new_game(players, seed, {"mode": mode})
    log = []
    while not _finished(state) and len(log) < 5000:
        seat = RULES.pending_player(state)
        decision = RULES.bots.choose(state, seat, kind, rng)
        RULES.apply(state, seat, decision)
        log.append((seat, decision))
    return state, log


class Command(BaseCommand):
    help = "Benchmark the history browser and the replay page with 100,000 finished games."

    def add_arguments(self, parser):
        parser.add_argument("--games", type=int, default=100_000)
        parser.add_argument("--users", type=int, default=2_000)
        parser.add_argument("--templates", type=int, default=48, help="complete bot games the rows copy")
        parser.add_argument("--repeat", type=int, default=30, help="requests per measured URL")
        parser.add_argument("--force", action="store_true", help="run on a database whose name lacks 'bench'")
        parser.add_argument("--json", action="store_true", help="print the figures as one JSON object")
        parser.add_argument(
            "--with-requested-indexes",
            action="store_true",
            help="create the indexes requested for games_game (see REQUESTED_INDEXES) for this run, then drop them",
        )

    def handle(self, *args, **opts):
        db = settings.DATABASES["default"]
        if "bench" not in str(db.get("NAME", "")) and not opts["force"]:
            raise CommandError("Refusing: the database name does not contain 'bench' (use --force).")
        if connection.vendor != "postgresql":
            self.stderr.write("warning: not PostgreSQL; the figures will not mean much")
        if "LocMemCache" in settings.CACHES["default"]["BACKEND"]:
            # In-process cache (no REDIS_URL): it keeps at most its MAX_ENTRIES, so most summaries are cold.
            self.stderr.write("warning: no REDIS_URL; the in-process cache cannot hold every game's summary")
        rng = random.Random(20261129)
        t0 = time.perf_counter()
        templates, long_game = self._templates(opts["templates"], rng)
        self.stderr.write(f"templates: {len(templates)} bot games in {time.perf_counter() - t0:.1f}s")
        t0 = time.perf_counter()
        created = self._generate(opts["games"], opts["users"], templates, long_game, rng)
        self.stderr.write(f"generation: {created} games created in {time.perf_counter() - t0:.1f}s")
        t0 = time.perf_counter()
        self._warm_summaries(templates)
        self.stderr.write(f"summaries cached in {time.perf_counter() - t0:.1f}s")
        added = self._add_requested_indexes() if opts["with_requested_indexes"] else []
        try:
            with override_settings(DEBUG=False):
                figures = self._measure(opts["repeat"], rng)
        finally:
            self._drop_indexes(added)
        figures["requested_indexes"] = bool(opts["with_requested_indexes"])
        figures["finished_games"] = Game.objects.filter(status=Game.Status.FINISHED).count()
        figures["database"] = connection.vendor
        figures["cache"] = settings.CACHES["default"]["BACKEND"].rsplit(".", 1)[-1]
        figures["command"] = "manage.py bench_history" + (" --with-requested-indexes" if added else "")
        if opts["json"]:
            self.stdout.write(json.dumps(figures, indent=2))
        else:
            self._print(figures)

    # --- data ---------------------------------------------------------------------------------------------
    def _templates(self, count, rng):
        """Complete games played by the engine's bots: (players, mode, seed, log, final state)."""
        templates = []
        combos = [(p, m, k) for p in (2, 3, 4) for m in ("printed", "yucata") for k in ("greedy", "random")]
        for i in range(count):
            players, mode, kind = combos[i % len(combos)]
            seed = f"bench-history-{i}"
            state, log = _play(players, seed, mode, kind, random.Random(i))
            if _finished(state):
                templates.append({"players": players, "mode": mode, "seed": seed, "log": log, "state": state})
        long_game = None
        for i in range(200):  # a game of about 700 decisions for the replay page
            seed = f"bench-history-long-{i}"
            state, log = _play(4, seed, "printed", "random", random.Random(1000 + i))
            if _finished(state) and 650 <= len(log) <= 760:
                long_game = {"players": 4, "mode": "printed", "seed": seed, "log": log, "state": state}
                break
        if long_game is None:
            raise CommandError("no bot game of about 700 decisions found")
        return templates, long_game

    def _users(self, count):
        User = get_user_model()
        names = [f"{PREFIX}u{i:05d}" for i in range(count)] + [REPLAYER]
        existing = set(User.objects.filter(username__in=names).values_list("username", flat=True))
        User.objects.bulk_create(
            [User(username=n, password="!", email=f"{n}@bench.invalid") for n in names if n not in existing],
            batch_size=2000,
        )
        users = User.objects.filter(username__startswith=PREFIX).exclude(username=REPLAYER)
        return list(users.values_list("pk", flat=True)), User.objects.get(username=REPLAYER).pk

    def _game_row(self, template, creator, finished_at, duration):
        state = template["state"]
        return Game(
            game=DEFAULT_GAME,
            options={"mode": template["mode"]},
            engine_version=RULES.ENGINE_VERSION,
            mode=template["mode"],
            num_seats=template["players"],
            status=Game.Status.FINISHED,
            seed=template["seed"],
            seed_commitment=engine.seed_commitment(template["seed"]),
            created_by_id=creator,
            started_at=finished_at - duration,
            finished_at=finished_at,
            seq=len(template["log"]),
            turn=state.turn,
            scores=RULES.outcome(state)["scores"],
        )

    def _generate(self, total, user_count, templates, long_game, rng):
        users, replayer = self._users(user_count)
        have = Game.objects.filter(created_by__username__startswith=PREFIX).count()
        if have >= total:
            self.stderr.write(f"reusing the {have} bench games already in the database")
            return 0
        now = timezone.now()
        batch = 5000
        created = 0
        with_logs = templates + [long_game]
        while have + created < total:
            n = min(batch, total - have - created)
            games, seats_of = [], []
            for i in range(n):
                # The first rows carry a log (the replayer's games: cold summaries, the long replay).
                logged = have + created + i < len(with_logs)
                template = with_logs[have + created + i] if logged else rng.choice(templates)
                finished_at = now - datetime.timedelta(seconds=rng.randrange(3 * 365 * 86400))
                duration = datetime.timedelta(minutes=rng.randrange(5, 60 * 24 * 30))
                players = rng.sample(users, template["players"])
                if logged:
                    players[0] = replayer
                    rng.shuffle(players)
                games.append(self._game_row(template, rng.choice(players), finished_at, duration))
                seats_of.append((template, players, logged))
            with transaction.atomic():
                Game.objects.bulk_create(games, batch_size=1000)
                seats, entries = [], []
                for game, (template, players, logged) in zip(games, seats_of, strict=True):
                    placings = template["state"].placings
                    for position, user in enumerate(players):
                        seats.append(
                            Seat(game=game, kind=Seat.Kind.USER, user_id=user, position=position,
                                 final_place=placings[position])
                        )
                    if logged:
                        entries += [
                            LogEntry(game=game, seq=k, seat=seat, decision=decision)
                            for k, (seat, decision) in enumerate(template["log"], start=1)
                        ]
                Seat.objects.bulk_create(seats, batch_size=5000)
                LogEntry.objects.bulk_create(entries, batch_size=5000)
            created += n
            self.stderr.write(f"  {have + created} games")
        if connection.vendor == "postgresql":
            # What autovacuum would do soon after such a load: statistics and the visibility map.
            with connection.cursor() as cursor:
                for table in ("games_game", "games_seat", "games_logentry"):
                    cursor.execute(f"VACUUM ANALYZE {table}")
        return created

    def _add_requested_indexes(self):
        """Create the indexes asked for in the history requests (not in a migration: games/ is not ours),
        unless they exist already; returns the names created here."""
        if connection.vendor != "postgresql":
            return []
        with connection.cursor() as cursor:
            cursor.execute("SELECT indexname FROM pg_indexes WHERE tablename = 'games_game'")
            existing = {row[0] for row in cursor.fetchall()}
            added = []
            for name, sql in REQUESTED_INDEXES.items():
                if name not in existing:
                    cursor.execute(sql)
                    added.append(name)
            cursor.execute("VACUUM ANALYZE games_game")
        self.stderr.write(f"requested indexes created for this run: {', '.join(added) or 'none (already there)'}")
        return added

    def _drop_indexes(self, names):
        if names:
            with connection.cursor() as cursor:
                cursor.execute("DROP INDEX " + ", ".join(names))

    def _warm_summaries(self, templates):
        """What a running site's cache holds once each game has been listed once (finished games never
        change). The games that carry a log get theirs from the log when the bench lists them cold."""
        by_seed = {}
        for t in templates:
            view = RULES.view(t["state"], None)
            by_seed[t["seed"]] = {"vp_cards": [len(p["vp_cards"]) for p in view["players"]], "seq": len(t["log"])}
        bench = Game.objects.filter(created_by__username__startswith=PREFIX)
        logged = set(LogEntry.objects.filter(seq=1, game__in=bench).values_list("game_id", flat=True))
        rows = bench.values_list("pk", "seed", "seed_commitment")
        chunk = {}
        for pk, seed, commitment in rows.iterator(chunk_size=10000):
            if pk in logged or seed not in by_seed:
                continue
            game = Game(pk=pk, seed_commitment=commitment)
            chunk[selectors._summary_key(game)] = by_seed[seed]
            if len(chunk) >= 5000:
                cache.set_many(chunk, timeout=None)
                chunk = {}
        if chunk:
            cache.set_many(chunk, timeout=None)

    # --- measurements -------------------------------------------------------------------------------------
    def _measure(self, repeat, rng):
        client = Client()
        User = get_user_model()
        some_user = User.objects.filter(username__startswith=PREFIX + "u").order_by("pk")[137]
        winner = (
            Seat.objects.filter(user__username__startswith=PREFIX + "u", final_place=1).order_by("pk")[50].user
        )
        today = timezone.localdate()
        window = (today - datetime.timedelta(days=400), today - datetime.timedelta(days=370))
        pages = {
            "all, newest first": "",
            "player": f"?player={some_user.username}",
            "winner": f"?winner={winner.username}",
            "3 players": "?players=3",
            "yucata mode": "?mode=yucata",
            "30-day range": f"?since={window[0].isoformat()}&until={window[1].isoformat()}",
            "player + 2 players + printed": f"?player={some_user.username}&players=2&mode=printed",
            "sort by turns": "?sort=-turns",
            "sort by duration": "?sort=-duration",
        }
        # A deep page: the one after the 50,000th game, by keyset (an OFFSET read and dropped every game
        # before it); and the last page.
        from urllib.parse import quote, unquote

        depth = min(50_000, max(0, selectors.finished_games().count() - 1))
        deep = selectors.finished_games()[depth : depth + 1].get()
        cursor = quote(selectors.cursor_of(deep, selectors.DEFAULT_SORT))
        pages[f"page after game {depth:,} (keyset)"] = f"?after={cursor}"
        pages["last page (keyset)"] = "?last=1"
        figures = {"history_page": {}, "history_query": {}}
        for label, query in pages.items():

            def get(query=query):
                response = client.get(f"/games/history/{query}")
                assert response.status_code == 200, response.status_code

            figures["history_page"][label] = timed(get, repeat)
        queries = {
            "all, newest first": {},
            "player": {"player": some_user},
            "winner": {"winner": winner},
            "3 players": {"players": 3},
            "yucata mode": {"mode": "yucata"},
            "30-day range": {
                "since": datetime.datetime.combine(window[0], datetime.time.min, tzinfo=datetime.UTC),
                "until": datetime.datetime.combine(window[1], datetime.time.min, tzinfo=datetime.UTC),
            },
            "player + 2 players + printed": {"player": some_user, "players": 2, "mode": "printed"},
            "sort by turns": {"sort": "-turns"},
            "sort by duration": {"sort": "-duration"},
        }
        for label, filters in queries.items():

            def run(filters=filters):
                qs = selectors.finished_games(**filters)
                qs.count()
                list(qs[:25])

            figures["history_query"][label] = timed(run, repeat)
        # The same deep page read both ways, in this run: by OFFSET (how numbered pages were read) and
        # by keyset (how the page's links read it now).
        everything = selectors.finished_games()
        figures["history_query"][f"page at offset {depth:,} (OFFSET)"] = timed(
            lambda: list(everything[depth : depth + 25]), repeat
        )
        figures["history_query"][f"page after game {depth:,} (keyset)"] = timed(
            lambda: selectors.keyset_page(everything, selectors.DEFAULT_SORT, 25, after=unquote(cursor)), repeat
        )

        # Summaries from the logs (cache cold): the replayer's games all carry a log.
        replayer = User.objects.get(username=REPLAYER)
        replayer_games = list(selectors.finished_games(player=replayer)[:25])

        def cold():
            cache.delete_many([selectors._summary_key(g) for g in replayer_games])
            from games import cache as state_cache

            cache.delete_many([state_cache.state_key(g, g.seq) for g in replayer_games])
            response = client.get(f"/games/history/?player={REPLAYER}")
            assert response.status_code == 200

        figures["history_page"][f"summaries cold ({len(replayer_games)} games replayed)"] = timed(
            cold, max(5, repeat // 3)
        )

        # The replay page of the ~700-decision game.
        long_game = (
            Game.objects.filter(seats__user=replayer, seq__gte=650, seq__lte=760).order_by("pk").first()
        )
        steps = [rng.randrange(long_game.seq + 1) for _ in range(repeat)]
        samples = []
        client.get(f"/games/{long_game.pk}/replay/?step=0")
        for step in steps:
            t0 = time.perf_counter()
            response = client.get(f"/games/{long_game.pk}/replay/?step={step}")
            samples.append(time.perf_counter() - t0)
            assert response.status_code == 200
        figures["replay_page"] = {"game": long_game.pk, "decisions": long_game.seq, **summary_ms(samples)}
        figures["replay_page_last_step"] = {
            "decisions": long_game.seq,
            **timed(lambda: client.get(f"/games/{long_game.pk}/replay/"), repeat),
        }
        figures["record_api"] = self._record_timing(long_game, replayer, repeat)
        return figures

    def _record_timing(self, game, user, repeat):
        from rest_framework.test import APIClient

        client = APIClient()
        client.force_authenticate(user)
        return {"decisions": game.seq, **timed(lambda: client.get(f"/api/v1/games/{game.pk}/record/"), repeat)}

    def _print(self, figures):
        self.stdout.write(
            f"{figures['finished_games']} finished games · {figures['database']} · cache {figures['cache']}"
        )
        for section in ("history_page", "history_query"):
            self.stdout.write(f"\n{section} (ms)")
            for label, f in figures[section].items():
                self.stdout.write(f"  {label:45s} p50 {f['p50_ms']:8.1f}   p95 {f['p95_ms']:8.1f}   n={f['n']}")
        for key in ("replay_page", "replay_page_last_step", "record_api"):
            f = figures[key]
            self.stdout.write(
                f"\n{key} ({f['decisions']} decisions): "
                f"p50 {f['p50_ms']:.1f} ms   p95 {f['p95_ms']:.1f} ms   n={f['n']}"
            )
