"""Notification links (unsubscribe, preferences) (issue 5). Included by urls.py at notifications/."""

urlpatterns = []
