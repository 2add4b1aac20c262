"""The restore drill's parts (``manage.py restore_drill``, docs/operations.md "Restore"): the PostgreSQL
server the site's database lives on, reached through libpq's own environment variables (so that no password
shows in a process list), the row counts of a database inside one snapshot, and the sample a drill fills a
scratch database with when asked to (``--populate``).

The counts of the source are taken in the same snapshot that pg_dump dumps (``pg_export_snapshot`` and
``pg_dump --snapshot``): on a live site, rows written while the dump runs are in neither, so the counts
of the copy must match exactly."""

import os
import random
import re
from urllib.parse import quote

import psycopg
from django.conf import settings
from psycopg import sql

_PG_VERSION = re.compile(r"\b(\d+)\.\d+\b")


class Server:
    """The PostgreSQL server of the ``default`` database, and connections to any database on it."""

    def __init__(self, db_settings=None):
        db = db_settings or settings.DATABASES["default"]
        if db["ENGINE"] != "django.db.backends.postgresql":
            raise ValueError("the restore drill needs PostgreSQL (DATABASE_URL=postgres://...)")
        self.name = db["NAME"]
        self.host = db.get("HOST") or ""
        self.port = str(db.get("PORT") or "")
        self.user = db.get("USER") or ""
        self.password = db.get("PASSWORD") or ""

    def connect(self, dbname, autocommit=True):
        return psycopg.connect(
            host=self.host or None, port=self.port or None, user=self.user or None,
            password=self.password or None, dbname=dbname, autocommit=autocommit,
        )

    def libpq_env(self, dbname):
        """The environment for pg_dump, pg_restore (libpq's PG* variables) naming ``dbname``."""
        env = dict(os.environ)
        for key, value in (("PGHOST", self.host), ("PGPORT", self.port), ("PGUSER", self.user),
                           ("PGPASSWORD", self.password), ("PGDATABASE", dbname)):
            if value:
                env[key] = value
            else:
                env.pop(key, None)
        return env

    def url(self, dbname):
        """A DATABASE_URL for ``dbname`` on this server (for a ``manage.py`` run against it)."""
        auth = quote(self.user, safe="")
        if self.password:
            auth += ":" + quote(self.password, safe="")
        host = self.host if not self.host.startswith("/") else quote(self.host, safe="")
        port = f":{self.port}" if self.port else ""
        return f"postgres://{auth}@{host}{port}/{quote(dbname, safe='')}"

    def create(self, dbname):
        with self.connect(self.name) as conn:
            conn.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(dbname)))

    def drop(self, dbname):
        """Drop ``dbname`` if it exists, closing what is still connected to it (PostgreSQL 13 and later)."""
        with self.connect(self.name) as conn:
            conn.execute(sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(sql.Identifier(dbname)))

    def exists(self, dbname):
        with self.connect(self.name) as conn:
            return conn.execute("SELECT 1 FROM pg_database WHERE datname = %s", [dbname]).fetchone() is not None

    def version(self):
        with self.connect(self.name) as conn:
            return conn.execute("SHOW server_version").fetchone()[0]


def version(version_text):
    """("15.20", 15) from "15.20 (Debian 15.20-0+deb12u1)" or "pg_dump (PostgreSQL) 15.20 (Debian ...)";
    (None, None) when there is no version in it."""
    found = _PG_VERSION.search(version_text)
    return (found.group(0), int(found.group(1))) if found else (None, None)


def table_counts(conn):
    """{table: rows} for every table of the connection's current schema, and {sequence: last value}."""
    tables = [row[0] for row in conn.execute(
        "SELECT tablename FROM pg_tables WHERE schemaname = current_schema() ORDER BY tablename"
    )]
    counts = {}
    for table in tables:
        counts[table] = conn.execute(sql.SQL("SELECT count(*) FROM {}").format(sql.Identifier(table))).fetchone()[0]
    sequences = {
        name: value for name, value in conn.execute(
            "SELECT sequencename, last_value FROM pg_sequences WHERE schemaname = current_schema()"
        )
    }
    return counts, sequences


def differences(source, copy):
    """{name: [in source, in copy]} wherever the two maps differ (a missing name counts as None)."""
    return {name: [source.get(name), copy.get(name)]
            for name in sorted(set(source) | set(copy)) if source.get(name) != copy.get(name)}


# --- the sample a scratch database is filled with ---------------------------------------------------

SAMPLE_USERS = ("drill_alice", "drill_bob", "drill_carol")


def fill_sample(in_progress_moves=8, seed=0):
    """Games through the site's own services, as players and bots make them: a finished rated game between
    two people (results and ratings), a finished game against a bot in the Yucata mode, a three-player game
    in progress, a game waiting for players; chat in the started ones; the outbox's emails (your-turn and
    results) left pending when tasks go to a broker nobody consumes. Returns what was made."""
    from allauth.account.models import EmailAddress
    from django.contrib.auth import get_user_model

    from games import services
    from games.notifications.models import Notification
    from social.chat import services as chat

    User = get_user_model()
    users = []
    for name in SAMPLE_USERS:
        user = User.objects.create_user(username=name, email=f"{name}@example.com", password=None)
        EmailAddress.objects.create(user=user, email=user.email, primary=True, verified=True)
        users.append(user)
    alice, bob, carol = users
    rng = random.Random(seed)

    rated = services.create_game(alice, seats=2, rated=True)
    services.join(rated.pk, bob)
    chat.post_message(rated.pk, alice, "Good luck!")
    _play(rated.pk, rng)
    chat.post_message(rated.pk, bob, "Well played.")

    against_bot = services.create_game(carol, seats=2, options={"mode": "yucata"}, bots=1)
    _play(against_bot.pk, rng)

    running = services.create_game(alice, seats=3)
    services.join(running.pk, bob)
    services.join(running.pk, carol)
    _play(running.pk, rng, moves=in_progress_moves)
    chat.post_message(running.pk, carol, "Your turn, take your time.")

    waiting = services.create_game(carol, seats=2)
    pending = Notification.objects.filter(status=Notification.Status.PENDING).count()
    return {"finished": [rated.pk, against_bot.pk], "in_progress": [running.pk], "open": [waiting.pk],
            "pending_emails": pending}


def _play(game_id, rng, moves=None):
    """Whoever is to move decides (the greedy bot's choice), people and bot seats through the same service."""
    from games import cache as state_cache
    from games import services
    from games.models import Game
    from games.rules import rules_of

    made = 0
    while moves is None or made < moves:
        game = Game.objects.get(pk=game_id)
        if game.status != Game.Status.ACTIVE:
            return
        seat = game.seats.get(position=game.to_move_position)
        decision = rules_of(game).bots.choose(state_cache.load_state(game), seat.position, kind="greedy", rng=rng)
        services.submit_decision(game.pk, seat if seat.is_bot else seat.user, game.seq, decision)
        made += 1
