"""One run of what Celery beat does every minute: the clock scan (reminders, timeouts, taken-over seats)
and the outbox relay. For a deployment without beat (cron: ``* * * * * manage.py notifications_tick``)
and for development, where tasks run in-process and nothing else would ever look at the clocks."""

from django.core.management.base import BaseCommand

from games.notifications import tasks


class Command(BaseCommand):
    help = "Scan the clocks and relay the outbox once (what beat runs every minute)."

    def handle(self, *args, **options):
        clocks = tasks.scan_clocks()
        relayed = tasks.relay_outbox()
        self.stdout.write(f"{clocks} clocks due, {relayed} emails relayed.")
