from django.urls import include, path
from drf_spectacular.views import SpectacularAPIView
from rest_framework.routers import SimpleRouter

from . import account, docs, views

router = SimpleRouter()
router.register("games", views.GameViewSet, basename="game")

urlpatterns = [
    path("v1/auth/token/", views.TokenView.as_view(), name="api-token"),
    path("v1/me/", account.MeView.as_view(), name="api-me"),
    path("v1/me/export/", account.ExportView.as_view(), name="api-me-export"),
    path("v1/", include(router.urls)),
    path("schema/", SpectacularAPIView.as_view(), name="api-schema"),
    path("docs/", docs.api_docs, name="api-docs"),
]
