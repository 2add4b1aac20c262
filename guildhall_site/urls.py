"""The site's features, each with its own urls module."""

from allauth.account.decorators import secure_admin_login
from django.conf import settings
from django.contrib import admin
from django.urls import include, path

from games.web import views as game_views

# The admin signs in through allauth's form (its lockout and limits), not a password form of its own.
admin.site.login = secure_admin_login(admin.site.login)

urlpatterns = [
    # The API first: Django tries the patterns in order, and the API's requests (every decision of a
    # script or a bot client) would otherwise be tried against every page's pattern before their own.
    path("api/", include("games.api.urls")),
    path("", game_views.home, name="home"),
    path("", include("games.history.urls")),  # history, replay, /api/v1/games/<id>/record/
    path("", include("games.watch.urls")),  # live games to watch (before games.web's games/<id>/)
    path("", include("games.web.urls")),  # lobby, my games, the table
    path("", include("accounts.urls")),  # profiles, settings
    path("", include("social.relations.urls")),  # follow, block, mute and lifting them
    path("", include("social.conversations.urls")),  # private messages
    path("", include("social.moderation.urls")),  # reports, the staff's moderation queue
    path("", include("games.clock.urls")),  # vacations
    path("", include("social.chat.urls")),  # table chat and notes
    path("", include("games.invitations.urls")),  # invitations, invitation links, rematches
    path("", include("games.ratings.urls")),  # leaderboards
    path("", include("games.tournaments.urls")),  # tournaments: Swiss, round robin, knockout
    path("", include("games.analysis.urls")),  # a finished game's analysis by the strong bot
    path("notifications/", include("games.notifications.urls")),  # one-click unsubscribe, Web Push
    path("", include("games.learn.urls")),  # the guided first game (/learn/)
    path("", include("games.guide.urls")),  # how to play
    path("", include("games.live.urls")),  # the header's badge, fetched again by the live socket
    path("admin/", admin.site.urls),
    path("accounts/", include("allauth.urls")),
]

if settings.GUILDHALL_BENCHMARK_ENDPOINTS:
    # Beside the API, so that resolving the floor's URL costs what resolving a decision's does.
    urlpatterns.insert(0, path("api/bench/", include("benchmarks.urls")))

handler400 = "guildhall_site.views.handler400"
handler404 = "guildhall_site.views.handler404"
handler500 = "guildhall_site.views.handler500"
handler429 = "guildhall_site.views.handler429"  # read by django-allauth's rate limits
