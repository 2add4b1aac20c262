"""``manage.py rebuild_ratings [--check]``: recompute every result and rating from the finished games in
order (``finished_at``, then id) and compare with what was stored.

A rating is a function of the finished games in order and of the ratings settings, so the rebuild must
find exactly the stored values; it reports every difference. Run it after changing a setting that affects
the numbers (the bots' calibration, the repeat rule, ...), or once after installing the ratings on a site
with finished games. ``--check`` changes nothing and exits with status 1 when a value differs.
"""

import time

from django.core.management.base import BaseCommand, CommandError
from django.db import transaction

from games.ratings import services

SHOWN = 10


class Command(BaseCommand):
    help = "Recompute every rating from the finished games in order; report values that differ from the stored ones."

    def add_arguments(self, parser):
        parser.add_argument("--check", action="store_true", help="compare only: change nothing, exit 1 on a difference")

    def handle(self, *args, **opts):
        started = time.perf_counter()
        with transaction.atomic():
            before, after = services.rebuild()
            if opts["check"]:
                transaction.set_rollback(True)
        elapsed = time.perf_counter() - started
        differences = 0
        for table in ("ratings", "results"):
            old, new = before[table], after[table]
            keys = sorted(set(old) | set(new))
            changed = [k for k in keys if old.get(k) != new.get(k)]
            differences += len(changed)
            self.stdout.write(f"{table}: {len(new)} recomputed, {len(old)} stored, {len(changed)} differ")
            for key in changed[:SHOWN]:
                self.stdout.write(f"  {table} {key}: stored {old.get(key)!r}, recomputed {new.get(key)!r}")
        verb = "checked" if opts["check"] else "rebuilt"
        self.stdout.write(f"{verb} in {elapsed:.1f}s: " + ("exactly the stored values" if not differences else
                                                          f"{differences} stored rows differed"))
        if opts["check"] and differences:
            raise CommandError(f"{differences} stored rows differ from the recomputed ones")
