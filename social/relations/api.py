"""``/api/v1/blocks/``: the caller's blocks. GET lists them (paginated, by name), POST ``{"username"}``
adds one (201, or 200 when it was there), DELETE ``/api/v1/blocks/<username>/`` lifts one (204, also when
there was none)."""

from django.utils.translation import gettext_lazy as _
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import status
from rest_framework.response import Response
from rest_framework.views import APIView

from games.api.pagination import GamePagination, page_parameters
from games.api.views import errors

from . import selectors, services
from .serializers import BlockRequestSerializer, BlockSerializer

USERNAME = OpenApiParameter(
    "username", {"type": "string", "pattern": r"^[\w.@+-]{1,150}$"}, OpenApiParameter.PATH,
    description=_("The blocked player's username."),
)


class BlockListView(APIView):
    pagination_class = GamePagination  # drf-spectacular documents the list as paginated, as it is

    @extend_schema(responses={200: BlockSerializer(many=True), **errors()}, tags=["players"],
                   parameters=page_parameters(_("Players per page (default 20; more than 100 lists 100).")),
                   description=_("The players you blocked, by name. Nobody else sees this list."))
    def get(self, request):
        paginator = self.pagination_class()
        page = paginator.paginate_queryset(selectors.blocks_query(request.user), request, view=self)
        return paginator.get_paginated_response(BlockSerializer(page, many=True).data)

    @extend_schema(request=BlockRequestSerializer, responses={200: BlockSerializer, 201: BlockSerializer, **errors()},
                   tags=["players"],
                   description=_("Block a player: they can no longer invite, follow, message or chat with you. "
                                 "They are not told."))
    def post(self, request):
        body = BlockRequestSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        found, created = services.block(request.user, services.player(body.validated_data["username"]))
        return Response(BlockSerializer(found).data, status=status.HTTP_201_CREATED if created else status.HTTP_200_OK)


class BlockDetailView(APIView):
    @extend_schema(request=None, responses={204: None, **errors()}, tags=["players"], parameters=[USERNAME],
                   description=_("Lift a block."))
    def delete(self, request, username):
        services.unblock(request.user, services.player(username, include_inactive=True))
        return Response(status=status.HTTP_204_NO_CONTENT)
