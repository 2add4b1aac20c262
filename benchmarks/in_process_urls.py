"""The site's URLs plus the floor endpoint, for commands that call both in process (``decision_cost``),
whatever ``BENCHMARK_ENDPOINTS`` was when the site's URLs were loaded."""

from django.urls import include, path

from guildhall_site.urls import urlpatterns as site_urlpatterns

# Beside the API, as the site's URLs place it when BENCHMARK_ENDPOINTS is set.
urlpatterns = [
    path("api/bench/", include("benchmarks.urls")),
    *(p for p in site_urlpatterns if str(p.pattern) != "api/bench/"),
]
handler400 = "guildhall_site.views.handler400"
handler404 = "guildhall_site.views.handler404"
handler500 = "guildhall_site.views.handler500"
