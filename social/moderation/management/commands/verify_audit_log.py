"""Walk the moderation log's chain (moderation.auditlog) and fail on any entry removed, changed or slipped
in. Prints the chain's head: keep it outside the database and pass it next time (``--head``), which then
also fails if entries were taken off the end or the log was emptied."""

from django.core.management.base import BaseCommand, CommandError

from social.moderation import auditlog


class Command(BaseCommand):
    help = "Verify the moderation log's hash chain."

    def add_arguments(self, parser):
        parser.add_argument("--head", default=None, help="A head printed by an earlier run: it must still be there.")

    def handle(self, *args, head=None, **options):
        verdict = auditlog.verify(head=head)
        for entry_id, problem in verdict.problems:
            self.stderr.write(f"entry {entry_id}: {problem}")
        if not verdict.head_found:
            self.stderr.write(f"the head {head} is not in the chain: entries were removed or changed since")
        self.stdout.write(
            f"{verdict.entries} entries ({verdict.unsealed} written without hashes), head {verdict.head or '-'}"
        )
        if verdict.problems or not verdict.head_found:
            raise CommandError("The moderation log is not as it was written.")
