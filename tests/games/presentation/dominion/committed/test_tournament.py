"""A tournament of Dominion: its tables are Dominion games with the tournament's kingdom, played through the
games' services; a game's end reaches the tournament through the decision hook after the real commit, and
the next round follows."""

import random

import pytest
from django.urls import reverse

from games import cache as state_cache
from games import services as game_services
from games.models import Game
from games.tournaments import services
from games.tournaments.check import standings_consistent
from games.tournaments.models import Table
from games.tournaments.results import current_standings

from .. import scenarios

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


def play_to_the_end(game, rng):
    while True:
        game.refresh_from_db()
        if game.status != Game.Status.ACTIVE:
            return game
        seat = game.seats.get(position=game.to_move_position)
        decision = scenarios.G.bots.choose(state_cache.load_state(game), seat.position, "bigmoney", rng)
        game_services.submit_decision(game.pk, seat.user, game.seq, decision)


def test_a_swiss_tournament_of_dominion(make_user, client):
    people = [make_user(f"p{i}") for i in range(4)]
    tournament = services.create_tournament(people[0], name="Guilds cup", game="dominion",
                                            options={"kingdom": scenarios.KINGDOM}, table_size=2, rounds=2)
    for user in people:
        services.join(tournament.pk, user)
    services.start(tournament.pk, people[0])
    rng = random.Random(8)
    for number in (1, 2):
        tables = Table.objects.filter(round__tournament=tournament, round__number=number).select_related("game")
        games = [t.game for t in tables]
        assert len(games) == 2
        assert all(g.game == "dominion" and g.options["kingdom"] == scenarios.KINGDOM for g in games)
        play_to_the_end(games[0], rng)
        loser = games[1].seats.exclude(user=None).order_by("position").last()
        game_services.resign(games[1].pk, loser.user)
    tournament.refresh_from_db()
    assert tournament.status == "finished"
    assert standings_consistent(tournament)
    rows = current_standings(tournament)
    assert sum(r.points for r in rows) == pytest.approx(4.0)
    client.force_login(people[1])
    page = client.get(reverse("tournaments:detail", args=[tournament.pk])).content.decode()
    assert "Dominion" in page and "Guilds cup" in page
