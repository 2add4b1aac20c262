"""A private message is tidied like a player's notes (lines kept, control and invisible format
characters dropped: games.chat.text), with runs of blank lines made one."""

import re

from games.chat.text import tidy_note

_BLANK_LINES = re.compile(r"\n\s*\n(\s*\n)+")


def tidy_text(text):
    return _BLANK_LINES.sub("\n\n", tidy_note(text))
