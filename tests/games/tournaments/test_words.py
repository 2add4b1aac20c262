"""What the tournament pages say to a new player: no ranks before any game has ended, no "round 0 of 2",
a time limit in the words the table uses, bots named as their game names them, a date as every page writes
it, and counted words with plural forms that German and Spanish can translate."""

import ast
import datetime
import re
from pathlib import Path

import pytest
from django.conf import settings
from django.urls import reverse
from django.utils import timezone, translation
from django.utils.translation.template import templatize

from games import services as game_services
from games.notifications.models import Notification
from games.tournaments import emails, selectors, services
from games.tournaments.forms import CreateTournamentForm
from games.tournaments.models import Table
from guildhall_site import dates

pytestmark = pytest.mark.django_db

ROOT = Path(settings.BASE_DIR)


@pytest.fixture(autouse=True)
def english():
    # Words are compared in English, whatever language an earlier test of this process left active.
    with translation.override("en"):
        yield


def _running(players, count=4, **settings):
    people = players(count)
    settings.setdefault("table_size", 2)
    tournament = services.create_tournament(people[0], name="Autumn open", format="swiss", rounds=2, **settings)
    for user in people:
        services.join(tournament.pk, user)
    services.start(tournament.pk, people[0])
    tournament.refresh_from_db()
    return tournament, people


def _page(client, tournament):
    return client.get(reverse("tournaments:detail", args=[tournament.pk])).content.decode()


def _rows(html):
    """The standings' rows as the page lists them: [(cells...)] without tags."""
    table = html[html.index('id="standings"'):html.index("</table>", html.index('id="standings"'))]
    body = table[table.index("<tbody>"):]
    return [[re.sub(r"<[^>]+>", "", cell).strip() for cell in re.findall(r"<td[^>]*>(.*?)</td>", row, re.S)]
            for row in re.findall(r"<tr[^>]*>(.*?)</tr>", body, re.S)]


def test_before_any_game_has_ended_the_standings_rank_nobody(client, players):
    tournament, people = _running(players)
    html = _page(client, tournament)
    assert "No game has ended yet, so nobody has a rank: the players are listed in seeding order." in html
    assert ">Rank</th>" not in html and "Buchholz" not in html
    seeded = sorted(tournament.entrants.select_related("user"), key=lambda e: e.seed)
    assert [row[0] for row in _rows(html)] == [e.name for e in seeded]

    # Once a game has ended, the ranks and the tie-breaks come.
    table = Table.objects.filter(round__tournament=tournament).select_related("game").first()
    loser = table.game.seats.order_by("position").last().user
    game_services.resign(table.game.pk, loser)
    services.table_finished(table.game.pk)
    html = _page(client, tournament)
    assert ">Rank</th>" in html and "Buchholz" in html and "nobody has a rank" not in html
    winner = table.game.seats.order_by("position").first().user
    assert _rows(html)[0][:4] == ["1", winner.username, "1", "1"]


def test_an_open_tournament_says_which_round_comes_first_not_round_0(client, players):
    director = players(1)[0]
    planned = services.create_tournament(director, name="Planned", table_size=2, rounds=2)
    html = _page(client, planned)
    assert "round 0" not in html and "not started yet: round 1 of 2 comes first" in html
    chosen_later = services.create_tournament(director, name="Later", table_size=2, rounds=None)
    assert "not started yet: the number of rounds is set at the start" in _page(client, chosen_later)
    listing = client.get(reverse("tournaments:list")).content.decode()
    assert "round 0" not in listing


def test_a_time_limit_is_said_as_the_table_says_it(client, players):
    tournament, people = _running(players, per_move=datetime.timedelta(hours=72))
    html = _page(client, tournament)
    assert "Time per move: 3 days." in html and "72 hours" not in html
    game = Table.objects.filter(round__tournament=tournament).first().game
    client.force_login(people[0])
    assert "Time per move: 3 days." in client.get(reverse("games:game", args=[game.pk])).content.decode()
    offered = dict(CreateTournamentForm(game="guildhall").fields["time_per_move"].choices)
    assert offered["72"] == "3 days" and offered["12"] == "12 hours" and offered["24"] == "1 day"


def test_bots_are_named_as_their_game_names_them(client, players, django_assert_max_num_queries):
    tournament, people = _running(players, count=3, table_size=4, fill_with_bots=True, bot_kind="greedy")
    table = Table.objects.select_related("game").get(round__tournament=tournament)
    bot_seat = table.game.seats.get(kind="bot")
    at_the_table = bot_seat.display_name  # the game's own page: "Greedy bot 3"
    assert at_the_table == f"Greedy bot {bot_seat.position + 1}"

    html = _page(client, tournament)
    assert "Greedy bot" in html and "(greedy)" not in html and not re.search(r"Bot \d", html)
    round_page = client.get(reverse("tournaments:round", args=[tournament.pk, 1])).content.decode()
    assert at_the_table in round_page and "(greedy)" not in round_page
    detail = client.get(f"/api/v1/tournaments/{tournament.pk}/").json()
    assert at_the_table in detail["rounds_played"][0]["tables"][0]["players"]
    assert "Greedy bot" in detail["entrants"]
    seated = people[0]
    n = Notification(game=table.game, user=seated, kind=emails.ROUND,
                     data={"tournament": tournament.pk, "round": 1, "table": table.number})
    _subject, context = emails.build_round(n, seated, None, None)
    assert at_the_table in context["intro"][1]


def test_the_start_time_is_written_as_every_page_writes_a_date(client, players):
    director = players(1)[0]
    starts_at = timezone.now().replace(microsecond=0) + datetime.timedelta(days=2)
    tournament = services.create_tournament(director, name="Scheduled", table_size=2, starts_at=starts_at)
    html = _page(client, tournament)
    assert f'<time datetime="{dates.machine(starts_at)}">{dates.words(starts_at)}</time>' in html


def test_byes_say_their_points_with_a_plural_form(client, players):
    tournament, _people = _running(players, count=3)
    page = client.get(reverse("tournaments:round", args=[tournament.pk, 1])).content.decode()
    assert "(0.5 points)" in page, page[page.find("<main"):]
    assert selectors.points_words(1.0) == "1 point" and selectors.points_words(0) == "0 points"
    with translation.override("de"):
        assert selectors.points_words(0.5).startswith("0,5 ")


# A number followed by a word that counts it: its form depends on the number in every language of the site.
COUNTED = re.compile(r"%\(\w+\)[sd] (byes?|points?|hours?|days?|seconds?|minutes?|rounds?|games?|players?"
                     r"|tables?)\b")


QUOTED = r"u?'((?:[^'\\]|\\.)*)'"
TEMPLATE_CALL = re.compile(rf"\b(gettext|ngettext)\({QUOTED}(?:, {QUOTED})?")


def _template_messages(path):
    """(msgid, msgid_plural or None) of every translatable text of a template, as makemessages reads it
    (``templatize`` turns a template into gettext and ngettext calls among placeholder letters)."""
    source = templatize(path.read_text(), origin=str(path))
    return [(match[2], match[3] if match[1] == "ngettext" else None) for match in TEMPLATE_CALL.finditer(source)]


def _python_messages(path):
    found = []
    for call in ast.walk(ast.parse(path.read_text())):
        if isinstance(call, ast.Call) and isinstance(call.func, ast.Name):
            strings = [a.value for a in call.args if isinstance(a, ast.Constant) and isinstance(a.value, str)]
            if call.func.id in ("_", "gettext", "gettext_lazy") and strings:
                found.append((strings[0], None))
            elif call.func.id in ("ngettext", "ngettext_lazy") and len(strings) >= 2:
                found.append((strings[0], strings[1]))
    return found


def test_counted_words_have_a_plural_form_and_a_plural_has_two():
    """A counted word takes ngettext or {% blocktranslate count %} (German and Spanish could not say
    "1 second" through a single msgid), and a plural whose two forms are one text is no plural ("tables of
    4" counted nothing)."""
    messages = []
    for path in sorted((ROOT / "templates" / "tournaments").glob("*.html")):
        messages += [(path.name, *m) for m in _template_messages(path)]
    for path in sorted((ROOT / "games" / "tournaments").rglob("*.py")):
        if "migrations" not in path.parts:
            messages += [(path.name, *m) for m in _python_messages(path)]
    assert len(messages) > 100  # the extraction found the tournaments' texts
    counted_alone = [(where, msgid) for where, msgid, plural in messages if plural is None and COUNTED.search(msgid)]
    assert counted_alone == []
    fake_plurals = [(where, msgid) for where, msgid, plural in messages if plural is not None and plural == msgid]
    assert fake_plurals == []
