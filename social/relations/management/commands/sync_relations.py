"""After an upgrade's switch-over: what the previous release followed, blocked, muted or lifted while both
ran reaches this release's relations (social.relations.legacy). Idempotent; ``--check`` changes nothing
and fails when the two disagree."""

from django.core.management.base import BaseCommand, CommandError

from social.relations import legacy


class Command(BaseCommand):
    help = "Make the relations (follow, block, mute) equal to the previous release's tables."

    def add_arguments(self, parser):
        parser.add_argument("--check", action="store_true", help="Report differences and change nothing.")

    def handle(self, *args, check=False, **options):
        found = legacy.sync(write=not check)
        for kind, (missing, extra) in found.items():
            verb = ("missing", "extra") if check else ("copied", "removed")
            self.stdout.write(f"{kind}: {missing} {verb[0]}, {extra} {verb[1]}")
        if check and any(missing or extra for missing, extra in found.values()):
            raise CommandError("The relations differ from the previous release's tables: run sync_relations.")
