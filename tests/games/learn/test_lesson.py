"""The guided first game: a real, unrated game on the fixed deal, and its coach at each step.

The learner's decisions are the greedy bot's (seeded as the server seeds its bots), sent through
``services.submit_decision`` like a click on the table; the gentle bot answers through the hooks, as on the
site. The deal is Guildhall's lesson seed (its presentation's ``lesson``), so the game goes the same way
every run."""

import json
import random
import re

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
from games.presentation.guildhall import cards as CARDS
from games.ratings import selectors as ratings
from games.ratings.models import GameResult, PlayerRating

GUILDHALL = engine.get("guildhall")

LESSON = for_game("guildhall").lesson

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _fresh_cache():
    # Every lesson has the same seed, and a rolled-back test's game id comes again: the process's own
    # snapshots of one test's lesson must not be read as the next one's.
    cache.clear()
    state_cache.clear_local()
    yield
    cache.clear()
    state_cache.clear_local()


BUTTON = re.compile(r"<button\b[^>]*>")
ATTRIBUTE = re.compile(r'\[([\w-]+)="([^"]*)"\]')


def pointed_buttons(html, part):
    """The buttons of ``html`` that one part of the coach's selector (``[a="x"][b="y"]``) matches, in the
    page's order, each as its decision (the button's value)."""
    wanted = ATTRIBUTE.findall(part)
    found = []
    for tag in BUTTON.findall(html):
        attrs = dict(re.findall(r'([\w-]+)="([^"]*)"', tag))
        if wanted and all(attrs.get(name) == value for name, value in wanted):
            found.append(json.loads(attrs["value"].replace("&quot;", '"')))
    return found


def shown_first(html, points_at):
    """The decision "Show me where" focuses (learn/coach.js): the first button of the first part of the
    coach's selector that matches any, the parts taken in the coach's order."""
    for part in points_at.split(", "):
        found = pointed_buttons(html, part)
        if found:
            return found[0]
    return None


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
                assert pointed_buttons(table, part), (step, part)

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


def test_the_offer_stays_until_taken_or_put_away_and_the_lesson_stays_reachable(make_user, rf, client):
    """The offer on the home page shows on every visit of a newcomer (not once and then never), until
    they start the lesson or say "Not now"; after that the lesson is still a link away."""
    from django.template import Context, Template

    from games.learn import privacy

    user = make_user("newcomer")
    veteran = make_user("veteran")
    finished = services.create_game(veteran, seats=2, bots=1)
    Game.objects.filter(pk=finished.pk).update(status=Game.Status.FINISHED)
    tag = Template("{% load learn_tags %}{% lesson_offer %}")

    def render(who):
        request = rf.get("/")
        request.user = who
        return tag.render(Context({"request": request}))

    first = render(user)
    assert "Play a guided first game" in first and reverse("learn:learn") in first
    assert "Play a guided first game" in render(user), "a second visit shows it again"
    assert "Play a guided first game" not in render(veteran), "not to someone who has finished a game"

    client.force_login(user)
    home = client.get(reverse("home")).content.decode()
    assert "Play a guided first game" in home and reverse("learn:dismiss") in home
    response = client.post(reverse("learn:dismiss"), {"next": reverse("home")}, follow=True)
    page = response.content.decode()
    assert response.redirect_chain[-1][0] == reverse("home")
    assert "Play a guided first game" not in page
    assert "The guided game stays under How to play whenever you want it." in page
    assert "Play a guided first game" not in render(user), "put away for good"
    # Still a link away: from the home page and from How to play, and the page starts it.
    assert f'href="{reverse("learn:learn")}"' in page
    guide = client.get(reverse("guide:how-to-play")).content.decode()
    assert f'href="{reverse("learn:learn")}' in guide
    assert "Start the lesson" in client.get(reverse("learn:learn")).content.decode()
    # A "Not now" from elsewhere goes home, never to another site.
    assert client.post(reverse("learn:dismiss"), {"next": "https://evil.example/"})["Location"] == reverse("home")

    exported = privacy.export(user)["lesson_offers"]
    assert [row["user_id"] for row in exported] == [user.pk] and exported[0]["dismissed_at"] is not None
    privacy.erase(user)
    assert privacy.export(user) == {"lesson_offers": []}


def test_once_started_the_home_page_offers_to_resume_the_lesson_not_to_start_one(make_user, client):
    user = make_user("newcomer")
    game = start(user)
    client.force_login(user)
    home = client.get(reverse("home")).content.decode()
    assert "Play a guided first game" not in home
    assert 'id="my-lesson"' in home and reverse("games:game", args=[game.pk]) in home


def test_a_lesson_has_no_time_limit_and_is_no_game_waiting_for_the_learner(make_user, client):
    from games.clock.models import TimeControl
    from games.notifications.models import Notification
    from games.notifications.recipients import waiting_games

    user = make_user("newcomer")
    game = start(user)
    game.refresh_from_db()
    assert game.to_move_user_id == user.pk
    clock = TimeControl.objects.get(game=game)
    assert (game.deadline, clock.per_move, clock.deadline, clock.next_check_at) == (None, None, None, None)
    # A few decisions on: still no clock, and nobody is emailed about a lesson.
    for _i in range(6):
        state, _view, _legal = learner_state(game)
        decide(game, user, GUILDHALL.bots.choose(state, 0, kind="greedy", rng=random.Random(state.seq)))
    game.refresh_from_db()
    clock.refresh_from_db()
    assert game.to_move_user_id == user.pk and game.deadline is None and clock.next_check_at is None
    assert not Notification.objects.filter(game=game).exists()
    assert waiting_games(user.pk) == []

    client.force_login(user)
    home = client.get(reverse("home")).content.decode()
    assert 'id="games-waiting"' not in home, "the header counts no lesson"
    assert 'id="next-game"' not in home
    waiting = home.split('id="waiting-for-me"')[1].split("</section>")[0]
    assert "No game is waiting for you." in waiting
    assert reverse("games:next") != client.get(reverse("games:next"))["Location"]
    assert client.get(reverse("games:next"))["Location"] == reverse("games:mine")
    table = client.get(reverse("games:game", args=[game.pk])).content.decode()
    assert "Deadline for this move" not in table and "Time per move" not in table


def test_lessons_started_before_lose_the_clock_they_were_given(make_user):
    """The migration stops the clocks that lessons in progress got from the site's default."""
    import datetime
    import importlib

    from django.apps import apps
    from django.utils import timezone

    from games.clock.models import TimeControl

    user = make_user("newcomer")
    game = start(user)
    soon = timezone.now() + datetime.timedelta(days=3)
    TimeControl.objects.filter(game=game).update(per_move=datetime.timedelta(days=3), deadline=soon,
                                                 next_check_at=soon)
    Game.objects.filter(pk=game.pk).update(deadline=soon)
    plain = services.create_game(make_user("other"), seats=2, bots=1)
    TimeControl.objects.filter(game=plain).update(deadline=soon, next_check_at=soon)
    migration = importlib.import_module("games.learn.migrations.0003_lessons_without_time_limit")
    migration.no_time_limit(apps, None)
    clock = TimeControl.objects.get(game=game)
    game.refresh_from_db()
    assert (clock.per_move, clock.deadline, clock.next_check_at, game.deadline) == (None, None, None, None)
    assert TimeControl.objects.get(game=plain).next_check_at == soon, "other games keep their clocks"


def test_the_lobby_does_not_make_a_game_rated_unless_asked(make_user, client):
    """A newcomer's first game against a bot, created with the form as it comes: unrated."""
    client.force_login(make_user("newcomer"))
    form = client.get(reverse("games:create")).content.decode()
    assert not re.search(r'<input type="checkbox" name="rated"[^>]*checked', form)
    # What the form sends as it comes, with one bot chosen: the checkbox left as it is sends nothing.
    client.post(reverse("games:create"), {"game": "guildhall", "seats": "2", "option_mode": "printed",
                                          "time_per_move": "", "timeout_policy": "bot", "visibility": "open",
                                          "invite": "", "bots": "1", "bot_kind": "greedy"})
    assert Game.objects.get(lesson=False).rated is False


def follow_show_me_where(game, user, client, on_step=None, limit=400):
    """Play the learner's seat by "Show me where" alone: each time, the control the coach's button
    focuses (``shown_first`` over the table as the page draws it), activated. ``on_step(view, legal,
    advice)`` before each decision."""
    for _i in range(limit):
        game.refresh_from_db()
        if game.status != Game.Status.ACTIVE:
            return
        _state, view, legal = learner_state(game)
        advice = selectors.coach_for(game, user)["advice"]
        if on_step is not None:
            on_step(view, legal, advice)
        table = client.get(reverse("games:table", args=[game.pk])).content.decode()
        decision = shown_first(table, advice["points_at"])
        assert decision is not None, ("Show me where finds nothing", advice)
        decide(game, user, decision)
    raise AssertionError(f"the lesson did not end in {limit} decisions")


def test_a_learner_who_only_follows_show_me_where_wins_the_lesson_without_going_round_in_circles(make_user, client):
    """"Show me where" then Enter, again and again: the coach's first control is the one to use, so the
    learner discards the cards they can never play before Done (Done first handed back the same hand,
    and the coach asked for the same step again, turn after turn)."""
    user = make_user("newcomer")
    game = start(user)
    client.force_login(user)
    refills = []

    def on_step(view, legal, advice):
        if advice["title"] == "Refill your hand":
            refills.append(sorted(c["id"] for c in view["you"]["hand"]))
        if (view.get("pending") or {}).get("kind") == "discard_draw" and 'data-decision-type="done"' in (
            advice["points_at"].split(", ")[0]
        ):
            # Done comes first only once no card identical to a face-up one is left to choose.
            me = view["players"][0]
            face_up = {(c["profession"], c["colour"]) for cards in me["chapters"].values() for c in cards}
            chosen = {c["id"] for c in view["pending"]["picks"]["discard"]}
            left = [c for c in view["you"]["hand"] if (c["profession"], c["colour"]) in face_up
                    and c["id"] not in chosen]
            assert left == [], left

    follow_show_me_where(game, user, client, on_step=on_step)
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED
    assert game.seats.get(position=0).final_place == 1
    # About ten turns of the learner's, as the deal was chosen for: not dozens.
    assert game.turn <= 50, game.turn
    held = [tuple(hand) for hand in refills if hand]
    assert len(held) == len(set(held)), ("the same hand was to be refilled twice", refills)


PROFESSION_WORDS = {
    "assassin": "Assassin", "dancer": "Dancer", "farmer": "Farmer", "historian": "Historian",
    "trader": "Trader", "weaver": "Weaver",
}
CARD_IN_SELECTOR = re.compile(r'data-decision-card="(\d+)"')


def test_the_coach_advises_only_cards_the_learner_holds_and_may_use(make_user, client):
    """Every card the coach points at is one a legal decision names, and every profession its advice
    names is one of a card in the learner's hand: nothing from elsewhere, no examples of cards they do
    not hold."""
    user = make_user("newcomer")
    game = start(user)
    client.force_login(user)
    seen_steps = set()

    def on_step(view, legal, advice):
        seen_steps.add(advice["step"])
        offered = {d.get("card") for d in legal}
        for card in CARD_IN_SELECTOR.findall(advice["points_at"]):
            assert int(card) in offered, (advice["step"], card)
        held = {c["profession"] for c in view["you"]["hand"]}
        named = {p for p, word in PROFESSION_WORDS.items() if re.search(rf"\b{word}\b", advice["text"])}
        assert named <= held, (advice["step"], named - held, advice["text"])

    follow_show_me_where(game, user, client, on_step=on_step)
    assert {"play", "chapter", "discard_draw", "buy"} <= seen_steps


def test_the_chapter_advice_needs_a_card_in_hand_that_completes_it():
    """A chapter three colours along, but no card of that profession in hand: the coach does not send the
    learner after it; it names what they can play."""
    coach = LESSON.coach

    def card(card_id):
        return {k: v for k, v in CARDS.profession_card(card_id).items() if k in ("id", "profession", "colour")}

    weavers = [c for c in range(120) if card(c)["profession"] == "weaver"][:12:4][:3]
    farmer = next(c for c in range(120) if card(c)["profession"] == "farmer")
    view = {
        "phase": "play", "turn": 9, "actions": 2, "winner": None,
        "pending": {"seat": 0, "kind": "action"},
        "players": [{"chapters": {"weaver": [card(c) for c in weavers]}, "completed": 0}, {"chapters": {}}],
        "you": {"seat": 0, "hand": [card(farmer)], "cannot_play": []},
    }
    legal = [{"type": "play", "card": farmer}, {"type": "discard_draw"}, {"type": "end_turn"}]
    advice = coach.advice(view, legal)
    assert advice["step"] == "play"
    assert "Weaver" not in advice["text"] and "Farmer" in advice["text"]
    assert advice["points_at"] == f'[data-decision-type="play"][data-decision-card="{farmer}"]'
