import re

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from drf_spectacular.utils import OpenApiParameter
from rest_framework.pagination import PageNumberPagination

from games.exceptions import InvalidRequest

_WHOLE = re.compile(r"[0-9]+")


class GamePagination(PageNumberPagination):
    page_size = 20
    page_size_query_param = "page_size"
    max_page_size = 100

    def get_page_size(self, request):
        """DRF ignores a page_size it cannot read; a client that asks for one is told instead."""
        raw = request.query_params.get(self.page_size_query_param)
        if raw is None:
            return self.page_size
        digits = raw.lstrip("0")
        if not _WHOLE.fullmatch(raw) or not digits:
            raise InvalidRequest(_("page_size must be a whole number from 1 (at most 100 are listed)."),
                                 code="bad_page_size")
        return self.max_page_size if len(digits) > 3 else min(int(digits), self.max_page_size)

    def get_page_number(self, request, paginator):
        """DRF reads an empty or unreadable page as the first one; a client that asks for one is told."""
        raw = request.query_params.get(self.page_query_param)
        if raw is None:
            return 1
        if not _WHOLE.fullmatch(raw) or not raw.lstrip("0"):
            raise InvalidRequest(_("page must be a whole number from 1."), code="bad_page")
        return raw  # beyond the last page: 404, from DRF


def page_parameters(per_page_help):
    """The page and page_size query parameters of a paginated list (GamePagination refuses a page
    below 1), documented as the game list documents them."""
    return [
        OpenApiParameter("page", {"type": "integer", "minimum": 1}, description=gettext_lazy("From 1.")),
        OpenApiParameter("page_size", {"type": "integer", "minimum": 1}, description=per_page_help),
    ]
