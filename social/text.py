"""The one check of what a player typed for others to read (a table-chat line, a private message, a
report's comment, a moderator's reason): tidied the same way, refused the same way.

Escaping is not done here: the text is stored as typed and escaped where it is shown (Django's
autoescaping in pages and HTML emails; plain-text emails are text/plain).
"""

import re
import unicodedata

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from games.exceptions import InvalidRequest

# Bidirectional overrides and isolates can make a message display as something other than what it says
# (or reorder the text around it): they are dropped with the other invisible format characters (Cf), as
# are control characters (Cc: NUL, escapes, ...) and lone surrogates (Cs). Whitespace is kept.
_DROPPED = {"Cc", "Cf", "Cs"}
_KEPT = {" ", "\t", "\n", "\r", "\u200d"}  # the zero-width joiner holds emoji sequences together
_WHITESPACE = re.compile(r"\s+")
_BLANK_LINES = re.compile(r"\n\s*\n(\s*\n)+")


def _visible(ch):
    return ch in _KEPT or unicodedata.category(ch) not in _DROPPED


def tidy(text, lines=False):
    """``text`` without control and invisible format characters, trimmed; "" for anything that is not
    text. One line (runs of whitespace, newlines included, made one space), or with ``lines`` its lines
    kept (line ends made \\n, runs of blank lines made one)."""
    if not isinstance(text, str):
        return ""
    if lines:
        text = text.replace("\r\n", "\n").replace("\r", "\n")
    text = "".join(ch for ch in unicodedata.normalize("NFC", text) if _visible(ch))
    if lines:
        return _BLANK_LINES.sub("\n\n", text).strip()
    return _WHITESPACE.sub(" ", text).strip()


def checked(text, max_length, lines=False):
    """``text`` tidied, or InvalidRequest: ``empty`` when nothing is left, ``too_long`` beyond
    ``max_length`` characters (counted after tidying, as the reader sees them)."""
    text = tidy(text, lines)
    if not text:
        raise InvalidRequest(_("Write a message first."), code="empty")
    if len(text) > max_length:
        raise InvalidRequest(
            ngettext(
                "A message has at most %(max)d character.", "A message has at most %(max)d characters.", max_length
            ) % {"max": max_length},
            code="too_long",
        )
    return text
