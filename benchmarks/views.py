"""The floor the benchmark compares decisions against: same stack (gunicorn, DRF token auth,
throttle, PostgreSQL), minimal work (insert one row)."""

from rest_framework import status
from rest_framework.response import Response
from rest_framework.views import APIView

from .models import FloorRow


class FloorView(APIView):
    def post(self, request):
        payload = request.data if isinstance(request.data, dict) else {}
        row = FloorRow.objects.create(user=request.user, payload=payload)
        return Response({"id": row.pk}, status=status.HTTP_201_CREATED)
