"""``manage.py restore_drill [--populate]``: back up the site's database the way docs/operations.md tells an
operator to (``pg_dump --format=custom``), restore it into a new database (``pg_restore``), prove the copy,
and drop it.

The proof: every table has the same number of rows as the source had in the dump's own snapshot, and every
sequence the same last value; ``manage.py replay_games`` and ``manage.py rebuild_ratings --check`` pass
against the copy (run as an operator runs them, with ``DATABASE_URL`` naming it); the site, set up on the
copy, serves sampled finished games' replay pages (with their seeds) and records, and ``verify_record``
checks each record. The last line printed is one JSON object with the figures and ``"ok"``; the exit status
is 1 when not ok.

Without ``--populate`` the configured database is dumped (only read: a practice restore of a live site).
``--populate`` dumps a scratch database instead, migrated and filled with a small sample made through the
site's services (ops.drill.fill_sample), dropped afterwards as well: ``make restore-drill``, and CI.
"""

import io
import json
import os
import random
import subprocess
import sys
import tempfile
import time
from argparse import SUPPRESS
from pathlib import Path

from django.conf import settings
from django.core.management import call_command
from django.core.management.base import BaseCommand, CommandError

from ops import drill

SOURCE_SUFFIX = "_drill_source"
COPY_SUFFIX = "_drill_copy"
STEP_TIMEOUT = 600  # seconds; a step that hangs fails the drill instead of holding CI


class Command(BaseCommand):
    help = ("Back up the database (pg_dump), restore it into a new database (pg_restore), prove the copy "
            "(row counts, replay_games, rebuild_ratings --check, the site's replay pages and verified records) "
            "and drop it. The last line is JSON with \"ok\".")

    def add_arguments(self, parser):
        parser.add_argument("--populate", action="store_true",
                            help="Drill on a scratch database filled with a sample of games (not the configured one).")
        parser.add_argument("--records", type=int, default=3,
                            help="Finished games whose replay page and record are checked (default 3).")
        parser.add_argument("--keep-copy", action="store_true", help="Leave the restored copy (to look at it).")
        # The steps that run inside a database of the drill's own (a manage.py process each, DATABASE_URL
        # naming it): filling the scratch source, and asking the site set up on the copy.
        parser.add_argument("--fill", action="store_true", help=SUPPRESS)
        parser.add_argument("--probe", metavar="DIR", help=SUPPRESS)

    def handle(self, *args, **options):
        if options["fill"]:
            return self._fill()
        if options["probe"]:
            return self._probe(Path(options["probe"]), options["records"])
        try:
            server = drill.Server()
        except ValueError as exc:
            raise CommandError(str(exc)) from None
        report = Drill(server, options["records"]).run(options["populate"], options["keep_copy"])
        self.stdout.write(json.dumps(report, sort_keys=False))
        if not report["ok"]:
            raise CommandError("the restore drill failed: " + "; ".join(report["failures"]), returncode=1)

    # --- inside the scratch source ------------------------------------------------------------------
    def _fill(self):
        name = settings.DATABASES["default"]["NAME"]
        if not name.endswith(SOURCE_SUFFIX):  # never fill a database that is not the drill's own
            raise CommandError(f"--fill writes only to a database named *{SOURCE_SUFFIX}")
        call_command("migrate", interactive=False, verbosity=0)
        self.stdout.write(json.dumps(drill.fill_sample()))

    # --- inside the copy ------------------------------------------------------------------------------
    def _probe(self, directory, count):
        """What the operator's restore runs on the copy (``replay_games``, ``rebuild_ratings --check``), and
        the site on it (Django's test client through the whole middleware): sampled finished games' replay
        pages and records, the records written to ``directory``. One process for all: each start of
        ``manage.py`` costs seconds."""
        from django.test import Client
        from django.urls import reverse

        from games.models import Game, Seat

        if not settings.DATABASES["default"]["NAME"].endswith(COPY_SUFFIX):
            raise CommandError(f"--probe reads only a database named *{COPY_SUFFIX}")
        result = {"commands": {}, "failures": []}
        for name, options in (("replay_games", {}), ("rebuild_ratings", {"check": True})):
            out = io.StringIO()
            try:
                call_command(name, stdout=out, **options)
            except CommandError as exc:
                result["failures"].append(f"{name}: {exc}")
            lines = out.getvalue().strip().splitlines()
            result["commands"][name] = lines[-1] if lines else None
        finished = list(Game.objects.filter(status=Game.Status.FINISHED).order_by("pk").values_list("pk", flat=True))
        sample = _sample(finished, count)
        hosts = [h.lstrip(".") for h in settings.ALLOWED_HOSTS if h not in ("*", "")]
        secure = bool(getattr(settings, "SECURE_SSL_REDIRECT", False))
        client = Client(HTTP_HOST=hosts[0] if hosts else "testserver")
        result.update({"finished_games": len(finished), "pages": [], "records": []})
        for pk in sample:
            game = Game.objects.get(pk=pk)
            page = client.get(reverse("game-replay", args=[pk]), secure=secure)
            shows_seed = page.status_code == 200 and f"<code data-seed>{game.seed}</code>" in page.content.decode()
            result["pages"].append({"game": pk, "status": page.status_code, "shows_seed": shows_seed})
            player = Seat.objects.filter(game_id=pk, kind=Seat.Kind.USER).select_related("user").first()
            if player is None:
                continue
            client.force_login(player.user)
            record = client.get(reverse("api-game-record", args=[pk]), secure=secure)
            client.logout()
            path = directory / f"record-{pk}.json"
            if record.status_code == 200:
                path.write_bytes(record.content)
            result["records"].append({"game": pk, "status": record.status_code,
                                      "file": str(path) if record.status_code == 200 else None})
        self.stdout.write(json.dumps(result))


def _sample(ids, count):
    """The first and the last (the oldest schema's games and the newest) and others at random."""
    if len(ids) <= count:
        return list(ids)
    chosen = {ids[0], ids[-1]}
    chosen.update(random.sample(ids[1:-1], max(0, count - 2)))
    return sorted(chosen)[:count]


class Drill:
    def __init__(self, server, records):
        self.server = server
        self.records = records
        self.failures = []
        self.seconds = {}
        self.manage = str(Path(settings.BASE_DIR) / "manage.py")

    def run(self, populate, keep_copy):
        started = time.monotonic()
        stamp = f"{os.getpid()}"
        copy = f"{self.server.name[:40]}_{stamp}{COPY_SUFFIX}"
        source = f"{self.server.name[:40]}_{stamp}{SOURCE_SUFFIX}" if populate else self.server.name
        report = {"source": source, "copy": copy}
        with tempfile.TemporaryDirectory(prefix="guildhall-drill-") as workdir:
            workdir = Path(workdir)
            try:
                report.update(self._versions())
                if populate:
                    report["sample"] = self._populate(source)
                counts, sequences, dump = self._dump(source, workdir)
                report["dump_bytes"] = dump.stat().st_size
                self._restore(copy, dump)
                report.update(self._compare(copy, counts, sequences))
                report.update(self._check_copy(copy, workdir))
            except Failed as exc:
                self.failures.append(str(exc))
            finally:
                if not keep_copy:
                    self._timed("drop", self.server.drop, copy)
                if populate:
                    self._timed("drop", self.server.drop, source)
        report["seconds"] = {**self.seconds, "total": round(time.monotonic() - started, 2)}
        report["failures"] = self.failures
        report["ok"] = not self.failures
        return report

    # --- steps -----------------------------------------------------------------------------------------
    def _versions(self):
        server, server_major = drill.version(self.server.version())
        dump, dump_major = drill.version(_output(["pg_dump", "--version"]))
        restore, restore_major = drill.version(_output(["pg_restore", "--version"]))
        # pg_dump refuses a newer server; an older pg_restore cannot read a newer dump: one major each.
        if dump_major is None or dump_major < server_major:
            raise Failed(f"pg_dump is {dump}, older than the server ({server})")
        if restore_major != dump_major:
            raise Failed(f"pg_restore ({restore}) and pg_dump ({dump}) are of different versions")
        return {"server_version": server, "pg_dump_version": dump}

    def _populate(self, source):
        self.server.drop(source)
        self.server.create(source)
        env = self._env(source, CELERY_TASK_ALWAYS_EAGER="0")  # emails stay pending: nobody consumes
        return json.loads(self._manage("migrate_and_fill", ["restore_drill", "--fill"], env).splitlines()[-1])

    def _dump(self, source, workdir):
        """pg_dump in the snapshot whose counts are taken (see ops.drill)."""
        path = workdir / "guildhall.dump"
        started = time.monotonic()
        with self.server.connect(source, autocommit=False) as conn:
            conn.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY")
            snapshot = conn.execute("SELECT pg_export_snapshot()").fetchone()[0]
            counts, sequences = drill.table_counts(conn)
            self._run("pg_dump", ["pg_dump", "--format=custom", f"--snapshot={snapshot}", f"--file={path}"],
                      self.server.libpq_env(source))
            conn.rollback()
        self.seconds["dump"] = round(time.monotonic() - started, 2)
        return counts, sequences, path

    def _restore(self, copy, dump):
        started = time.monotonic()
        self.server.drop(copy)
        self.server.create(copy)
        self._run("pg_restore", ["pg_restore", "--no-owner", "--jobs=2", "--exit-on-error", f"--dbname={copy}",
                                 str(dump)], self.server.libpq_env(copy))
        self.seconds["restore"] = round(time.monotonic() - started, 2)

    def _compare(self, copy, counts, sequences):
        with self.server.connect(copy) as conn:
            copy_counts, copy_sequences = drill.table_counts(conn)
        tables = drill.differences(counts, copy_counts)
        seqs = drill.differences(sequences, copy_sequences)
        if tables:
            self.failures.append(f"row counts differ in {len(tables)} tables")
        if seqs:
            self.failures.append(f"sequences differ: {', '.join(seqs)}")
        return {"tables": len(counts), "rows": sum(counts.values()), "counts": counts,
                "count_differences": tables, "sequence_differences": seqs}

    def _check_copy(self, copy, workdir):
        found = {}
        probe = self._manage("check_copy", ["restore_drill", "--probe", str(workdir), "--records", str(self.records)],
                             self._env(copy), fail_soft=True)
        if not probe:
            return found
        site = json.loads(probe.splitlines()[-1])
        found.update(site["commands"])
        self.failures.extend(site["failures"])
        found["finished_games"] = site["finished_games"]
        found["replay_pages"] = site["pages"]
        for page in site["pages"]:
            if page["status"] != 200 or not page["shows_seed"]:
                self.failures.append(f"the replay page of game {page['game']}: {page['status']}, seed shown: "
                                     f"{page['shows_seed']}")
        verified = 0
        started = time.monotonic()
        for record in site["records"]:
            if record["file"] is None:
                self.failures.append(f"the record of game {record['game']}: {record['status']}")
                continue
            try:
                call_command("verify_record", record["file"], stdout=io.StringIO(), stderr=io.StringIO())
                verified += 1
            except CommandError as exc:
                self.failures.append(f"verify_record of game {record['game']}: {exc}")
        self.seconds["verify_record"] = round(time.monotonic() - started, 2)
        found["records_verified"] = verified
        if site["finished_games"] and not verified:
            self.failures.append("no record verified")
        return found

    # --- running programs ----------------------------------------------------------------------------
    def _env(self, dbname, **extra):
        """A manage.py environment on ``dbname``: no Redis (nothing read from the live site's cache; tasks
        in-process unless ``extra`` says otherwise)."""
        env = dict(os.environ, DATABASE_URL=self.server.url(dbname), REDIS_URL="", **extra)
        env.pop("PROMETHEUS_MULTIPROC_DIR", None)  # the drill's processes are not the site's
        return env

    def _manage(self, step, args, env, fail_soft=False):
        try:
            return self._run(step, [sys.executable, self.manage, *args], env)
        except Failed as exc:
            if not fail_soft:
                raise
            self.failures.append(str(exc))
            return None

    def _run(self, step, argv, env):
        started = time.monotonic()
        try:
            done = subprocess.run(argv, env=env, capture_output=True, text=True, timeout=STEP_TIMEOUT)
        except (OSError, subprocess.TimeoutExpired) as exc:
            raise Failed(f"{step}: {type(exc).__name__}: {exc}") from None
        finally:
            self.seconds[step] = round(self.seconds.get(step, 0) + time.monotonic() - started, 2)
        if done.returncode != 0:
            tail = (done.stderr.strip() or done.stdout.strip()).splitlines()[-3:]
            raise Failed(f"{step} exited with {done.returncode}: {' | '.join(tail)}")
        return done.stdout

    def _timed(self, step, fn, *args):
        started = time.monotonic()
        try:
            fn(*args)
        except Exception as exc:  # a copy left behind is reported, not hidden behind the drill's result
            self.failures.append(f"{step}: {type(exc).__name__}: {exc}")
        self.seconds[step] = round(self.seconds.get(step, 0) + time.monotonic() - started, 2)


class Failed(Exception):
    """A step of the drill failed; the message says which and how."""


def _output(argv):
    try:
        return subprocess.run(argv, capture_output=True, text=True, timeout=30).stdout
    except OSError as exc:
        raise Failed(f"{argv[0]} is not installed ({exc}); Debian: apt-get install postgresql-client") from None
