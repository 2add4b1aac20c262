"""Invitations follow the game: a user added to a game's invitation list (``Game.invited``, by
``services.create_game`` from the lobby, the API or a rematch, or by ``services.join`` for a link) gets an
``Invitation`` and, when they want one and the inviter's limits allow it (invitations.limits), an email
through the outbox, both in the transaction that invited them; a user taking a seat has accepted theirs.
An inviter over their number of waiting invitations is refused here, which rolls back the new game.
After the commit, each invitee's open pages hear that their header changed (games.live)."""

from django.db import transaction
from django.db.models.signals import m2m_changed, post_save
from django.dispatch import receiver
from django.utils import timezone

from games.live import publish
from games.models import Game, Seat
from games.notifications import outbox
from games.notifications.models import Notification

from . import limits
from .models import Invitation


@receiver(m2m_changed, sender=Game.invited.through, dispatch_uid="invitations_invited_changed")
def invited_changed(sender, instance, action, reverse, pk_set, **kwargs):
    if action != "post_add" or not pk_set:
        return
    if reverse:  # user.game_invitations.add(game, ...)
        for game in Game.objects.filter(pk__in=pk_set):
            _invite(game, [instance.pk])
    else:
        _invite(instance, sorted(pk_set))


def _invite(game, user_ids):
    now = timezone.now()
    seated = set(Seat.objects.filter(game_id=game.pk, user_id__in=user_ids).values_list("user_id", flat=True))
    # Raised here, the refusal rolls back the whole game being created (this runs in its transaction).
    limits.check_open_invitations(
        game.created_by_id, sum(1 for u in user_ids if u not in seated and u != game.created_by_id)
    )
    invitations = [
        Invitation(
            game_id=game.pk,
            invitee_id=user_id,
            inviter_id=game.created_by_id,
            # Someone let in by a link is seated before being listed: nothing to ask them.
            status=Invitation.Status.ACCEPTED if user_id in seated else Invitation.Status.PENDING,
            answered_at=now if user_id in seated else None,
        )
        for user_id in user_ids
        if user_id != game.created_by_id
    ]
    budget = limits.EmailBudget(game.created_by_id, now)
    rows = []
    for invitation in invitations:
        if invitation.status != Invitation.Status.PENDING:
            continue
        user, prefs = outbox.prefs_for(invitation.invitee_id)
        wanted = user is not None and bool(user.email) and prefs.invitation_emails
        invitation.emailed = wanted and budget.allows(invitation.invitee_id)
        status = Notification.Status.PENDING if invitation.emailed else Notification.Status.SKIPPED
        rows.append(outbox.row(game, invitation.invitee_id, Notification.Kind.INVITATION, now, status=status))
    Invitation.objects.bulk_create(invitations, ignore_conflicts=True)
    if rows:
        outbox.write(rows)
    invited = [i.invitee_id for i in invitations if i.status == Invitation.Status.PENDING]
    if invited:
        transaction.on_commit(lambda: publish.badge_changed(invited))


@receiver(post_save, sender=Seat, dispatch_uid="invitations_seat_taken")
def seat_taken(sender, instance, created, raw=False, **kwargs):
    if raw or not created or instance.user_id is None:
        return
    Invitation.objects.filter(game_id=instance.game_id, invitee_id=instance.user_id).exclude(
        status=Invitation.Status.ACCEPTED
    ).update(status=Invitation.Status.ACCEPTED, answered_at=timezone.now())
