"""Tidying what a player typed before it is stored. Escaping is not done here: the text is stored as
typed and escaped where it is shown (Django's autoescaping in pages and HTML emails; plain-text emails
are text/plain)."""

import re
import unicodedata

# Bidirectional overrides and isolates can make a message display as something other than what it says
# (or reorder the text around it): they are dropped with the other invisible format characters (Cf), as
# are control characters (Cc: NUL, escapes, ...) and lone surrogates (Cs). Whitespace is kept.
_DROPPED = {"Cc", "Cf", "Cs"}
_KEPT = {" ", "\t", "\n", "\r", "\u200d"}  # the zero-width joiner holds emoji sequences together
_WHITESPACE = re.compile(r"\s+")


def _visible(ch):
    return ch in _KEPT or unicodedata.category(ch) not in _DROPPED


def tidy_message(text):
    """One line of chat: control and format characters dropped, runs of whitespace (newlines included)
    made one space, trimmed. Returns "" for nothing left; the caller checks the length."""
    if not isinstance(text, str):
        return ""
    text = unicodedata.normalize("NFC", text)
    text = "".join(ch for ch in text if _visible(ch))
    return _WHITESPACE.sub(" ", text).strip()


def tidy_note(text):
    """Private notes keep their lines; control and format characters are dropped, line ends made \\n."""
    if not isinstance(text, str):
        return ""
    text = unicodedata.normalize("NFC", text.replace("\r\n", "\n").replace("\r", "\n"))
    return "".join(ch for ch in text if _visible(ch)).strip()

