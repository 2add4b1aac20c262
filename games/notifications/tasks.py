"""Celery tasks of the notifications app."""
