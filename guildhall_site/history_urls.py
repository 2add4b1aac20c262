"""Finished games: history browser, replay viewer, verifiable record (issue 6). Included first by urls.py."""

urlpatterns = []
