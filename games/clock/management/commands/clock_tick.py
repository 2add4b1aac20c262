"""One run of the clock scan that Celery beat runs every minute: reminders and timeouts. For a
deployment without beat (cron: ``* * * * * manage.py clock_tick``) and for development, where tasks run
in-process and nothing else would ever look at the clocks."""

from django.core.management.base import BaseCommand

from games.clock import tasks


class Command(BaseCommand):
    help = "Scan the clocks once: reminders and timeouts that have come due (what beat runs every minute)."

    def handle(self, *args, **options):
        self.stdout.write(f"{tasks.scan_clocks()} clocks due.")
