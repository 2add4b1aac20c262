"""``/api/v1/blocks/``: the caller's blocks. GET lists them, POST ``{"username"}`` adds one (201, or 200
when it was there), DELETE ``/api/v1/blocks/<username>/`` lifts one (204, also when there was none)."""

from django.utils.translation import gettext_lazy as _
from drf_spectacular.utils import extend_schema
from rest_framework import status
from rest_framework.response import Response
from rest_framework.views import APIView

from games.api.views import errors

from . import selectors, services
from .serializers import BlockRequestSerializer, BlockSerializer


class BlockListView(APIView):
    @extend_schema(responses={200: BlockSerializer(many=True), **errors()}, tags=["players"],
                   description=_("The players you blocked. Nobody else sees this list."))
    def get(self, request):
        return Response(BlockSerializer(selectors.blocks_of(request.user), many=True).data)

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
    @extend_schema(request=None, responses={204: None, **errors()}, tags=["players"],
                   description=_("Lift a block."))
    def delete(self, request, username):
        services.unblock(request.user, services.player(username))
        return Response(status=status.HTTP_204_NO_CONTENT)
