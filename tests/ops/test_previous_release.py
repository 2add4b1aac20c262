"""The previous release's own code on the schema of the code under test: what happens during an upgrade,
when the new release has run ``migrate`` and the old one still serves (and after a rollback).

The previous release is the first one in docs/releases.md with a commit. Its tree is taken from this
repository's history (``git archive``: nothing is left in the repository, and CI's fresh clone has the
history), and its daphne serves the test database, which pytest-django has migrated to the current head.
Through it, two players do what players do: sign in, get an API token, play a game against a bot by
decisions, make a game for two and join it, chat at the table, report a line, follow, mute and block each
other, write a private message, start the guided game, make and start a tournament, export their data, read
the pages. Every answer must be what that release answers on its own schema: no 5xx, no traceback in its
log. Then the current code reads what the old one wrote: every game replays, the report is in the queue.

A migration that is not expand-only fails here: a new NOT NULL column without a database default (the old
code's INSERT leaves it out), a dropped or renamed column or table the old code reads. Such a change waits
for the next release (docs/releases.md, "To contract in the next release").

The current code runs as the upgrade notes say during the switch-over: ``OFFERED_GAMES`` narrowed to the
games the previous release knows, at the rules versions it knows (``SWITCH_OVER_GAMES``), so that no game
it cannot read is made while the old code still serves (its table, replay and export fail on a game or a
rules version it does not know). A second test shows what the old code meets once the new game is open
(every game offered at its newest rules, as after the switch, or when going back): a player with only
games it knows is served in full, pages, lists and export, while the other games are in the lists.

``GUILDHALL_PREVIOUS_RELEASE=<commit>`` runs another release's code instead (an operator skipping a release
can see what would break).
"""

import importlib.metadata
import os
import re
import secrets
import subprocess
import sys
import tarfile
import tempfile

import pytest
from django.apps import apps
from django.conf import global_settings
from django.core.management import call_command
from django.db import connection

from tests.ops.servers import ROOT, Browser, Server, clean_environment, free_port

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]

RELEASE_LINE = re.compile(r"^## (\S+) — commit ([0-9a-f]{7,40})\b", re.M)
# OFFERED_GAMES while the previous release runs beside this one (docs/releases.md's upgrade notes): the
# games it knows, at the newest rules version it knows (OFFERED_GAMES=guildhall:3).
SWITCH_OVER_GAMES = {"guildhall": "3"}
# Every page of the old release the smoke reads (their lists show games the current code made).
PAGES = ("/", "/games/", "/games/open/", "/games/live/", "/games/history/", "/leaderboards/", "/settings/",
         "/messages/", "/tournaments/", "/learn/", "/how-to-play/")


def previous_release():
    """(name, commit) of the newest release in docs/releases.md (or the commit GUILDHALL_PREVIOUS_RELEASE names)."""
    asked = os.environ.get("GUILDHALL_PREVIOUS_RELEASE")
    if asked:
        return asked, asked
    found = RELEASE_LINE.search((ROOT / "docs" / "releases.md").read_text())
    assert found, "docs/releases.md names no release with its commit"
    return found.group(1), found.group(2)


def _git(*args, **kwargs):
    return subprocess.run(["git", "-C", str(ROOT), *args], check=True, capture_output=True, **kwargs)


def checkout(commit, directory):
    """The release's tree in ``directory``, from this repository's history."""
    try:
        _git("cat-file", "-e", f"{commit}^{{commit}}")
    except (subprocess.CalledProcessError, FileNotFoundError):
        pytest.fail(f"commit {commit} is not in this clone's history (a shallow clone? git fetch --unshallow)")
    with tempfile.TemporaryFile() as archive:
        subprocess.run(["git", "-C", str(ROOT), "archive", "--format=tar", commit], stdout=archive, check=True)
        archive.seek(0)
        with tarfile.open(fileobj=archive) as tar:
            tar.extractall(directory, filter="data")
    return directory


def unmet_requirements(release):
    """The release's pinned runtime packages that this environment does not have at that version."""
    unmet = []
    for line in (release / "requirements.txt").read_text().splitlines():
        line = line.split("#")[0].strip()
        if "==" not in line:
            continue
        name, version = (part.strip() for part in line.split("=="))
        name = name.split("[")[0]
        try:
            installed = importlib.metadata.version(name)
        except importlib.metadata.PackageNotFoundError:
            installed = None
        if installed != version:
            unmet.append(f"{name}=={version} (here: {installed})")
    return unmet


def _database_url():
    db = connection.settings_dict
    password = f":{db['PASSWORD']}" if db.get("PASSWORD") else ""
    return f"postgres://{db['USER']}{password}@{db['HOST'] or '127.0.0.1'}:{db['PORT'] or 5432}/{db['NAME']}"


@pytest.fixture
def previous_release_server(tmp_path):
    name, commit = previous_release()
    release = checkout(commit, tmp_path / "release")
    unmet = unmet_requirements(release)
    if unmet:
        pytest.fail(f"release {name} needs packages this environment lacks: {unmet} "
                    "(install its requirements.txt into a virtualenv of its own and run it there)")
    port = free_port()
    env = clean_environment(
        DJANGO_SETTINGS_MODULE="guildhall_site.settings", DATABASE_URL=_database_url(), REDIS_URL="",
        DEBUG="0", SECRET_KEY=secrets.token_urlsafe(50), ALLOWED_HOSTS="127.0.0.1",
        SITE_URL=f"http://127.0.0.1:{port}", LOG_LEVEL="WARNING", EMAIL_URL="dummymail://",
    )
    server = Server([sys.executable, "-m", "daphne", "-b", "127.0.0.1", "-p", str(port),
                     "guildhall_site.asgi:application"], env, release, port, tmp_path,
                    ready_path="/accounts/login/")  # a page every release has
    with server:
        yield name, server


class Smoke:
    """Requests to the old release, each answer checked; the problems are gathered, not raised, so that a
    failure lists every step that broke."""

    def __init__(self, base):
        self.base = base
        self.problems = []

    def expect(self, response, *statuses, what=""):
        if response.status_code not in statuses:
            request = response.request
            self.problems.append(
                f"{request.method} {request.path_url} {what}: {response.status_code} (expected {statuses}) "
                f"{response.text[:200]!r}"
            )
            return False
        return True


def test_the_previous_release_serves_on_the_migrated_schema(previous_release_server, make_user, settings):
    name, server = previous_release_server
    # Passwords hashed as a site hashes them (the tests' fast hasher is not in the old release's settings).
    settings.PASSWORD_HASHERS = global_settings.PASSWORD_HASHERS
    settings.OFFERED_GAMES = SWITCH_OVER_GAMES  # the switch-over, as the upgrade notes say
    ada, ben = make_user(), make_user()
    smoke = Smoke(server.base)
    _games_of_every_kind_made_by_the_current_code(ada)

    # API: tokens, a game against a bot played by decisions, a game for two made and joined.
    api = {}
    for user in (ada, ben):
        client = Browser(server.base)
        issued = client.post("/api/v1/auth/token/", json={"username": user.username, "password": user.raw_password,
                                                         "name": "upgrade"})
        if smoke.expect(issued, 200, what="issuing a token"):
            client.headers["Authorization"] = f"Token {issued.json()['token']}"
            api[user.username] = client
    if len(api) == 2:
        a, b = api[ada.username], api[ben.username]
        created = a.post("/api/v1/games/", json={"seats": 2, "bots": 1})
        if smoke.expect(created, 201, what="a game against a bot"):
            game_id = created.json()["id"]
            for _ in range(12):
                game = a.get(f"/api/v1/games/{game_id}/")
                if not smoke.expect(game, 200) or game.json()["status"] != "active" or not game.json()["legal"]:
                    break
                decided = a.post(f"/api/v1/games/{game_id}/decisions/",
                                 json={"expected_seq": game.json()["seq"], "decision": game.json()["legal"][0]})
                if not smoke.expect(decided, 200, 201, what="a decision"):
                    break
        two = a.post("/api/v1/games/", json={"seats": 2})
        if smoke.expect(two, 201, what="a game for two"):
            two_id = two.json()["id"]
            smoke.expect(b.post(f"/api/v1/games/{two_id}/join/"), 200, 201, what="joining")
            smoke.expect(b.get(f"/api/v1/games/{two_id}/"), 200)
        smoke.expect(a.get("/api/v1/games/"), 200)
        smoke.expect(b.post("/api/v1/messages/", json={"to": ada.username, "text": "Good luck!"}), 201,
                     what="a private message")
        smoke.expect(a.get("/api/v1/messages/"), 200)
        smoke.expect(b.post("/api/v1/blocks/", json={"username": ada.username}), 200, 201, what="blocking")
        smoke.expect(b.delete(f"/api/v1/blocks/{ada.username}/"), 204, what="unblocking")
        smoke.expect(a.get("/api/v1/me/export/"), 200, what="the export")
        smoke.expect(a.get("/api/v1/tournaments/"), 200)

    # Pages, signed in through the form: the table, its chat, a report of a chat line, following, muting,
    # the guided game, a tournament made and started.
    pages = {}
    for user in (ada, ben):
        browser = Browser(server.base)
        browser.sign_in(user.username, user.raw_password)
        pages[user.username] = browser
    a, b = pages[ada.username], pages[ben.username]
    Game = apps.get_model("games", "Game")
    a.form_token("/games/new/")
    made = a.post("/games/new/", data={"seats": "2", "mode": "printed", "time_per_move": "", "timeout_policy": "bot",
                                       "visibility": "open", "bots": "1", "bot_kind": "greedy"})
    smoke.expect(made, 302, what="a game made on the page")
    table = Game.objects.filter(created_by=ada).order_by("-pk").first()
    if table is not None:
        smoke.expect(a.get(f"/games/{table.pk}/"), 200, what="the table")
        smoke.expect(a.get(f"/games/{table.pk}/replay/"), 200, what="the replay")
        smoke.expect(a.post(f"/games/{table.pk}/chat/post/", data={"text": "Hello from the old release"}), 302,
                     what="table chat")
    Message = apps.get_model("chat", "Message")
    line = Message.objects.filter(author=ada).order_by("-pk").first()
    if line is None:
        smoke.problems.append("no chat line was stored: nothing to report")
    else:
        b.form_token(f"/report/chat/{line.pk}/")
        smoke.expect(b.post(f"/report/chat/{line.pk}/", data={"reason": "abuse", "comment": "upgrade"}), 302,
                     what="reporting a chat line")
    smoke.expect(b.get("/reports/"), 200)
    smoke.expect(b.post(f"/players/{ada.username}/follow/", data={}), 302, what="following")
    smoke.expect(b.post(f"/chat/mute/{ada.username}/", data={}), 302, what="muting")
    smoke.expect(b.post(f"/chat/unmute/{ada.username}/", data={}), 302, what="unmuting")
    smoke.expect(a.post("/learn/", data={}), 302, what="starting the guided game")
    a.form_token("/tournaments/new/")
    made = a.post("/tournaments/new/", data={
        "name": "Upgrade cup", "format": "swiss", "table_size": "2", "mode": "printed", "time_per_move": "72",
        "timeout_policy": "bot", "rounds": "1", "max_players": "4", "fill_with_bots": "on", "bot_kind": "greedy",
    })
    if smoke.expect(made, 302, what="making a tournament"):
        Tournament = apps.get_model("tournaments", "Tournament")
        cup = Tournament.objects.filter(name="Upgrade cup").first()
        if cup is None:
            smoke.problems.append("the tournament was not stored")
        else:
            smoke.expect(b.post(f"/tournaments/{cup.pk}/join/", data={}), 302, what="joining a tournament")
            smoke.expect(a.post(f"/tournaments/{cup.pk}/start/", data={}), 302, what="starting a tournament")
            smoke.expect(a.get(f"/tournaments/{cup.pk}/"), 200)
    # The lists that show games the current code made (of every game it offers) keep answering.
    for path in (*PAGES, f"/players/{ben.username}/"):
        smoke.expect(a.get(path, allow_redirects=True), 200, what="a page")
    if ada.username in api:
        smoke.expect(api[ada.username].delete("/api/v1/auth/token/"), 204, what="revoking the token")

    log = server.output()
    assert smoke.problems == [], f"release {name} on the migrated schema:\n" + "\n".join(smoke.problems) + \
        f"\n--- its log ---\n{log[-4000:]}"
    assert "Traceback" not in log, log[-4000:]

    # What the old release wrote, the current code reads: every game replays to its stored fields, the
    # report waits in the queue.
    call_command("replay_games")
    Report = apps.get_model("moderation", "Report")
    assert Report.objects.filter(kind="chat", reporter=ben).count() == 1


def test_the_previous_release_serves_a_player_without_games_it_does_not_know(previous_release_server, make_user,
                                                                           settings):
    """Once every game is offered at its newest rules (after the switch, and then going back to the
    previous release), the old code meets games it cannot read in its lists: of a kind it does not know, or
    under a newer rules version. A player whose games were all made during the switch-over is served in
    full: their token, their games, their export, every page; the lists that show the others' games, and
    the profile of a player who has them, answer too. (That player's own table, replay and export fail on
    the old code: why the switch-over offers only what it can read.)"""
    import engine
    from games import services

    name, server = previous_release_server
    settings.PASSWORD_HASHERS = global_settings.PASSWORD_HASHERS
    new_kinds = [slug for slug in engine.GAMES if slug not in SWITCH_OVER_GAMES]
    if not new_kinds:
        pytest.skip("the current code plays no game the previous release does not know")
    ada, cyd = make_user(), make_user()
    settings.OFFERED_GAMES = SWITCH_OVER_GAMES
    known = _games_of_every_kind_made_by_the_current_code(ada)  # during the switch-over
    settings.OFFERED_GAMES = dict.fromkeys(engine.GAMES)  # then every game, at its newest rules
    _games_of_every_kind_made_by_the_current_code(cyd)  # in play, of every kind
    for slug in new_kinds:  # and waiting for players, in the open lists
        services.create_game(cyd, seats=2, game=slug)
    smoke = Smoke(server.base)

    api = Browser(server.base)
    issued = api.post("/api/v1/auth/token/", json={"username": ada.username, "password": ada.raw_password,
                                                  "name": "upgrade"})
    if smoke.expect(issued, 200, what="issuing a token"):
        api.headers["Authorization"] = f"Token {issued.json()['token']}"
        for path in ("/api/v1/games/", "/api/v1/games/?filter=open", "/api/v1/games/?filter=active",
                     *(f"/api/v1/games/{pk}/" for pk in known), "/api/v1/messages/", "/api/v1/tournaments/"):
            smoke.expect(api.get(path), 200, what="the API")
        smoke.expect(api.get("/api/v1/me/export/"), 200, what="the export")
    pages = Browser(server.base)
    pages.sign_in(ada.username, ada.raw_password)
    for path in (*PAGES, f"/players/{ada.username}/", f"/players/{cyd.username}/",
                 *(f"/games/{pk}/" for pk in known), *(f"/games/{pk}/replay/" for pk in known)):
        smoke.expect(pages.get(path, allow_redirects=True), 200, what="a page")

    log = server.output()
    assert smoke.problems == [], f"release {name} beside games it does not know:\n" + "\n".join(smoke.problems) + \
        f"\n--- its log ---\n{log[-4000:]}"
    assert "Traceback" not in log, log[-4000:]


def _games_of_every_kind_made_by_the_current_code(user):
    """One game against a bot of each game the current code offers, made through its own API and played a
    few decisions: rows the old release then finds in its lists. A game it does not offer is refused."""
    from rest_framework.test import APIClient

    import engine
    from accounts import tokens
    from games.services import offered_games

    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {tokens.issue(user, 'current')[1]}")
    offered = offered_games()
    for slug in set(engine.GAMES) - set(offered):
        refused = client.post("/api/v1/games/", {"seats": 2, "bots": 1, "game": slug}, format="json")
        assert refused.status_code == 400, refused.content
    made = []
    for slug in offered:
        created = client.post("/api/v1/games/", {"seats": 2, "bots": 1, "game": slug}, format="json")
        assert created.status_code == 201, created.content
        game_id = created.json()["id"]
        for _ in range(3):
            game = client.get(f"/api/v1/games/{game_id}/").json()
            if game["status"] != "active" or not game["legal"]:
                break
            client.post(f"/api/v1/games/{game_id}/decisions/",
                        {"expected_seq": game["seq"], "decision": game["legal"][0]}, format="json")
        made.append(game_id)
    return made
