from django.conf import settings


def live(request):
    return {"live_ping_seconds": settings.LIVE_PING_SECONDS}
