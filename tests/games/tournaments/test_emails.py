"""What the tournament emails say (the builders the outbox calls): public tournament facts only."""

import pytest
from django.utils import translation

from games.notifications.models import Notification
from games.tournaments import emails, services
from games.tournaments.models import Table

pytestmark = pytest.mark.django_db


def test_round_bye_and_final_emails_say_what_happened(players):
    # The outbox calls a builder in the recipient's language; called directly here, in English (whatever
    # language an earlier test of this process left active).
    translation.activate("en")
    people = players(3)
    tournament = services.create_tournament(people[0], name="Winter cup", table_size=2, rounds=1)
    for user in people:
        services.join(tournament.pk, user)
    services.start(tournament.pk, people[0])
    table = Table.objects.get(round__tournament=tournament)
    seated = table.seats.select_related("entrant__user").first().entrant.user
    n = Notification(game=table.game, user=seated, kind=emails.ROUND,
                     data={"tournament": tournament.pk, "round": 1, "table": table.number})
    subject, context = emails.build_round(n, seated, None, None)
    assert "round 1 of Winter cup" in subject
    assert f"game {table.game_id}" in context["intro"][1] and seated.username not in context["intro"][1]
    assert table.game.seed not in str(context)
    bye = tournament.round_set.get().byes.get()
    n = Notification(user=bye.entrant.user, kind=emails.BYE, data={"tournament": tournament.pk, "round": 1,
                                                                   "kind": "bye"})
    subject, context = emails.build_bye(n, bye.entrant.user, None, None)
    assert "You have a bye in round 1" in context["intro"][0]
    n = Notification(user=seated, kind=emails.FINAL, data={"tournament": tournament.pk})
    subject, context = emails.build_final(n, seated, None, None)
    assert subject == "Guildhall: final standings of Winter cup" and len(context["list_lines"]) == 3
