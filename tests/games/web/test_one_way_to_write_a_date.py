"""One way to write a date (guildhall_site.dates, the ``when`` filter): no template formats a date of its own with
``|date:``, and no module calls Django's ``date_format`` but the helper, save the few places named below with
the reason they wait."""

import re
from pathlib import Path

from django.conf import settings

ROOT = Path(settings.BASE_DIR)

OWN_FORMAT = re.compile(r"\|date:|\bdate_format\(|formats\.date_format|formats\.time_format")

# path -> why it still formats a date itself.
WAITING = {
    # The helper itself.
    "guildhall_site/dates.py": "the one place that asks Django for a date's words",
    # A chat line shows its time of day; the title's full date is DATETIME_FORMAT in the reader's time zone,
    # the helper's words, but a title takes text and the 'when' filter gives a <time> element.
    "social/chat/templates/chat/_items.html": "a time of day, and a title the filter cannot fill",
}


def _project_files():
    for path in ROOT.rglob("*"):
        relative = path.relative_to(ROOT)
        if relative.parts[0] in (".venv", "tests", "node_modules", "var") or relative.parts[0].startswith("."):
            continue
        if "migrations" in relative.parts or path.suffix not in (".py", ".html", ".txt") or not path.is_file():
            continue
        yield relative.as_posix(), path


def test_dates_are_written_through_the_one_helper():
    found = sorted(name for name, path in _project_files() if OWN_FORMAT.search(path.read_text(encoding="utf-8")))
    assert [name for name in found if name not in WAITING] == []
    assert sorted(WAITING) == found, "a place in WAITING writes its dates through the helper now: remove it"
