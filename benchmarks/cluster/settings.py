"""Settings of the cluster run's processes: the site's own, with the periodic work on a short clock.

A killed worker's unacknowledged tasks come back after the broker's visibility timeout, and the beat's
relays (pending emails, stalled bots) cover what was lost with it; in production those wait minutes, which a
run of a minute or two could not observe.
"""

import datetime

from guildhall_site.settings import *  # noqa: F403

CELERY_BROKER_TRANSPORT_OPTIONS = {"visibility_timeout": 20}
for _entry in CELERY_BEAT_SCHEDULE.values():  # noqa: F405
    _entry["schedule"] = 5.0
NOTIFY_RELAY_AFTER = datetime.timedelta(seconds=15)
