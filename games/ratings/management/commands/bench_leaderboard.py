"""``manage.py bench_leaderboard``: the leaderboard with 100,000 rated players. A benchmark, not a test.

Generates, in the configured database, 100,000 players with a rating in the printed mode (some also in
Yucata mode): most with enough rated games and a recent one to be listed, some not (too few games, or none
in the last 90 days), and ``--results`` finished two-player games each for the reliability column. Then
times, in process through Django's test client with DEBUG off, p50/p95 of:

* the leaderboard page: page 1, page 2, random pages, the last page;
* its parts alone: the count behind "page N of M" (uncached; the page caches it for a minute), one page
  of rows (ids from the index, then the rows), the reliability of that page's players;
* a listed player's profile (their place on the leaderboard is one more count).

Needs DATABASE_URL pointing at PostgreSQL (SQLite works but is not what we measure) whose name contains
"bench" (it adds 100,000 users and millions of rows); re-running reuses them.

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/guildhall_ratings_bench \\
        python manage.py migrate && python manage.py bench_leaderboard
"""

import datetime
import itertools
import json
import random
import time

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError
from django.db import connection, transaction
from django.test import Client, override_settings
from django.utils import timezone

import engine
from benchmarks.report import timed
from games.models import DEFAULT_GAME, Game
from games.ratings import selectors, skill
from games.ratings.models import GameResult, PlayerRating
from games.ratings.pools import Pool

PREFIX = "bench_lb_"
BATCH = 5000



# The board measured: the default game's printed rules (the rows written below are that game's).
POOL = Pool(DEFAULT_GAME, "printed")


class Command(BaseCommand):
    help = "Benchmark the leaderboard page with 100,000 rated players (PostgreSQL)."

    def add_arguments(self, parser):
        parser.add_argument("--players", type=int, default=100_000)
        parser.add_argument("--results", type=int, default=20, help="finished games per player (reliability)")
        parser.add_argument("--repeat", type=int, default=50, help="requests per measured URL")
        parser.add_argument("--force", action="store_true", help="run on a database whose name lacks 'bench'")
        parser.add_argument("--json", action="store_true", help="print the figures as one JSON object")
        parser.add_argument("--explain", action="store_true", help="print PostgreSQL's plan of a page's queries")

    def handle(self, *args, **opts):
        db = settings.DATABASES["default"]
        if "bench" not in str(db.get("NAME", "")) and not opts["force"]:
            raise CommandError("Refusing: the database name does not contain 'bench' (use --force).")
        if connection.vendor != "postgresql":
            self.stderr.write("warning: not PostgreSQL; the figures will not mean much")
        rng = random.Random(20261130)
        started = time.perf_counter()
        users = self._players(opts["players"], rng)
        self._results(users, opts["results"], rng)
        if connection.vendor == "postgresql":
            with connection.cursor() as cursor:  # what autovacuum does soon after such a load
                for table in ("accounts_user", "ratings_playerrating", "ratings_gameresult", "games_game"):
                    cursor.execute(f"VACUUM ANALYZE {table}")
        self.stderr.write(f"data ready in {time.perf_counter() - started:.0f}s")
        with override_settings(DEBUG=False):
            figures = self._measure(opts["repeat"], rng)
        figures["rated_players"] = PlayerRating.objects.filter(mode="printed").count()
        figures["listed_players"] = selectors.leaderboard(POOL).count()
        figures["game_results"] = GameResult.objects.count()
        figures["page_size"] = settings.RATINGS_LEADERBOARD_PAGE_SIZE
        figures["database"] = connection.vendor
        if opts["explain"] and connection.vendor == "postgresql":
            self._explain()
        if opts["json"]:
            self.stdout.write(json.dumps(figures, indent=2))
        else:
            self._print(figures)

    # --- data ---------------------------------------------------------------------------------------------
    def _players(self, count, rng):
        User = get_user_model()
        have = User.objects.filter(username__startswith=PREFIX).count()
        if have < count:
            User.objects.bulk_create(
                [User(username=f"{PREFIX}{i:06d}", password="!", email="") for i in range(have, count)],
                batch_size=BATCH,
            )
        users = list(User.objects.filter(username__startswith=PREFIX).order_by("pk").values_list("pk", flat=True))
        if PlayerRating.objects.filter(user__username__startswith=PREFIX, mode="printed").count() >= len(users):
            self.stderr.write(f"reusing the ratings of {len(users)} bench players")
            return users
        PlayerRating.objects.filter(user__username__startswith=PREFIX).delete()
        now = timezone.now()
        rows = []
        for user in users:
            for mode in ("printed", "yucata") if rng.random() < 0.3 else ("printed",):
                # Most players are regulars: listed. Some have too few games; some none in the last 90 days.
                games = rng.randint(1, 9) if rng.random() < 0.08 else 10 + int(rng.expovariate(1 / 60))
                sigma = max(0.9, 25 / 3 * 0.93 ** min(games, 60) + rng.uniform(0, 0.6))
                mu = rng.gauss(25, 4)
                rows.append(
                    PlayerRating(
                        user_id=user, mode=mode, mu=mu, sigma=sigma, ordinal=skill.ordinal(mu, sigma),
                        rated_games=games, last_rated_at=now - datetime.timedelta(days=rng.uniform(0, 110)),
                    )
                )
            if len(rows) >= BATCH:
                PlayerRating.objects.bulk_create(rows, batch_size=BATCH)
                rows = []
        PlayerRating.objects.bulk_create(rows, batch_size=BATCH)
        return users

    def _results(self, users, per_player, rng):
        """Two-player games among the bench players: ``per_player`` results each, for the reliability."""
        want = len(users) * per_player // 2
        have = Game.objects.filter(seed__startswith=PREFIX).count()
        if have >= want:
            self.stderr.write(f"reusing {have} bench games")
            return
        now = timezone.now()
        made = have
        while made < want:
            n = min(BATCH, want - made)
            with transaction.atomic():
                games = Game.objects.bulk_create(
                    [
                        Game(
                            engine_version=engine.get(DEFAULT_GAME).ENGINE_VERSION, mode="printed",
                            options={"mode": "printed"}, num_seats=2,
                            status=Game.Status.FINISHED, seed=f"{PREFIX}{made + i}", seed_commitment="-",
                            finished_at=now - datetime.timedelta(minutes=rng.randrange(200 * 24 * 60)),
                            rated=True,
                        )
                        for i in range(n)
                    ],
                    batch_size=BATCH,
                )
                results = []
                for game in games:
                    a, b = rng.sample(users, 2)
                    lineup = "|".join(sorted((f"u:{a}", f"u:{b}")))
                    leaver = a if rng.random() < 0.05 else None
                    for position, user in enumerate((a, b)):
                        results.append(
                            GameResult(
                                game=game, user_id=user, mode="printed", finished_at=game.finished_at,
                                position=position, place=2 if user == leaver else position + 1,
                                left=user == leaver, people=2, lineup=lineup, verdict="rated", weight=1.0,
                                mu_before=25.0, sigma_before=8.0, mu=25.5, sigma=7.9,
                            )
                        )
                GameResult.objects.bulk_create(results, batch_size=BATCH)
            made += n
            if made % 100_000 < BATCH:
                self.stderr.write(f"  {made} of {want} games")

    # --- measurements -------------------------------------------------------------------------------------
    def _measure(self, repeat, rng):
        client = Client()
        url = POOL.url()
        board = selectors.leaderboard(POOL)
        size = settings.RATINGS_LEADERBOARD_PAGE_SIZE
        pages = max(1, -(-board.count() // size))
        figures = {"page": {}, "query": {}, "pages": pages}

        def get(query):
            response = client.get(url + query)
            assert response.status_code == 200, response.status_code

        for label, query in (("page 1", ""), ("page 2", "?page=2"), (f"last page ({pages})", f"?page={pages}")):
            figures["page"][label] = timed(lambda query=query: get(query), repeat)
        figures["page"]["random pages"] = timed(lambda: get(f"?page={rng.randint(1, pages)}"), repeat)

        figures["query"]["count (uncached)"] = timed(lambda: board.count(), repeat)
        listed = selectors.LeaderboardPages(POOL)

        def rows():
            offset = (rng.randint(1, pages) - 1) * size
            return listed[offset:offset + size]

        figures["query"]["one page of rows (random page)"] = timed(rows, repeat)
        sample = [r.user_id for r in rows()]
        reliability = timed(lambda: selectors.reliability_of(sample), repeat)
        figures["query"]["reliability of a page's players"] = reliability

        start = max(0, min(size * 10, board.count() - repeat - 1))  # players from page 11 on, when there are any
        players = list(board[start:start + repeat + 1].values_list("user__username", flat=True))
        names = itertools.cycle(players)
        figures["page"]["a listed player's profile"] = timed(
            lambda: client.get(f"/players/{next(names)}/").status_code, repeat
        )
        return figures

    def _explain(self):
        board = selectors.leaderboard(POOL)
        size = settings.RATINGS_LEADERBOARD_PAGE_SIZE
        page = board.values_list("user_id")[999 * size:1000 * size].query.sql_with_params()  # a page's ids
        count_sql, count_params = board.values("pk").query.sql_with_params()
        count = (f"SELECT COUNT(*) FROM ({count_sql}) AS listed", count_params)
        for label, (sql, params) in (("count", count), ("ids of page 1000", page)):
            with connection.cursor() as cursor:
                cursor.execute("EXPLAIN (ANALYZE, BUFFERS) " + sql, params)
                self.stdout.write(f"--- plan: {label}")
                for (line,) in cursor.fetchall():
                    self.stdout.write(line)

    def _print(self, figures):
        self.stdout.write(
            f"rated players (printed): {figures['rated_players']}, listed: {figures['listed_players']} "
            f"({figures['pages']} pages of {figures['page_size']}), game results: {figures['game_results']}, "
            f"database: {figures['database']}"
        )
        for section, title in (("page", "pages (test client, DEBUG off)"), ("query", "parts")):
            self.stdout.write(title)
            for label, f in figures[section].items():
                self.stdout.write(f"  {label:>36}: p50 {f['p50_ms']:7.1f} ms  p95 {f['p95_ms']:7.1f} ms  (n={f['n']})")
