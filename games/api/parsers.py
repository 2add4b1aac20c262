"""The API's JSON parser: DRF's, refusing bodies nested deeper than games.jsonsafe.MAX_DEPTH and strings
that are not Unicode text (see games.jsonsafe)."""

from django.utils.translation import gettext_lazy as _
from rest_framework import exceptions, parsers

from games import jsonsafe


class TooDeep(exceptions.ParseError):
    default_detail = _("The request body is nested too deeply.")
    default_code = "too_deep"


class NotUnicode(exceptions.ParseError):
    default_detail = _("The request body contains text that is not Unicode (a lone surrogate).")
    default_code = "not_unicode"


class JSONParser(parsers.JSONParser):
    def parse(self, stream, media_type=None, parser_context=None):
        try:
            data = super().parse(stream, media_type, parser_context)
        except RecursionError:
            raise TooDeep() from None
        try:
            return jsonsafe.check(data)
        except jsonsafe.TooDeep:
            raise TooDeep() from None
        except jsonsafe.NotUnicode:
            raise NotUnicode() from None
