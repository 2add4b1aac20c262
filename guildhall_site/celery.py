"""The Celery application.

Workers: ``celery -A guildhall_site worker``; beat: ``celery -A guildhall_site beat``.

Without REDIS_URL, settings make every task run in-process (CELERY_TASK_ALWAYS_EAGER).
"""

import os

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "guildhall_site.settings")

app = Celery("guildhall")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()
