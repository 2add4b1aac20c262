"""The guided first game: a real, unrated game on the fixed deal, and its coach at each step.

The learner's decisions are the greedy bot's (seeded as the server seeds its bots), sent through
``services.submit_decision`` like a click on the table; the gentle bot answers through the hooks, as on the
site. The deal is Guildhall's lesson seed (its presentation's ``lesson``), so the game goes the same way
every run."""

import json
import random

import pytest
from django.core.cache import cache
from django.test import TestCase
from django.urls import reverse

import engine
from games import cache as state_cache
from games import services
from games.exceptions import IllegalDecision
from games.history import selectors as history
from games.learn import selectors
from games.learn import services as learn
from games.management.commands.replay_games import check_game
from games.models import Game
from games.presentation import for_game
from games.ratings import selectors as ratings
from games.ratings.models import GameResult, PlayerRating

GUILDHALL = engine.get("guildhall")

LESSON = for_game("guildhall").lesson

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _fresh_cache():
    cache.clear()
    yield
    cache.clear()


def learner_state(game):
    game.refresh_from_db()
    state = state_cache.load_state(game)
    return state, GUILDHALL.view(state, 0), GUILDHALL.legal_decisions(state, 0)


def decide(game, user, decision):
    with TestCase.captureOnCommitCallbacks(execute=True):
        services.submit_decision(game.pk, user, game.seq, decision)


def start(user):
    with TestCase.captureOnCommitCallbacks(execute=True):
        game, _new = learn.start_or_resume(user)
    game.refresh_from_db()
    return game


def play_lesson(game, user, on_step=None, limit=600):
    """Play the learner's seat to the end; ``on_step(game, view, legal)`` before each decision. Returns the
    coach's steps in the order they came (each once)."""
    steps = []
    for _i in range(limit):
        game.refresh_from_db()
        if game.status != Game.Status.ACTIVE:
            break
        assert game.to_move_user_id == user.pk, "the gentle bot answers at once through the hooks"
        state, view, legal = learner_state(game)
        panel = selectors.coach_for(game, user)
        if not steps or steps[-1][0] != panel["advice"]["step"]:
            steps.append((panel["advice"]["step"], panel["advice"]["title"]))
        if on_step is not None:
            on_step(game, view, legal, panel)
        decision = GUILDHALL.bots.choose(state, 0, kind="greedy", rng=random.Random(f"{state.seed}:{state.seq}"))
        decide(game, user, decision)
    game.refresh_from_db()
    steps.append((selectors.coach_for(game, user)["advice"]["step"], None))
    return steps


def test_the_lesson_is_a_real_game_on_the_fixed_deal(make_user):
    user = make_user("newcomer")
    game = start(user)
    assert game.lesson and not game.rated
    assert (game.num_seats, game.mode, game.status) == (2, "printed", Game.Status.ACTIVE)
    assert game.seed == LESSON.seed
    seats = {s.position: s for s in game.seats.all()}
    assert seats[0].user_id == user.pk, "the learner always sits first, so the deal is the same for everyone"
    assert seats[1].is_bot and seats[1].bot_kind == LESSON.bot
    # The fixed deal: the hand of a fresh game from that seed, all six professions in it.
    fresh = GUILDHALL.view(engine.get("guildhall").new_game(2, LESSON.seed, LESSON.options), 0)["you"]["hand"]
    _state, view, _legal = learner_state(game)
    assert view["you"]["hand"] == fresh
    assert len({c["profession"] for c in fresh}) == 6
    assert game.to_move_user_id == user.pk


def test_coach_steps_through_the_whole_lesson_and_it_stays_out_of_ratings_and_statistics(make_user, client):
    user = make_user("newcomer")
    game = start(user)
    client.force_login(user)
    fragments = {}

    def on_step(game, view, legal, panel):
        step = panel["advice"]["step"]
        if step not in fragments:
            html = client.get(reverse("learn:coach", args=[game.pk])).content.decode()
            fragments[step] = html
            # The panel points at controls the table really draws for these decisions.
            table = client.get(reverse("games:table", args=[game.pk])).content.decode()
            for part in panel["advice"]["points_at"].split(", "):
                assert part.strip("[]").replace('"', '"') in table.replace("&quot;", '"'), (step, part)

    steps = play_lesson(game, user, on_step=on_step)
    order = [step for step, _title in steps]
    titles = dict(steps)
    assert order[0] == "setup_discard" and titles["setup_discard"] == "Setup: discard what you do not want"
    assert "setup_place" in order and titles["setup_place"] == "Setup: place three cards in your guildhall"
    assert titles["play"] == "Play a card for its ability"
    assert titles["chapter"] == "Complete a chapter"
    assert titles["buy"] == "Buy a VP card"
    assert "pay" in order
    # In the order a newcomer meets them.
    assert order.index("setup_discard") < order.index("setup_place") < order.index("play")
    assert order.index("play") < order.index("buy")
    assert order[-1] == "end"
    assert "Setup: discard what you do not want" in fragments["setup_discard"]
    assert 'data-coach-step="buy"' in fragments["buy"] and '[data-decision-type=&quot;buy&quot;]' in fragments["buy"]

    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED and game.seats.get(position=0).final_place == 1
    end = client.get(reverse("learn:coach", args=[game.pk])).content.decode()
    assert "You won the lesson!" in end
    # A real game in the log: replays (validated) to its stored fields.
    assert check_game(game) == []
    # Unrated, whatever happened, and nowhere in the leaderboards, the history browser or the statistics.
    result = GameResult.objects.get(game=game, user=user)
    assert (result.verdict, result.weight) == (GameResult.Verdict.UNRATED, 0.0)
    assert not PlayerRating.objects.filter(user=user).exists()
    assert user.pk not in [r.user_id for r in ratings.leaderboard(ratings.pools.Pool("guildhall", "printed"))]
    assert not history.finished_games().filter(pk=game.pk).exists()
    assert not history.finished_games(player=user).exists()
    assert history.player_stats(user)["played"] == 0


def test_even_a_lesson_row_marked_rated_gets_the_unrated_verdict(make_user):
    """The ratings' verdict looks at the lesson flag itself, not only at what the creator chose."""
    from games.ratings import services as rating_services

    user = make_user("newcomer")
    game = start(user)
    Game.objects.filter(pk=game.pk).update(rated=True)
    game.refresh_from_db()
    seats = list(game.seats.all())
    people = [s for s in seats if not s.is_bot]
    assert rating_services._verdict(game, seats, people, [], "x") == (GameResult.Verdict.UNRATED, 0.0)


def test_a_wrong_try_is_refused_by_the_service_and_explained_by_the_coach(make_user, client):
    user = make_user("newcomer")
    game = start(user)
    client.force_login(user)
    # Setup through, to the first action prompt.
    while True:
        state, view, legal = learner_state(game)
        if view["pending"]["kind"] == "action":
            break
        decide(game, user, GUILDHALL.bots.choose(state, 0, kind="greedy", rng=random.Random(state.seq)))
    row = view["center_row"]
    wrong = {"type": "buy", "card": row[0]["id"]}
    with pytest.raises(IllegalDecision):
        services.submit_decision(game.pk, user, game.seq, wrong)
    panel = selectors.coach_for(game, user, tried=wrong)
    assert panel["refusal"]["title"] == "Not allowed now"
    assert f"This VP card costs {row[0]['cost']} completed chapter" in panel["refusal"]["text"]
    assert "you have 0" in panel["refusal"]["text"]
    assert panel["refusal"]["instead"] == panel["advice"]["title"]
    # The fragment says the same, as an alert, and nothing was written.
    seq = game.seq
    html = client.get(reverse("learn:coach", args=[game.pk]), {"tried": json.dumps(wrong)}).content.decode()
    assert 'role="alert"' in html and "completed chapter" in html
    game.refresh_from_db()
    assert game.seq == seq
    # A card that is not in the hand, and something that is no decision at all.
    hand = {c["id"] for c in view["you"]["hand"]}
    stranger = next(card for card in range(120) if card not in hand)
    assert selectors.coach_for(game, user, tried={"type": "play", "card": stranger})["refusal"]["text"] == (
        "That card is not in your hand."
    )
    html = client.get(reverse("learn:coach", args=[game.pk]), {"tried": "{not json"}).content.decode()
    assert "That is not a move of this game." in html
    # A legal decision needs no explanation.
    assert selectors.coach_for(game, user, tried=legal[0])["refusal"] is None


def test_a_second_visit_resumes_the_same_lesson(make_user, client):
    user = make_user("newcomer")
    client.force_login(user)
    page = client.get(reverse("learn:learn")).content.decode()
    assert "Start the lesson" in page
    first = client.post(reverse("learn:learn"))
    game = Game.objects.get(lesson=True, seats__user=user)
    assert first["Location"] == reverse("games:game", args=[game.pk])
    again = client.post(reverse("learn:learn"))
    assert again["Location"] == first["Location"]
    assert Game.objects.filter(lesson=True, seats__user=user).count() == 1
    assert "Resume your lesson" in client.get(reverse("learn:learn")).content.decode()


def test_the_learn_page_explains_to_anyone_and_starting_needs_an_account(client):
    page = client.get(reverse("learn:learn"))
    assert page.status_code == 200 and "A guided first game" in page.content.decode()
    response = client.post(reverse("learn:learn"))
    assert response.status_code == 302 and "next=/learn/" in response["Location"]
    assert not Game.objects.filter(lesson=True).exists()


def test_the_coach_is_only_for_the_learner(make_user, client):
    user, other = make_user("newcomer"), make_user("other")
    game = start(user)
    client.force_login(other)
    assert client.get(reverse("learn:coach", args=[game.pk])).status_code == 404
    assert client.get(reverse("learn:coach", args=[999999])).status_code == 404
    # An ordinary game has no coach.
    plain = services.create_game(other, seats=2, bots=1)
    assert client.get(reverse("learn:coach", args=[plain.pk])).status_code == 404


def test_a_new_account_is_offered_the_lesson_once(make_user, rf):
    from django.template import Context, Template

    from games.learn import privacy

    user = make_user("newcomer")
    veteran = make_user("veteran")
    services.create_game(veteran, seats=2, bots=1)
    tag = Template("{% load learn_tags %}{% lesson_offer %}")

    def render(who):
        request = rf.get("/")
        request.user = who
        return tag.render(Context({"request": request}))

    first = render(user)
    assert "Play a guided first game" in first and reverse("learn:learn") in first
    assert "Play a guided first game" not in render(user)
    assert "Play a guided first game" not in render(veteran)
    exported = privacy.export(user)["lesson_offers"]
    assert [row["user_id"] for row in exported] == [user.pk]
    privacy.erase(user)
    assert privacy.export(user) == {"lesson_offers": []}
