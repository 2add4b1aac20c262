"""How the pages look in a real browser: a replay fits a phone whatever names and links it holds, the VP
chart's words never print over each other, and the table's long log is a region the keyboard reaches."""

import pytest
from django.urls import reverse

from games import services
from games.models import Game
from social.chat import services as chat
from tests.e2e.test_accessibility import axe_violations
from tests.e2e.test_phones import OVERFLOW, PHONE
from tests.games.helpers import started_game
from tests.games.history.helpers import play_through

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

LONG_NAME = "a_player_whose_username_is_much_too_long_for_a_phone"
LINK = "https://example.org/a/very/long/address/without/any/space/in/it/at/all/that/a/phone/must/break"

TEXT_BOXES = """() => {
  const svg = document.querySelector('.vp-chart svg');
  const frame = svg.getBoundingClientRect();
  const boxes = [...svg.querySelectorAll('text')].filter(t => t.textContent.trim()).map(t => {
    const b = t.getBoundingClientRect();
    return {text: t.textContent.trim(), left: b.left, right: b.right, top: b.top, bottom: b.bottom};
  });
  return {frame: {left: frame.left, right: frame.right, top: frame.top, bottom: frame.bottom}, boxes: boxes};
}"""


def _fits(page, url):
    page.goto(url)
    page.wait_for_load_state()
    measured = page.evaluate(OVERFLOW)
    assert measured["scroll"] <= PHONE, f"{url} is {measured['scroll']} px wide: {measured['wide']}"


def test_a_replay_with_a_long_name_and_a_long_link_fits_a_phone(live_server, logged_in_page, make_user):
    """A column of the replay may not grow to its longest unbreakable word: the page was 527 px wide and
    more on a phone."""
    long_name, ben = make_user(LONG_NAME), make_user("ben")
    game = started_game([long_name, ben])
    chat.post_message(game.pk, ben, LINK)
    game = play_through(game, moves=40)
    services.resign(game.pk, long_name)
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED
    page = logged_in_page(ben, width=PHONE, height=800)
    base = live_server.url
    replay = reverse("game-replay", args=[game.pk])
    for path in (replay, f"{replay}?step=1", f"{replay}?step={game.seq // 2}", reverse("games:game", args=[game.pk]),
                 reverse("history"), reverse("history-player", args=[LONG_NAME])):
        _fits(page, base + path)
    # With script, stepping through the replay swaps its parts in place: they fit too.
    page.goto(f"{base}{replay}?step=2")
    page.locator("#step-next").click()
    page.wait_for_function("() => document.querySelector('#step-label').textContent.includes('3')")
    assert page.evaluate(OVERFLOW)["scroll"] <= PHONE


def test_the_vp_chart_prints_no_word_over_another(live_server, logged_in_page, make_user):
    """Four players who all end at 0 VP: their names at the lines' ends are stacked beside the plot, not
    pushed down among the turn numbers and out of the picture."""
    people = [make_user(name) for name in ("ann", "ben", "cy", "dora")]
    game = started_game(people)
    play_through(game, moves=6)
    for user in people[1:]:
        services.resign(game.pk, user)
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED
    for width in (1280, PHONE):
        page = logged_in_page(people[0], width=width, height=900)
        page.goto(f"{live_server.url}{reverse('game-replay', args=[game.pk])}")
        drawn = page.evaluate(TEXT_BOXES)
        frame, boxes = drawn["frame"], drawn["boxes"]
        assert {"ann", "ben", "cy", "dora"} <= {box["text"] for box in boxes}
        for box in boxes:
            assert (frame["left"] - 0.5 <= box["left"] and box["right"] <= frame["right"] + 0.5
                    and frame["top"] - 0.5 <= box["top"] and box["bottom"] <= frame["bottom"] + 0.5), (box, frame)
        for i, one in enumerate(boxes):
            for other in boxes[i + 1:]:
                apart = (one["right"] <= other["left"] + 0.5 or other["right"] <= one["left"] + 0.5
                         or one["bottom"] <= other["top"] + 0.5 or other["bottom"] <= one["top"] + 0.5)
                assert apart, (width, one, other)


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_long_log_is_reached_by_the_keyboard_and_passes_axe(live_server, logged_in_page, make_user, scheme):
    """The table's log scrolls inside its box once the game is long: the box takes the focus, with its
    heading's name, so the keyboard scrolls it (axe: scrollable-region-focusable)."""
    kim, lee = make_user("kim"), make_user("lee")
    game = play_through(started_game([kim, lee]), moves=120)
    base = live_server.url
    for width in (1280, PHONE):
        page = logged_in_page(kim, width=width, height=800)
        page.emulate_media(color_scheme=scheme)
        for path in (reverse("games:game", args=[game.pk]), reverse("games:game", args=[game.pk]) + "?log=all",
                     reverse("game-replay", args=[game.pk]) + "?step=60"):
            page.goto(base + path)
            assert axe_violations(page) == [], (width, path)
        page.goto(f"{base}{reverse('games:game', args=[game.pk])}?log=all")
        log = page.locator("ul.log")
        assert log.evaluate("el => el.scrollHeight > el.clientHeight"), "the log is long enough to scroll"
        assert log.get_attribute("aria-labelledby") == "log-h"
        for _tab in range(400):
            page.keyboard.press("Tab")
            if page.evaluate("() => document.activeElement.matches('ul.log')"):
                break
        else:
            raise AssertionError("Tab never reaches the log")
        page.keyboard.press("End")
        page.wait_for_function("() => document.querySelector('ul.log').scrollTop > 0")
