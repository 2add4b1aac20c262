"""The site's URLs plus a page and an API route that fail, for the 500 handler's tests."""

from django.urls import path

from guildhall_site.urls import handler400, handler404, handler429, handler500, urlpatterns  # noqa: F401


def fail(request):
    raise RuntimeError("a bug")


urlpatterns = [path("boom/", fail), path("api/v1/boom/", fail), *urlpatterns]
