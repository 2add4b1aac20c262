"""What the invitation pages and partials show (shared by the views and the template tags)."""

import datetime

from django.conf import settings
from django.urls import reverse
from django.utils import timezone

from games import selectors as game_selectors
from games.models import Game

from . import selectors, services
from .forms import LinkForm
from .models import Invitation

REMATCH_WATCH = datetime.timedelta(hours=1)


def _players(game):
    return [s for s in game.seats.all()]


def invitation_page(invitation, game, user):
    seated = game_selectors.seat_of(game, user) is not None
    return {
        "invitation": invitation,
        "game": game,
        "players": _players(game),
        "rematch": selectors.rematch_source(game.pk),
        "may_answer": game.status == Game.Status.OPEN and not seated,
        "may_decline": game.status == Game.Status.OPEN and not seated
        and invitation.status != Invitation.Status.DECLINED,
        "seated": seated,
    }


def link_page(link, game):
    return {"link": link, "game": game, "players": _players(game)}


def my_invitations(user):
    return {"open_invitations": selectors.open_invitations(user)}


def waiting_room(game, user, request):
    """Who was invited and what they answered; the viewer's own invitation; the viewer's links."""
    user_id = user.pk if user.is_authenticated else None
    me = game_selectors.seat_of(game, user)
    invitations = selectors.invitations_of_game(game.pk)
    mine = next((i for i in invitations if i.invitee_id == user_id), None)
    links = []
    if me is not None and game.status == Game.Status.OPEN:
        now = timezone.now()
        for link in selectors.links_of(game.pk, user_id):
            link.game = game
            usable = link.usable(now)
            url = request.build_absolute_uri(reverse("invitations:join_link", args=[services.token_for(link)]))
            links.append({"link": link, "usable": usable, "url": url if usable else None})
    return {
        "game": game,
        "invitations": invitations,
        "my_invitation": mine if mine is not None and me is None and game.status == Game.Status.OPEN else None,
        "may_share": me is not None and game.status == Game.Status.OPEN,
        "links": links,
        "link_form": LinkForm(),
    }


def rematch_panel(game, user):
    """The rematch box of a finished game: propose, or the proposal's state and the viewer's answer."""
    user_id = user.pk if user.is_authenticated else None
    data = {"game": game, "show": False, "poll_seconds": settings.GUILDHALL_POLL_SECONDS, "state_key": game.status}
    if game.status != Game.Status.FINISHED:
        return data
    is_player = any(s.user_id == user_id for s in game.seats.all() if s.user_id is not None)
    found = selectors.rematch_of(game.pk)
    new_game = found.game if found is not None and found.game.status != Game.Status.ABORTED else None
    data.update({"show": is_player or new_game is not None, "is_player": is_player, "new_game": new_game})
    data["state_key"] = f"{game.status}:{new_game.pk}:{new_game.status}" if new_game else f"{game.status}:none"
    if new_game is None:
        # Right after a game its players may propose a rematch to each other: the box asks for news for a
        # while (REMATCH_WATCH), so a proposal shows up without a reload; later a visit shows it.
        finished_at = game.finished_at or timezone.now()
        data["polls"] = is_player and timezone.now() - finished_at < REMATCH_WATCH
        return data
    seats = {s.user_id for s in new_game.seats.all() if s.user_id is not None}
    answers = {i.invitee_id: i for i in selectors.invitations_of_game(new_game.pk)}
    people = []
    for seat in sorted(game.seats.all(), key=lambda s: s.position if s.position is not None else 99):
        if seat.user_id is None:
            continue
        if seat.user_id in seats:
            state = "accepted"
        elif answers.get(seat.user_id) and answers[seat.user_id].status == Invitation.Status.DECLINED:
            state = "declined"
        else:
            state = "waiting"
        people.append({"name": seat.user.username, "state": state, "is_me": seat.user_id == user_id})
    data["state_key"] += ":" + ",".join(f"{p['name']}={p['state']}" for p in people)
    data.update(
        {
            "people": people,
            "i_accepted": user_id in seats,
            "my_invitation": answers.get(user_id),
            "pending": new_game.status == Game.Status.OPEN,
            "polls": new_game.status == Game.Status.OPEN,
        }
    )
    return data
