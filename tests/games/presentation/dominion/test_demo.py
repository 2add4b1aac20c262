"""`make run`'s demo (manage.py demo_setup) has a Dominion game in progress too: alice and bob against
Dominion's own bot, a few decisions in, its page printed; running it again makes nothing more."""

import pytest
from django.core.management import call_command

from games.models import Game

pytestmark = pytest.mark.django_db


def test_the_demo_has_a_dominion_game_in_progress_and_prints_its_page(capsys):
    call_command("demo_setup")
    first = capsys.readouterr().out
    demo = Game.objects.get(game="dominion")
    assert demo.status == Game.Status.ACTIVE and demo.seq > 0
    people = set(demo.seats.exclude(user=None).values_list("user__username", flat=True))
    assert people == {"alice", "bob"}
    assert list(demo.seats.filter(kind="bot").values_list("bot_kind", flat=True)) == ["bigmoney"]
    assert f"http://127.0.0.1:8000/games/{demo.pk}/  a game of Dominion in progress" in first
    call_command("demo_setup")
    again = capsys.readouterr().out
    assert Game.objects.filter(game="dominion").count() == 1
    assert f"/games/{demo.pk}/  a game of Dominion in progress" in again
    call_command("replay_games")  # its cached states agree with its log
