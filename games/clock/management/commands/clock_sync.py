"""Give every active game a clock (games started before the clock existed, or imported), and bring
each clock in step with its game. Safe to run at any time; it changes nothing that is already right."""

from django.core.management.base import BaseCommand
from django.db import transaction
from django.utils import timezone

from games.clock import deadlines
from games.clock.models import TimeControl
from games.models import Game


class Command(BaseCommand):
    help = "Create or resynchronise the TimeControl of every active game."

    def handle(self, *args, **options):
        created = synced = 0
        for game_id in Game.objects.filter(status=Game.Status.ACTIVE).values_list("pk", flat=True).iterator():
            with transaction.atomic():
                game = Game.objects.select_for_update().get(pk=game_id)
                tc = TimeControl.objects.select_for_update().filter(game=game).first()
                if tc is None:
                    tc = TimeControl(game=game, per_move=deadlines.default_per_move())
                    created += 1
                restart = (tc.seat, tc.turn) != (game.to_move_position, game.turn)
                deadlines.sync(tc, game, timezone.now(), restart=restart)
                tc.save()
                synced += 1
        self.stdout.write(f"{synced} active games: {created} clocks created, all in step.")
