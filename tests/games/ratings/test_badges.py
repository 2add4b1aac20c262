"""The rating next to a name: one number, μ − 3σ, with its meaning in its title; provisional said in words
(title and screen readers), never "(3.4?)"."""

import re

import pytest
from django.template import Context, Template
from django.test import RequestFactory
from django.utils import timezone

from games.ratings.models import PlayerRating
from games.ratings.selectors import Badge

pytestmark = pytest.mark.django_db

TAG = Template("{% load ratings %}{% rating_badge badges 7 'ann' %}")


def render_badge(badge):
    return TAG.render(Context({"badges": {(7, "ann"): badge}}))


def visible_text(html):
    """What a sighted reader sees: the markup without the screen-reader-only spans."""
    html = re.sub(r'<span class="visually-hidden">.*?</span>', "", html)
    return re.sub(r"<[^>]+>", "", html)


def test_an_established_rating_is_one_number_explained_in_its_title():
    html = render_badge(Badge(ordinal=18.44, mu=24.5, sigma=2.02, rated_games=31))
    assert visible_text(html) == "18.4"
    [title] = re.findall(r'<abbr title="([^"]*)">18.4</abbr>', html)
    assert title == "Estimated skill (μ − 3σ) 18.4: μ 24.5, σ 2.0, after 31 rated games"
    assert 'class="rating"' in html


def test_a_provisional_rating_says_so_in_words_not_with_a_question_mark():
    html = render_badge(Badge(ordinal=3.4, mu=17.2, sigma=4.6, rated_games=3, provisional=True))
    assert visible_text(html) == "3.4"
    assert "?" not in html and "(" not in visible_text(html)
    assert "provisional, 3 of 10 rated games" in html
    assert '<span class="visually-hidden">, provisional</span>' in html
    assert 'class="rating provisional"' in html


def test_a_calibrated_bot_shows_its_fixed_rating():
    html = render_badge(Badge(ordinal=14.0, mu=20.0, sigma=2.0, rated_games=None, bot=True))
    assert visible_text(html) == "14.0"
    assert "this bot&#x27;s fixed calibration rating, μ 20.0, σ 2.0" in html


def test_no_rating_renders_nothing_and_titles_are_escaped(make_user):
    assert TAG.render(Context({"badges": {}})) == ""
    user = make_user("ann")
    PlayerRating.objects.create(
        user=user, mode="yucata", mu=30.0, sigma=3.0, ordinal=21.0, rated_games=12, last_rated_at=timezone.now()
    )
    request = RequestFactory().get("/")
    html = Template("{% load ratings %}{% player_rating ann %}").render(Context({"ann": user, "request": request}))
    assert visible_text(html) == "21.0"
    title = "Guildhall (Yucata rules): Estimated skill (μ − 3σ) 21.0: μ 30.0, σ 3.0, after 12 rated games"
    assert f'title="{title}"' in html
