"""Refusals: ``IllegalDecision`` (engine/errors.py, shared by every game) with this game's words.

``rule`` names the refusal of the rules statement (ILL-…, §14); ``template`` is a msgid of
engine/dominion/text.py and ``params`` fill it (a ``card`` is a card name, named in the reader's language
by ``text.translate_error``).
"""

from ..errors import IllegalDecision
from .text import ERRORS, format_error


class DominionRefusal(IllegalDecision):
    @staticmethod
    def format(template, params):
        return format_error(template, params)


def refuse(rule, key, code="illegal", **params):
    """The refusal to raise: ``rule`` (an ILL id or None), the error ``key`` of text.ERRORS."""
    exc = DominionRefusal(ERRORS[key], code, rule=rule, **params)
    if getattr(exc, "rule", None) != rule:  # an IllegalDecision without ``rule`` yet
        exc.rule = rule
    return exc
