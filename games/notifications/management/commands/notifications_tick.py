"""One run of the outbox relay that Celery beat runs every minute: emails still pending (a lost task, a
broker outage) and digests that have come due. For a deployment without beat (cron: ``* * * * *
manage.py notifications_tick``) and for development, where tasks run in-process."""

from django.core.management.base import BaseCommand

from games.notifications import tasks


class Command(BaseCommand):
    help = "Relay the outbox once: pending emails and due digests (what beat runs every minute)."

    def handle(self, *args, **options):
        self.stdout.write(f"{tasks.relay_outbox()} emails relayed.")
