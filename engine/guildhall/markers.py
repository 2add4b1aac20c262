"""Marking Guildhall's words for translation without Django: the engine is pure Python.

``gettext_noop`` marks a sentence, ``ngettext_lazy`` a pair of singular and plural forms; both are named
as Django's so that makemessages (xgettext) finds them. The site passes its own ``gettext`` and
``ngettext`` where words are rendered; without them the English forms are used.
"""


def gettext_noop(message):
    return message


def ngettext_lazy(singular, plural):
    """A plural pair, kept untranslated until a count is known (``plural``). Named after Django's
    ``ngettext_lazy`` only so that makemessages (xgettext) finds both forms; it returns the pair."""
    return (singular, plural)


def english_ngettext(singular, plural, count):
    return singular if count == 1 else plural


def plural(pair, count, ngettext=None):
    """One of a ``ngettext_lazy`` pair for ``count``, translated by ``ngettext`` if given."""
    return (ngettext or english_ngettext)(pair[0], pair[1], count)
