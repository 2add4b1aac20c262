import pytest
from django.core.exceptions import ImproperlyConfigured

from guildhall_site.settings import bot_calibration


def test_bot_calibration_from_the_environment():
    assert bot_calibration("") == {}
    assert bot_calibration("greedy=20:2, random=5.5:1.5") == {"greedy": (20.0, 2.0), "random": (5.5, 1.5)}
    for bad in ("greedy=20", "greedy", "=20:2", "greedy=20:0", "greedy=x:2"):
        with pytest.raises(ImproperlyConfigured, match="RATINGS_BOT_CALIBRATION"):
            bot_calibration(bad)
