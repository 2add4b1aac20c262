"""``/api/v1/messages/``: GET the caller's conversations (newest first, paginated), POST ``{to, text}``
sends a message (201). ``/api/v1/messages/<id>/``: GET one conversation's messages (newest 200, older
with ``?before=<id>``; reading does not mark them read), ``POST /api/v1/messages/<id>/read/`` marks them
read (``{upto}`` optional). Errors are the API's JSON ``{error, detail}``."""

from django.utils.translation import gettext_lazy as _
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import status
from rest_framework.response import Response
from rest_framework.views import APIView

from games.api.errors import error_response
from games.api.pagination import GamePagination, page_parameters
from games.api.views import errors
from games.exceptions import InvalidRequest
from social.throttling import Throttled

from . import selectors, services
from .serializers import (
    ConversationSerializer,
    ConversationSummarySerializer,
    MessageSerializer,
    ReadSerializer,
    SendSerializer,
)

TAGS = ["messages"]
BEFORE_MAX = 2**63 - 1  # the largest id the database stores


def _conversation_body(conversation, user, before=None):
    shown, older = selectors.messages_of(conversation, user, before=before)
    read_upto = selectors.last_read_id(conversation, user)
    other = selectors.other_participant(conversation, user)
    return {
        "id": conversation.pk,
        "with_player": other.username if other else "",
        "unread": sum(1 for m in shown if m.sender_id != user.pk and m.pk > read_upto),
        "older": older,
        "messages": MessageSerializer(shown, many=True).data,
    }


class MessageListView(APIView):
    pagination_class = GamePagination  # drf-spectacular documents the list as paginated, as it is

    @extend_schema(
        responses={200: ConversationSummarySerializer(many=True), **errors()},
        parameters=page_parameters(_("Conversations per page (default 20; more than 100 lists 100).")),
        tags=TAGS,
        description=_("Your conversations, the one with the newest message first, with unread counts."),
    )
    def get(self, request):
        paginator = self.pagination_class()
        page = paginator.paginate_queryset(selectors.conversation_rows(request.user), request, view=self)
        rows = selectors.describe(page, request.user)
        return paginator.get_paginated_response(ConversationSummarySerializer(rows, many=True).data)

    @extend_schema(
        request=SendSerializer,
        responses={201: MessageSerializer, **errors()},
        tags=TAGS,
        description=_("Send a private message. Plain text; limited in length and in rate per sender."),
    )
    def post(self, request):
        body = SendSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        other = services.recipient(body.validated_data["to"])
        try:
            message = services.send(request.user, other, body.validated_data["text"])
        except Throttled as exc:
            return exc.retry_after(error_response(exc.code, exc.detail, exc.status))
        return Response(MessageSerializer(message).data, status=status.HTTP_201_CREATED)


class ConversationView(APIView):
    @extend_schema(
        responses={200: ConversationSerializer, **errors()},
        parameters=[
            OpenApiParameter(
                "before", {"type": "integer", "minimum": 1, "maximum": BEFORE_MAX},
                description=_("Only messages older than this id."),
            )
        ],
        tags=TAGS,
        description=_("One conversation's messages, oldest first (the newest 200)."),
    )
    def get(self, request, id):
        conversation = services.own_conversation(id, request.user)
        before = request.query_params.get("before")
        if before is not None:
            if not before.isdigit() or not 1 <= int(before) <= BEFORE_MAX:
                raise InvalidRequest(_("before must be a message id."), code="before")
            before = int(before)
        return Response(_conversation_body(conversation, request.user, before))


class ReadView(APIView):
    @extend_schema(
        request=ReadSerializer,
        responses={200: ConversationSerializer, **errors()},
        tags=TAGS,
        description=_("Mark the conversation read (up to a message, or all of it)."),
    )
    def post(self, request, id):
        body = ReadSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        conversation = services.mark_read(id, request.user, upto=body.validated_data.get("upto"))
        return Response(_conversation_body(conversation, request.user))
