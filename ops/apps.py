from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class OpsConfig(AppConfig):
    name = "ops"
    verbose_name = _("Operations")

    def ready(self):
        # Counters of decisions and notifications (signals and the decision hook), the Celery side of the
        # request id, task outcomes and the beat's and workers' heartbeats.
        from . import receivers, tasks  # noqa: F401
