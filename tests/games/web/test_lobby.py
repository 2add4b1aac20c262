"""The lobby pages: create, open games, join, leave, cancel, start, my games, next game, the header count."""

import pytest
from django.urls import reverse

from games import services
from games.models import Game, Seat
from tests.games.helpers import started_game

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    "name,args",
    [
        ("games:mine", []),
        ("games:open", []),
        ("games:create", []),
        ("games:next", []),
        ("profile_settings", []),
    ],
)
def test_anonymous_is_sent_to_sign_in(client, name, args):
    response = client.get(reverse(name, args=args))
    assert response.status_code == 302
    assert response["Location"].startswith(reverse("account_login"))


def test_anonymous_game_pages_and_posts_need_sign_in(client, make_user):
    game = services.create_game(make_user(), seats=2)
    for name in ("games:game", "games:table", "games:poll"):
        assert client.get(reverse(name, args=[game.pk]))["Location"].startswith(reverse("account_login"))
    for name in ("games:join", "games:leave", "games:start", "games:decide"):
        response = client.post(reverse(name, args=[game.pk]))
        assert response.status_code == 302 and response["Location"].startswith(reverse("account_login"))
    assert game.seats.count() == 1


def test_home_for_anonymous_lists_open_games_only(client, make_user):
    open_game = services.create_game(make_user("host"), seats=3)
    private = services.create_game(make_user("host2"), seats=2, invite=[make_user("guest").username])
    response = client.get("/")
    html = response.content.decode()
    assert response.status_code == 200
    assert f'data-game-id="{open_game.pk}"' in html
    assert f'data-game-id="{private.pk}"' not in html
    assert reverse("account_signup") in html
    # The site's games, each by its title.
    from games.presentation import all_games

    intro = html.split("<h1>", 1)[1].split("</p>", 1)[0]
    assert all(str(p.title()) in intro for p in all_games())


def _create(client, **fields):
    data = {
        "seats": "2",
        "option_mode": "printed",
        "time_per_move": "",
        "visibility": "open",
        "invite": "",
        "bots": "0",
        "bot_kind": "greedy",
        "timeout_policy": "bot",
    }
    data.update({k: str(v) for k, v in fields.items()})
    return client.post(reverse("games:create"), data)


def test_create_open_game(client, make_user):
    user = make_user()
    client.force_login(user)
    response = _create(client, seats=3, option_mode="yucata")
    game = Game.objects.get()
    assert response["Location"] == reverse("games:game", args=[game.pk])
    assert (game.num_seats, game.game, game.options, game.status, game.created_by) == (
        3, "guildhall", {"mode": "yucata"}, "open", user)
    assert list(game.invited.all()) == []
    page = client.get(response["Location"]).content.decode()
    assert "Waiting for players: 1 of 3" in page
    assert "Cancel the game" in page


def test_create_private_game_with_invitations(client, make_user):
    user, friend, other = make_user(), make_user("friend"), make_user("other")
    client.force_login(user)
    _create(client, seats=3, visibility="private", invite="friend, @other")
    game = Game.objects.get()
    assert set(game.invited.all()) == {friend, other}


def test_create_with_bots_starts_at_once_and_bots_move(client, make_user, django_capture_on_commit_callbacks):
    user = make_user()
    client.force_login(user)
    with django_capture_on_commit_callbacks(execute=True):
        _create(client, seats=3, bots=2, bot_kind="random")
    game = Game.objects.get()
    assert game.status == Game.Status.ACTIVE
    assert game.seats.filter(kind=Seat.Kind.BOT, bot_kind="random").count() == 2
    # Bots ran in-process (the Celery task, eager) until the human is to move.
    assert game.to_move_user == user
    if game.seq:
        assert game.log.exclude(seat=game.seats.get(user=user).position).exists()


@pytest.mark.parametrize(
    "fields,error",
    [
        ({"bots": 2}, "fewer bots than players"),
        ({"visibility": "private"}, "needs the usernames"),
        ({"visibility": "private", "invite": "nobody_here"}, "Unknown users: nobody_here"),
        ({"seats": 5}, "Select a valid choice"),
    ],
)
def test_create_refuses_bad_input(client, make_user, fields, error):
    client.force_login(make_user())
    response = _create(client, **fields)
    assert response.status_code == 200
    assert error in response.content.decode()
    assert not Game.objects.exists()


def test_time_limit_goes_to_the_clock(client, make_user):
    from games.clock.models import TimeControl

    client.force_login(make_user())
    _create(client, time_per_move=3, timeout_policy="end")
    tc = TimeControl.objects.get(game=Game.objects.get())
    assert tc.per_move.days == 3 and tc.policy == "end"


def test_a_game_full_of_bots_starts_with_the_chosen_time_limit(client, make_user):
    from games.clock.models import TimeControl

    client.force_login(make_user())
    _create(client, bots=1, time_per_move=7, timeout_policy="bot")
    game = Game.objects.get()
    assert game.status == Game.Status.ACTIVE
    tc = TimeControl.objects.get(game=game)
    assert tc.per_move.days == 7
    if game.to_move_user_id is not None:
        assert game.deadline == tc.turn_started_at + tc.per_move


def test_open_games_respect_invitations(client, make_user):
    host, guest, stranger = make_user("host"), make_user("guest"), make_user("stranger")
    public = services.create_game(host, seats=2)
    private = services.create_game(host, seats=2, invite=["guest"])
    client.force_login(stranger)
    html = client.get(reverse("games:open")).content.decode()
    assert f'data-game-id="{public.pk}"' in html and f'data-game-id="{private.pk}"' not in html
    client.force_login(guest)
    html = client.get(reverse("games:open")).content.decode()
    assert f'data-game-id="{private.pk}"' in html


def test_join_starts_a_full_game(client, make_user):
    host, guest = make_user("host"), make_user("guest")
    game = services.create_game(host, seats=2)
    client.force_login(guest)
    page = client.get(reverse("games:game", args=[game.pk])).content.decode()
    assert "Join this game" in page
    response = client.post(reverse("games:join", args=[game.pk]), follow=True)
    game.refresh_from_db()
    assert game.status == Game.Status.ACTIVE
    assert 'id="table"' in response.content.decode()


def test_stranger_cannot_join_a_private_game(client, make_user):
    host, stranger = make_user("host"), make_user("stranger")
    game = services.create_game(host, seats=2, invite=[make_user("guest").username])
    client.force_login(stranger)
    assert "Join this game" not in client.get(reverse("games:game", args=[game.pk])).content.decode()
    response = client.post(reverse("games:join", args=[game.pk]), follow=True)
    assert "by invitation only" in response.content.decode()
    assert game.seats.count() == 1


def test_join_twice_or_full_is_refused_with_a_message(client, make_user):
    host = make_user("host")
    game = services.create_game(host, seats=2)
    client.force_login(host)
    response = client.post(reverse("games:join", args=[game.pk]), follow=True)
    assert "already in this game" in response.content.decode()


def test_player_leaves_and_creator_cancels(client, make_user):
    host, guest = make_user("host"), make_user("guest")
    game = services.create_game(host, seats=3)
    services.join(game.pk, guest)
    client.force_login(guest)
    assert "Leave this game" in client.get(reverse("games:game", args=[game.pk])).content.decode()
    client.post(reverse("games:leave", args=[game.pk]))
    assert not game.seats.filter(user=guest).exists()
    client.force_login(host)
    response = client.post(reverse("games:leave", args=[game.pk]), follow=True)
    game.refresh_from_db()
    assert game.status == Game.Status.ABORTED
    assert "The game was cancelled." in response.content.decode()


def test_only_the_creator_may_start_early(client, make_user):
    host, guest = make_user("host"), make_user("guest")
    game = services.create_game(host, seats=4)
    services.join(game.pk, guest)
    client.force_login(guest)
    assert "Start now" not in client.get(reverse("games:game", args=[game.pk])).content.decode()
    response = client.post(reverse("games:start", args=[game.pk]), follow=True)
    assert "Only the game&#x27;s creator" in response.content.decode()
    game.refresh_from_db()
    assert game.status == Game.Status.OPEN
    client.force_login(host)
    client.post(reverse("games:start", args=[game.pk]))
    game.refresh_from_db()
    assert (game.status, game.num_seats) == (Game.Status.ACTIVE, 2)


def test_leaving_a_started_game_is_refused(client, make_user):
    a, b = make_user(), make_user()
    game = started_game([a, b])
    client.force_login(b)
    response = client.post(reverse("games:leave", args=[game.pk]), follow=True)
    assert "only leave a game that has not started" in response.content.decode()
    assert game.seats.count() == 2


def test_unknown_game_is_404(client, make_user):
    client.force_login(make_user())
    assert client.get(reverse("games:game", args=[999999])).status_code == 404
    assert client.post(reverse("games:join", args=[999999])).status_code == 404


def test_my_games_sections_order_and_next_game(client, make_user):
    me, other = make_user("me"), make_user("other")
    games = [started_game([me, other]) for _ in range(3)]
    mine = [g for g in games if g.to_move_user_id == me.pk]
    theirs = [g for g in games if g.to_move_user_id != me.pk]
    open_game = services.create_game(me, seats=3)
    client.force_login(me)
    html = client.get(reverse("games:mine")).content.decode()
    sections = [html.index(f'id="{s}"') for s in ("waiting-for-me", "waiting-for-others", "my-open-games")]
    assert sections == sorted(sections)
    for g in mine:
        assert sections[0] < html.index(f'data-game-id="{g.pk}"') < sections[1]
    for g in theirs:
        assert sections[1] < html.index(f'data-game-id="{g.pk}"') < sections[2]
    assert html.index(f'data-game-id="{open_game.pk}"') > sections[2]
    # The header count, on every page.
    if mine:
        assert f"{len(mine)} waiting" in client.get(reverse("games:open")).content.decode()
        response = client.get(reverse("games:next"))
        oldest = min(mine, key=lambda g: (g.updated_at, g.pk))
        assert response["Location"] == reverse("games:game", args=[oldest.pk])
    # Oldest waiting first.
    if len(mine) > 1:
        positions = [html.index(f'data-game-id="{g.pk}"') for g in sorted(mine, key=lambda g: (g.updated_at, g.pk))]
        assert positions == sorted(positions)


def test_next_game_with_nothing_waiting(client, make_user):
    client.force_login(make_user())
    response = client.get(reverse("games:next"), follow=True)
    assert response.redirect_chain[-1][0] == reverse("games:mine")
    assert "No game is waiting for you." in response.content.decode()


def test_header_count_is_one_query(client, make_user):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    me, other = make_user(), make_user()
    for _ in range(2):
        started_game([me, other])
    client.force_login(me)
    expected = Game.objects.filter(status="active", to_move_user=me).count()
    with CaptureQueriesContext(connection) as queries:
        html = client.get(reverse("profile_settings")).content.decode()
    # The header's invitations count (games.invitations) joins games_game too: it is not this count.
    game_queries = [
        q["sql"]
        for q in queries.captured_queries
        if "games_game" in q["sql"] and "invitations_invitation" not in q["sql"]
    ]
    assert len(game_queries) == 1 and "COUNT" in game_queries[0].upper()
    if expected:
        assert 'id="games-waiting"' in html and f"{expected} waiting" in html
    else:
        assert 'id="games-waiting"' not in html


def test_card_reference_for_everyone(client, make_user):
    for user in (None, make_user()):
        if user:
            client.force_login(user)
        html = client.get(reverse("guide:cards", args=["guildhall"])).content.decode()
        for name in ("Assassin", "Dancer", "Farmer", "Historian", "Trader", "Weaver", "purple", "Steal a card"):
            assert name in html
        assert "VP9" not in html and "VP4-StealCard" not in html  # VP cards are named in words
        assert html.count('class="card ') == 6 and html.count('class="vp-card"') == 9


def test_my_games_lists_invitations(client, make_user):
    host, guest = make_user("host"), make_user("guest")
    game = services.create_game(host, seats=2, invite=["guest"])
    client.force_login(guest)
    html = client.get(reverse("games:mine")).content.decode()
    assert 'id="invitations"' in html and f'data-game-id="{game.pk}"' in html
    services.join(game.pk, guest)
    assert 'id="invitations"' not in client.get(reverse("games:mine")).content.decode()


def test_next_game_is_the_one_waiting_longest(client, make_user):
    import datetime

    from django.utils import timezone

    me, other = make_user("me"), make_user("other")
    waiting = []
    while len(waiting) < 3:  # seats are drawn at random: keep the games where I am to move
        game = started_game([me, other])
        if game.to_move_user_id == me.pk:
            waiting.append(game)
    now = timezone.now()
    ages = {waiting[0].pk: 2, waiting[1].pk: 30, waiting[2].pk: 7}  # hours waiting
    for pk, hours in ages.items():
        Game.objects.filter(pk=pk).update(updated_at=now - datetime.timedelta(hours=hours))
    client.force_login(me)
    assert client.get(reverse("games:next"))["Location"] == reverse("games:game", args=[waiting[1].pk])
    html = client.get(reverse("games:mine")).content.decode()
    order = sorted(waiting, key=lambda g: -ages[g.pk])
    positions = [html.index(f'data-game-id="{g.pk}"') for g in order]
    assert positions == sorted(positions)  # oldest waiting first
    assert "3 waiting" in html


# --- the games players may create (OFFERED_GAMES) --------------------------------------------------


def test_the_new_game_page_offers_only_the_games_offered(client, make_user, settings):
    settings.OFFERED_GAMES = {"guildhall": None}
    client.force_login(make_user())
    for address in (reverse("games:create"), reverse("games:create") + "?game=dominion"):
        page = client.get(address).content.decode()
        assert 'name="game" value="guildhall"' in page and 'href="?game=dominion"' not in page
        assert 'name="option_kingdom_mode"' not in page  # Dominion's form is not shown


def test_a_game_not_offered_is_refused_on_the_form(client, make_user, settings):
    settings.OFFERED_GAMES = {"guildhall": None}
    client.force_login(make_user())
    response = client.post(reverse("games:create"), {
        "game": "dominion", "seats": 2, "option_kingdom_mode": "random", "option_edition": "2013",
        "visibility": "open", "bots": 1, "bot_kind": "bigmoney", "timeout_policy": "bot", "time_per_move": "",
    })
    assert response.status_code == 200
    errors = response.context["form"].non_field_errors()
    assert len(errors) == 1 and "cannot be created on this site" in errors[0] and "these can: guildhall." in errors[0]
    assert errors[0] in response.content.decode()
    assert not Game.objects.exists()


def test_the_first_game_offered_is_chosen_when_the_default_is_not(client, make_user, settings):
    settings.OFFERED_GAMES = {"dominion": None}
    client.force_login(make_user())
    page = client.get(reverse("games:create")).content.decode()
    assert 'name="game" value="dominion"' in page
    refused = _create(client)  # the form of the default game, sent by a page made before the change
    assert "cannot be created on this site" in refused.content.decode() and not Game.objects.exists()


def test_a_game_of_a_game_no_longer_offered_still_shows_and_plays(client, make_user, settings):
    ann, ben = make_user("ann"), make_user("ben")
    game = services.create_game(ann, seats=2, game="dominion", invite=["ben"])
    settings.OFFERED_GAMES = {"guildhall": None}
    services.join(game.pk, ben)
    game.refresh_from_db()
    client.force_login(game.to_move_user)
    assert client.get(reverse("games:game", args=[game.pk])).status_code == 200
    assert client.get(reverse("game-replay", args=[game.pk])).status_code == 200
