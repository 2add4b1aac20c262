"""``manage.py analysis_quality --games 200 --seed S``: how well the analysis's win chance at mid-game
predicts the winner of bot games, against "the leader in VP wins" (games/analysis/quality.py)."""

import json
import time
from multiprocessing import Pool

from django.core.management.base import BaseCommand

from games.analysis import quality


def _one(args):
    return quality.measure_game(*args)


class Command(BaseCommand):
    help = "Brier score of the analysis's mid-game win chance against the VP leader's, over bot games."

    def add_arguments(self, parser):
        parser.add_argument("--games", type=int, default=200)
        parser.add_argument("--seed", default="Q1")
        parser.add_argument("--players", type=int, default=2, choices=(2, 3, 4))
        parser.add_argument("--mode", default="printed", choices=("printed", "yucata"))
        parser.add_argument("--bot", default="greedy", choices=("random", "greedy", "strong"),
                            help="the bot playing every seat (strong: at --level)")
        parser.add_argument("--level", default="quick", help="the strong bot's level, when --bot strong")
        parser.add_argument("--playouts", type=int, default=100, help="play-outs per seat's estimate")
        parser.add_argument("--rollout-turns", type=int, default=None,
                            help="turns a play-out looks ahead (default: the search's, a round and one turn)")
        parser.add_argument("--jobs", type=int, default=1)
        parser.add_argument("--progress", action="store_true", help="one line per game on stderr")

    def handle(self, *args, **options):
        started = time.perf_counter()
        jobs = [
            (game, options["players"], options["seed"], options["mode"], options["bot"], options["playouts"],
             options["rollout_turns"], options["level"] if options["bot"] == "strong" else None)
            for game in range(options["games"])
        ]
        results = []
        with Pool(options["jobs"]) if options["jobs"] > 1 else _Serial() as pool:
            for result in pool.imap(_one, jobs):
                if result is None:
                    continue
                results.append(result)
                if options["progress"]:
                    self.stderr.write(json.dumps({k: result[k] for k in ("game", "outcome", "estimate", "vp_leader")}))
        summary = quality.summarise(results, options["players"])
        summary.update(
            seed=options["seed"], players=options["players"], mode=options["mode"], bot=options["bot"],
            playouts=options["playouts"], rollout_turns=options["rollout_turns"] or "search",
            wall_seconds=round(time.perf_counter() - started, 1),
        )
        self.stdout.write(json.dumps(summary, indent=1))


class _Serial:
    """``Pool``'s ``imap`` in this process (``--jobs 1``)."""

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return False

    def imap(self, fn, items):
        return map(fn, items)
