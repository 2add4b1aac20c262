"""Notification emails: text + HTML, in the recipient's language and time zone, built one way.

Every kind of email, the site's own (below: your turn, reminders, timeouts, results, the digest) and
those of other apps (invitations, tournaments, messages), is a kind of ``notifications.kinds`` whose builder returns a
``kinds.Email``; ``build_message`` renders it with what every email has and adds the headers. Every email
links to the preferences and carries a signed one-click unsubscribe link (``List-Unsubscribe`` +
``List-Unsubscribe-Post``, RFC 8058). What happened in a game is told by its rules' ``describe`` for the
recipient's own seat, and what the position is by its presentation's ``turn_lines`` from the recipient's
own view, so a card hidden from them is never named.
"""

from django.conf import settings
from django.core import signing
from django.core.mail import EmailMultiAlternatives
from django.template.loader import render_to_string
from django.urls import NoReverseMatch, reverse
from django.utils import translation
from django.utils.timesince import timeuntil
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from games import cache as state_cache
from games.models import Game, LogEntry, Seat
from games.presentation import for_game
from games.rules import rules_of
from guildhall_site import dates

from . import kinds, recipients
from .kinds import Email
from .models import Notification
from .recipients import Prefs, waiting_games

UNSUBSCRIBE_SALT = "guildhall.notifications.unsubscribe"
MAX_LOG_LINES = 40

REMINDER_KINDS = (Notification.Kind.REMINDER_1, Notification.Kind.REMINDER_2, Notification.Kind.REMINDER_3)
# The preference that turns each category off, and its value when off (what the unsubscribe link sets).
# Registered kinds (notifications.kinds) bring categories of their own.
PREFERENCE_OFF = kinds.OWN_CATEGORIES


# --- links --------------------------------------------------------------------------------------------


def absolute(path):
    return settings.SITE_URL.rstrip("/") + path


def _reverse(name, args=(), fallback=""):
    try:
        return reverse(name, args=args)
    except NoReverseMatch:
        return fallback


def game_url(game_id):
    return absolute(_reverse("games:game", (game_id,), f"/games/{game_id}/"))


def replay_url(game_id):
    return absolute(_reverse("games:replay", (game_id,), f"/games/{game_id}/replay/"))


def preferences_url():
    return absolute(_reverse("profile_settings", (), "/settings/"))


def vacation_url():
    return absolute(_reverse("clock:vacation", (), "/vacation/"))


def unsubscribe_token(user_id, category):
    return signing.dumps({"u": user_id, "c": category}, salt=UNSUBSCRIBE_SALT, compress=True)


def read_unsubscribe_token(token):
    """(user id, category) from a token, or raise signing.BadSignature (also for a well-signed token
    whose content is not one we make: anything but a user id in the database's range)."""
    data = signing.loads(token, salt=UNSUBSCRIBE_SALT)
    if not isinstance(data, dict) or not isinstance(data.get("c"), str) or data["c"] not in kinds.categories():
        raise signing.BadSignature("bad payload")
    user_id = data.get("u")
    if isinstance(user_id, bool) or not isinstance(user_id, int) or not 0 < user_id < 2**63:
        raise signing.BadSignature("bad user id")
    return user_id, data["c"]


def unsubscribe_url(user_id, category):
    token = unsubscribe_token(user_id, category)
    return absolute(_reverse("notifications:unsubscribe", (token,), f"/notifications/unsubscribe/{token}/"))


# --- words ----------------------------------------------------------------------------------------------


def seat_names(game):
    names = [""] * game.num_seats
    for seat in Seat.objects.filter(game_id=game.pk, position__isnull=False).select_related("user__profile"):
        if seat.is_bot:
            names[seat.position] = seat.display_name
        else:
            public = getattr(seat.user, "public_name", None)
            names[seat.position] = public() if callable(public) else seat.user.username
    return names


def when(dt, prefs):
    return f"{dates.words(dt, tz=prefs.tz)} ({prefs.time_zone or 'UTC'})"


def time_left(deadline, now):
    if deadline is None:
        return ""
    if deadline <= now:
        return _("no time left")
    return timeuntil(deadline, now, depth=2)


def log_since_last_turn(game, seat, upto):
    """The log entries after ``seat``'s last decision up to entry ``upto``, in words for ``seat``."""
    last_own = (
        LogEntry.objects.filter(game_id=game.pk, seat=seat, seq__lte=upto)
        .order_by("-seq")
        .values_list("seq", flat=True)
        .first()
    ) or 0
    first = last_own + 1
    if first > upto:
        return [], 0
    skipped = max(0, upto - first + 1 - MAX_LOG_LINES)
    first += skipped
    if game.seq == upto:
        state = state_cache.load_state(game, events_after=first - 1)
    else:
        state = state_cache.replay(game, upto=upto)
    rules = rules_of(game)
    if rules.outcome(state)["over"]:  # an over state reveals every card: never describe from one here
        return [], 0
    names = seat_names(game)
    # Entries the server made for a seat (time ran out, a seat that left) say so themselves.
    lines = [rules.describe(state, seq, seat, names, gettext=_, ngettext=ngettext) for seq in range(first, upto + 1)]
    return lines, skipped


def position_lines(game, seat):
    """What the position is, for ``seat``'s your-turn email: the game's presentation's ``turn_lines`` from
    that seat's own view at the row's seq."""
    rules = rules_of(game)
    view = rules.view(state_cache.load_state(game), seat)
    return for_game(game).turn_lines(view, seat, seat_names(game))


# --- messages -------------------------------------------------------------------------------------------


class Message(EmailMultiAlternatives):
    waiting_game_ids = ()


def build_message(n, now):
    """The email for notification ``n``, or None when it should not be sent (any more): the address is
    not confirmed, the kind is not registered, the recipient does not want it now, or it is no longer
    relevant. The recipient's preferences are read as they are at sending time, not as they were when the
    row was written: an unsubscribe or a change in the settings since counts."""
    kind = kinds.get(n.kind)
    user = recipients.confirmed(recipients.user_model().objects.select_related("profile")).filter(pk=n.user_id).first()
    address = recipients.address_of(user) if user is not None else None
    if kind is None or address is None:
        return None
    prefs = Prefs(user)
    if not kind.wanted(user, prefs):
        return None
    if kind.expires and now - (n.created_at or now) > settings.NOTIFY_RELEVANT_FOR:
        return None  # results or a timeout notice a week late (a very long outage): news no more
    with translation.override(prefs.language or settings.LANGUAGE_CODE):
        email = _as_email(kind.build(n, user, prefs, now))
        if email is None:
            return None
        unsubscribe = unsubscribe_url(user.pk, email.unsubscribe or kind.category)
        context = {
            **email.context,
            "recipient": getattr(user, "public_name", lambda: user.username)(),
            "subject": email.subject,
            "preferences_url": preferences_url(),
            "vacation_url": vacation_url(),
            "unsubscribe_url": unsubscribe,
            "site_url": settings.SITE_URL,
            "LANGUAGE_CODE": translation.get_language(),
        }
        text = render_to_string(f"{email.template}.txt", context)
        html = render_to_string(f"{email.template}.html", context)
    domain = settings.SITE_URL.split("//", 1)[-1].split("/", 1)[0].split(":", 1)[0] or "localhost"
    message = Message(
        subject=email.subject,
        body=text,
        from_email=settings.DEFAULT_FROM_EMAIL,
        to=[address],
        headers={
            "List-Unsubscribe": f"<{unsubscribe}>",
            "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
            "Message-ID": f"<notification-{n.pk}@{domain}>",
            "Auto-Submitted": "auto-generated",
        },
    )
    message.attach_alternative(html, "text/html")
    message.waiting_game_ids = email.context.get("waiting_game_ids", ())
    return message


def _as_email(built):
    """A builder's answer as an ``Email``. The tuple ``(subject, context)`` and the dict ``{"subject", "text",
    "html"}`` are what builders returned before ``Email``; they are read here until the tournaments' and
    the private messages' builders return an ``Email`` too."""
    if built is None or isinstance(built, Email):
        return built
    if isinstance(built, dict):
        return Email(built["subject"], {"text": built["text"], "html": built["html"]}, template="email/prerendered")
    subject, context = built
    return Email(subject, context)


def _still_their_turn(n, game):
    return (
        game is not None
        and game.status == Game.Status.ACTIVE
        and game.turn == n.turn
        and game.to_move_user_id == n.user_id
    )


def _seat_of(game, user_id):
    return Seat.objects.filter(game_id=game.pk, user_id=user_id).values_list("position", flat=True).first()


def _game_context(n, game, prefs, now, with_log=True):
    names = seat_names(game)
    seat = _seat_of(game, n.user_id)
    deadline = game.deadline  # kept equal to the clock's by the clock, in the decision's transaction
    lines, skipped = log_since_last_turn(game, seat, n.seq) if with_log and seat is not None else ([], 0)
    return {
        "game_id": game.pk,
        "players": ", ".join(names),
        "game_url": game_url(game.pk),
        "log_lines": lines,
        "log_skipped": skipped,
        "deadline": when(deadline, prefs) if deadline else "",
        "time_left": time_left(deadline, now),
    }


def _turn(n, user, prefs, now):
    game = n.game
    # Those who chose the digest get their turns in it (their turn rows are held for it).
    if prefs.turn_email != "immediate" or not _still_their_turn(n, game):
        return None
    context = _game_context(n, game, prefs, now)
    words = {"id": game.pk, "players": context["players"]}
    context["intro"] = [_("It is your turn in game %(id)s (%(players)s).") % words]
    seat = _seat_of(game, n.user_id)
    if seat is not None:
        context["intro"] += position_lines(game, seat)
    context["log_heading"] = _("Since your last turn:")
    context["chat"] = chat_since_last_turn(game, n.user_id, prefs, settings.CHAT_IN_EMAIL)
    subject = _("Guildhall: your turn in game %(id)s") % {"id": game.pk}
    return Email(subject, context)


def _reminder(n, user, prefs, now):
    game = n.game
    if not _still_their_turn(n, game):
        return None
    context = _game_context(n, game, prefs, now, with_log=False)
    context["intro"] = [
        _("Reminder: it is still your turn in game %(id)s (%(players)s).")
        % {"id": game.pk, "players": context["players"]},
        _("If you don't decide in time, the bot will play your turn for you."),
    ]
    subject = _("Guildhall: %(left)s left for your turn in game %(id)s") % {
        "left": context["time_left"],
        "id": game.pk,
    }
    return Email(subject, context)


def _timeout(n, user, prefs, now):
    game = n.game
    if game is None:
        return None
    context = _game_context(n, game, prefs, now, with_log=False)
    count = int(n.data.get("count", 1))
    limit = settings.CLOCK_TAKEOVER_AFTER
    context["intro"] = [
        _("Your time ran out in game %(id)s: the bot played your turn.") % {"id": game.pk},
        ngettext(
            "That is %(count)s timeout in a row.", "That is %(count)s timeouts in a row.", count
        ) % {"count": count},
        _("After %(limit)s in a row the bot takes over your seat for the rest of the game and you are placed last.")
        % {"limit": limit},
    ]
    context["time_left"] = ""
    context["deadline"] = ""
    subject = _("Guildhall: time ran out in game %(id)s") % {"id": game.pk}
    return Email(subject, context)


def _taken_over(n, user, prefs, now):
    game = n.game
    if game is None:
        return None
    context = _game_context(n, game, prefs, now, with_log=False)
    count = int(n.data.get("count", settings.CLOCK_TAKEOVER_AFTER))
    context["intro"] = [
        ngettext(
            "Your time ran out %(count)s time in a row in game %(id)s.",
            "Your time ran out %(count)s times in a row in game %(id)s.",
            count,
        ) % {"count": count, "id": game.pk},
        _("The bot has taken over your seat for the rest of the game; you will be placed last."),
    ]
    context["time_left"] = ""
    context["deadline"] = ""
    subject = _("Guildhall: the bot took over your seat in game %(id)s") % {"id": game.pk}
    return Email(subject, context)


def _results(n, user, prefs, now):
    game = n.game
    if game is None or game.status != Game.Status.FINISHED:
        return None
    names = seat_names(game)
    scores = list(game.scores or [])
    placings = []
    mine = None
    seats = Seat.objects.filter(game_id=game.pk, position__isnull=False).order_by("final_place", "position")
    for seat in seats:
        vp = scores[seat.position] if seat.position < len(scores) else 0
        line = _("%(place)s. %(name)s, %(vp)s VP") % {
            "place": seat.final_place or "–",
            "name": names[seat.position],
            "vp": vp,
        }
        placings.append(line)
        if seat.user_id == n.user_id:
            mine = seat.final_place
    intro = [_("Game %(id)s is over (%(players)s).") % {"id": game.pk, "players": ", ".join(names)}]
    if mine is not None:
        intro.append(_("You finished in place %(place)s.") % {"place": mine})
    ending = ENDINGS.get(game.ended_by)
    if ending:
        intro.append(ending())
    context = {
        "game_id": game.pk,
        "intro": intro,
        "list_heading": _("Placings:"),
        "list_lines": placings,
        "game_url": replay_url(game.pk),
        "game_link_text": _("Watch the replay"),
    }
    subject = _("Guildhall: game %(id)s is over") % {"id": game.pk}
    return Email(subject, context)


def _digest(n, user, prefs, now):
    """The games waiting for the recipient (when they chose the digest for their turns), then the lines
    of the sections other apps registered (notifications.kinds.register_digest: unread private messages,
    for those who chose the digest for them). None when there is nothing to tell."""
    games = waiting_games(n.user_id) if prefs.turn_email == "digest" else []
    lines = []
    for game in games:
        since, deadline = game.waiting_since, game.deadline
        parts = [
            _("Game %(id)s (%(players)s): waiting since %(since)s")
            % {"id": game.pk, "players": ", ".join(seat_names(game)), "since": when(since, prefs)}
        ]
        if deadline:
            parts.append(_("%(left)s left") % {"left": time_left(deadline, now)})
        chat = chat_since_last_turn(game, n.user_id, prefs, settings.CHAT_IN_DIGEST)
        lines.append({"text": "; ".join(parts), "url": game_url(game.pk), "chat": chat})
    previous = (
        Notification.objects.filter(user_id=n.user_id, kind=Notification.Kind.DIGEST, status=Notification.Status.SENT)
        .exclude(pk=n.pk)
        .order_by("-sent_at")
        .values_list("sent_at", flat=True)
        .first()
    )
    sections = kinds.digest_sections(user, previous)
    extra = [{"text": text, "url": url, "chat": None} for _category, shown in sections for text, url in shown]
    if not games and not extra:
        return None
    count = len(games)
    intro = []
    if games:
        intro.append(
            ngettext(
                "%(count)s game is waiting for you, the longest waiting first:",
                "%(count)s games are waiting for you, the longest waiting first:",
                count,
            ) % {"count": count}
        )
    context = {"intro": intro, "game_lines": lines + extra, "waiting_game_ids": [g.pk for g in games]}
    if games:
        subject = ngettext(
            "Guildhall: %(count)s game is waiting for you", "Guildhall: %(count)s games are waiting for you", count
        ) % {"count": count}
        return Email(subject, context)
    # Nothing about turns in it: its unsubscribe link turns off the section's own emails, not turns'.
    categories = {category for category, _shown in sections}
    only = categories.pop() if len(categories) == 1 and None not in categories else None
    return Email(_("Guildhall: your daily digest"), context, unsubscribe=only)


def chat_since_last_turn(game, user_id, prefs, limit):
    """What the other players wrote in the table chat since ``user_id`` last decided (players they muted
    and messages the staff hid left out): {"lines": [{"author", "at", "text"}], "skipped": n} or None.
    Only what players typed: the chat holds nothing the server wrote."""
    from social.chat.selectors import since_last_turn

    seat = _seat_of(game, user_id)
    messages, skipped = since_last_turn(game, user_id, seat, limit)
    if not messages:
        return None
    lines = [
        {"author": m.author.username, "at": dates.words(m.created_at, tz=prefs.tz), "text": m.text}
        for m in messages
    ]
    return {"lines": lines, "skipped": skipped}


# How a game ended, when not the rulebook's way (the engine's ``ended_by``; the log tells who).
ENDINGS = {
    "resigned": lambda: _("The game ended because a player resigned; whoever left is placed last."),
    "timed_out": lambda: _("The game ended because a player's time ran out; that player is placed last."),
    "taken_over": lambda: _("The game ended because the bot took over a seat after timeouts; it is placed last."),
}

# The site's own kinds, registered like any other: one way to build every email.
kinds.register(Notification.Kind.TURN, _turn, preference="turn_email", expires=False)
kinds.register(Notification.Kind.DIGEST, _digest, preference=lambda user, prefs: True, category="turn", expires=False)
for _reminder_kind in REMINDER_KINDS:
    kinds.register(_reminder_kind, _reminder, preference="reminder_emails", expires=False)
kinds.register(Notification.Kind.TIMEOUT, _timeout, preference="reminder_emails")
kinds.register(Notification.Kind.TAKEN_OVER, _taken_over, preference="reminder_emails")
kinds.register(Notification.Kind.RESULTS, _results, preference="result_emails")
