"""``/api/v1/me/``: the caller's account. ``DELETE`` with ``{"password"}`` deletes it (204; accounts.services says
what goes and what stays); ``GET /api/v1/me/export/`` returns everything stored about the caller, one JSON
document (the same as the settings page's download). Beside the API's other endpoints of the account (the
token's), on the accounts' services: accounts itself imports nothing of the API."""

from django.utils.translation import gettext_lazy as _
from drf_spectacular.openapi import AutoSchema
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.response import Response
from rest_framework.views import APIView

from accounts import services

from .serializers import ErrorSerializer, StrictCharField
from .views import errors


class DeleteAccountSerializer(serializers.Serializer):
    password = StrictCharField(max_length=4096, style={"input_type": "password"}, help_text=_("Your password."))


class DeleteWithBodySchema(AutoSchema):
    """drf-spectacular documents no request body for DELETE (OpenAPI 3.0 leaves its meaning open); this one
    has a body, the password, and its schema says so."""

    def get_operation(self, path, path_regex, path_prefix, method, registry):
        operation = super().get_operation(path, path_regex, path_prefix, method, registry)
        if operation is not None and method == "DELETE":
            component = self.resolve_serializer(DeleteAccountSerializer, "request")
            operation["requestBody"] = {"content": {"application/json": {"schema": component.ref}}, "required": True}
        return operation


class MeView(APIView):
    schema = DeleteWithBodySchema()

    @extend_schema(
        request=DeleteAccountSerializer,
        responses={204: None, **errors(e403=ErrorSerializer, e409=ErrorSerializer)},
        tags=["players"],
        description=_(
            "Delete your account, with your password. Your games in progress are resigned and your tournaments "
            "withdrawn from; your email addresses, profile, notes, tokens, subscriptions, follows and blocks are "
            "erased; the lines you wrote read \"deleted\"; your finished games, ratings and results stay under the "
            "name \"deleted player N\". 400 wrong_password: nothing was deleted. 403 staff_account: staff "
            "accounts are closed by another administrator."
        ),
    )
    def delete(self, request):
        body = DeleteAccountSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        services.delete_account(request.user, body.validated_data["password"])
        return Response(status=status.HTTP_204_NO_CONTENT)


class ExportView(APIView):
    @extend_schema(
        responses={200: OpenApiTypes.OBJECT, **errors()},
        tags=["players"],
        description=_(
            "Everything stored about you, as one JSON document: {format, exported_at, user_id, apps: {app: "
            "{...}}}. Games in progress are as the API shows them to you (your own view, no seed); API tokens by "
            "name and dates only."
        ),
    )
    def get(self, request):
        return Response(services.export(request.user))
