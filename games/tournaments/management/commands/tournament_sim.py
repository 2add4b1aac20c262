"""Play a whole tournament of bot-driven players through the real services and Celery tasks (in-process).

    manage.py tournament_sim --players 32 --format swiss --table-size 4 --rounds 5 --seed S

Each player is a user account whose decisions a bot chooses and submits through ``games.services``, as a
client would; a game's end reaches the tournament through the decision hook and its Celery task, which
record the result from the log and pair the next round. ``--absent K`` leaves K players away: their time
runs out, the clock (games.clock.timeouts) plays the turn and the tournament gives their seat to the bot.
The last line printed is one JSON object; ``standings_consistent`` recomputes every result from the games'
logs and compares.
"""

import datetime
import json
import random

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError
from django.utils import timezone

import engine
from games import cache as state_cache
from games import services as game_services
from games.clock import timeouts
from games.exceptions import GameError
from games.models import DEFAULT_GAME, Game
from games.rules import rules_of
from guildhall_site.celery import app

from ... import services
from ...check import repeat_pairs, standings_consistent
from ...models import Bye, Table, Tournament

MAX_DECISIONS = 2_000_000


class Command(BaseCommand):
    help = "Simulate a whole tournament with bot-driven players; prints a JSON summary last."

    def add_arguments(self, parser):
        parser.add_argument("--players", type=int, default=8)
        parser.add_argument("--format", choices=Tournament.Format.values, default="swiss")
        parser.add_argument("--table-size", type=int, default=4)
        parser.add_argument("--rounds", type=int, default=None)
        parser.add_argument("--seed", default="1")
        parser.add_argument("--game", default=DEFAULT_GAME, choices=list(engine.GAMES), help="the game played")
        parser.add_argument("--bot", default="random",
                            help="the bot that chooses the players' decisions (one of the game's kinds)")
        parser.add_argument("--absent", type=int, default=0, help="players who never move (timeouts)")

    def handle(self, *args, **options):
        if options["players"] < 2:
            raise CommandError("--players must be at least 2")
        if options["bot"] not in engine.get(options["game"]).bots.KINDS:
            raise CommandError(f"--bot must be one of {', '.join(engine.get(options['game']).bots.KINDS)}")
        previous = app.conf.task_always_eager
        app.conf.task_always_eager = True  # the tasks run in this process, right after each commit
        try:
            summary = self._run(options)
        finally:
            app.conf.task_always_eager = previous
        self.stdout.write(json.dumps(summary))

    def _run(self, options):
        rng = random.Random(options["seed"])
        stamp = timezone.now().strftime("%Y%m%d%H%M%S%f")
        users = [
            get_user_model().objects.create_user(username=f"sim{stamp}p{i}", email="")
            for i in range(options["players"])
        ]
        try:
            tournament = services.create_tournament(
                users[0], name=f"Simulation {options['seed']}", game=options["game"], format=options["format"],
                table_size=options["table_size"], rounds=options["rounds"], max_players=options["players"],
                per_move=datetime.timedelta(hours=1),
            )
            for user in users:
                services.join(tournament.pk, user)
            services.start(tournament.pk, users[0])
        except GameError as exc:
            raise CommandError(str(exc.detail)) from None
        absent = {u.pk for u in rng.sample(users, min(options["absent"], len(users)))}
        decisions = 0
        while decisions < MAX_DECISIONS:
            tournament.refresh_from_db()
            if tournament.status != Tournament.Status.RUNNING:
                break
            games = list(Game.objects.filter(tournament_table__round__tournament=tournament,
                                             status=Game.Status.ACTIVE).order_by("pk"))
            if not games:
                break  # nothing left to play, yet not over: the summary says finished: false
            for game in games:
                decisions += self._play_turn(game, absent, rng, options["bot"])
            services.catch_up()  # what beat runs every minute: seats whose time ran out go to the bot
        tournament.refresh_from_db()
        return {
            "format": tournament.format,
            "players": len(users),
            "rounds": tournament.round_set.count(),
            "games": Table.objects.filter(round__tournament=tournament).count(),
            "byes": Bye.objects.filter(round__tournament=tournament, kind=Bye.Kind.BYE).count(),
            "repeat_pairs": repeat_pairs(tournament),
            "finished": tournament.status == Tournament.Status.FINISHED,
            "standings_consistent": standings_consistent(tournament),
        }

    def _play_turn(self, game, absent, rng, bot):
        """Whoever is to move in ``game`` plays until another person is awaited; an absent one times out."""
        game.refresh_from_db()
        start = (game.to_move_position, game.turn)
        state = None
        made = 0
        while game.status == Game.Status.ACTIVE and game.to_move_user_id is not None:
            if (game.to_move_position, game.turn) != start:
                break
            if game.to_move_user_id in absent:
                # The clock, as the beat would run it once the deadline has passed.
                timeouts.process(game.pk, now=game.deadline + datetime.timedelta(seconds=1))
                return made + 1
            state = state if state is not None else state_cache.load_state(game)
            decision = rules_of(game).bots.choose(state, game.to_move_position, bot, rng)
            result = game_services.submit_decision(game.pk, game.to_move_user, game.seq, decision)
            # The game's row as written and the state after the decision: nothing to read again.
            game, state = result.game, result.state
            made += 1
        return made
