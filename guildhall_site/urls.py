from django.conf import settings
from django.contrib import admin
from django.urls import include, path

from . import views

urlpatterns = [
    path("", include("guildhall_site.history_urls")),  # history, replay, /api/v1/games/<id>/record/
    path("", include("guildhall_site.pages_urls")),  # the pages may take over "/" (issue 4)
    path("notifications/", include("guildhall_site.notification_urls")),
    path("", include("games.guide.urls")),  # how to play
    path("", views.home, name="home"),
    path("admin/", admin.site.urls),
    path("accounts/", include("allauth.urls")),
    path("api/", include("games.api.urls")),
]

if settings.GUILDHALL_BENCHMARK_ENDPOINTS:
    urlpatterns.append(path("api/bench/", include("benchmarks.urls")))

handler404 = "guildhall_site.views.handler404"
handler500 = "guildhall_site.views.handler500"
