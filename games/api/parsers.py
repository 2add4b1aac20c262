"""The API's JSON parser: DRF's, refusing bodies nested deeper than games.jsonsafe.MAX_DEPTH."""

from django.utils.translation import gettext_lazy as _
from rest_framework import exceptions, parsers

from games import jsonsafe


class TooDeep(exceptions.ParseError):
    default_detail = _("The request body is nested too deeply.")
    default_code = "too_deep"


class JSONParser(parsers.JSONParser):
    def parse(self, stream, media_type=None, parser_context=None):
        try:
            data = super().parse(stream, media_type, parser_context)
        except RecursionError:
            raise TooDeep() from None
        try:
            return jsonsafe.check_depth(data)
        except jsonsafe.TooDeep:
            raise TooDeep() from None
