"""``manage.py verify_record FILE``: audit a finished game from its published record.

Replays the record (GET /api/v1/games/{id}/record/) through this engine, validating every decision,
and checks that sha256(seed) is the published commitment and that the placings and final VP are what
the record says. Prints OK, or every difference (exit status 1). FILE "-" reads standard input.
"""

import json
import sys

from django.core.management.base import BaseCommand, CommandError
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from games.history.record import verify


class Command(BaseCommand):
    help = _("Replay a game record (JSON) through the engine and check its seed commitment and result.")

    def add_arguments(self, parser):
        parser.add_argument("file", help=_("The record, as saved from /api/v1/games/{id}/record/ (- for stdin)."))

    def handle(self, *args, **options):
        path = options["file"]
        try:
            if path == "-":
                record = json.load(sys.stdin)
            else:
                with open(path, encoding="utf-8") as handle:
                    record = json.load(handle)
        except OSError as exc:
            raise CommandError(_("Cannot read %(path)s: %(error)s") % {"path": path, "error": exc}) from None
        except json.JSONDecodeError as exc:
            raise CommandError(_("%(path)s is not JSON: %(error)s") % {"path": path, "error": exc}) from None
        problems = verify(record)
        if problems:
            for problem in problems:
                self.stderr.write(_("DIFFERS: %(problem)s") % {"problem": problem})
            raise CommandError(
                ngettext(
                    "The record does not check out (%(count)d problem).",
                    "The record does not check out (%(count)d problems).",
                    len(problems),
                )
                % {"count": len(problems)},
                returncode=1,
            )
        self.stdout.write(
            _("OK: the seed matches its commitment and %(count)d decisions replay to the recorded result.")
            % {"count": len(record["decisions"])}
        )
