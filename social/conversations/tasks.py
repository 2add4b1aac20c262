"""What a private message sets going, in a worker (conversations.announce): after the message's commit,
and beat's catch-up for messages whose task was lost."""

from celery import shared_task

from . import announce


@shared_task(name="conversations.announce", acks_late=True, reject_on_worker_lost=True, ignore_result=True)
def announce_task(message_id):
    return announce.announce(message_id)


@shared_task(name="conversations.announce_missed", ignore_result=True)
def announce_missed_task():
    return announce.announce_missed()
