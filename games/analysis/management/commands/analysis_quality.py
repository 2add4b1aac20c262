"""``manage.py analysis_quality --games 200 --seed S``: how well the analysis's win chance at mid-game
predicts the winner of bot games, against "the leader in VP wins" (games/analysis/quality.py)."""

import json
import time
from multiprocessing import Pool

from django.core.management.base import BaseCommand, CommandError

import engine
from games.analysis import quality
from games.models import DEFAULT_GAME


def _one(args):
    return quality.measure_game(*args)


class Command(BaseCommand):
    help = "Brier score of the analysis's mid-game win chance against the VP leader's, over bot games."

    def add_arguments(self, parser):
        parser.add_argument("--games", type=int, default=200)
        parser.add_argument("--seed", default="Q1")
        parser.add_argument("--game", default=DEFAULT_GAME, choices=list(engine.GAMES), help="the game played")
        parser.add_argument("--players", type=int, default=2, choices=(2, 3, 4))
        parser.add_argument("--mode", default="printed", help="the game's option mode, where it has one")
        parser.add_argument("--bot", default=None,
                            help="the bot playing every seat, one of the game's kinds (default: its bot for absent "
                                 "players; strong: at --level)")
        parser.add_argument("--level", default="quick", help="the strong bot's level, when --bot strong")
        parser.add_argument("--playouts", type=int, default=100, help="play-outs per seat's estimate")
        parser.add_argument("--rollout-turns", type=int, default=None,
                            help="turns a play-out looks ahead (default: the search's, a round and one turn)")
        parser.add_argument("--jobs", type=int, default=1)
        parser.add_argument("--progress", action="store_true", help="one line per game on stderr")

    def handle(self, *args, **options):
        started = time.perf_counter()
        rules = engine.get(options["game"])
        bot = options["bot"] or rules.bots.DEFAULT_ABSENT
        if bot not in rules.bots.KINDS:
            raise CommandError(f"--bot must be one of {', '.join(rules.bots.KINDS)}")
        jobs = [
            (game, options["players"], options["seed"], options["mode"], bot, options["playouts"],
             options["rollout_turns"], options["level"] if bot == "strong" else None, options["game"])
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
            game=options["game"], seed=options["seed"], players=options["players"], mode=options["mode"], bot=bot,
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
