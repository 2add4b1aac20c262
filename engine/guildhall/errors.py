"""Guildhall's refusals: the shared ``engine.IllegalDecision``, its parameters named in Guildhall's words
(a ``card`` parameter is a card id, said as "blue Farmer"; a ``profession`` a profession's name)."""

from ..errors import IllegalDecision as SharedIllegalDecision
from .messages import format_error


class IllegalDecision(SharedIllegalDecision):
    @staticmethod
    def format(template, params):
        return format_error(template, params)
