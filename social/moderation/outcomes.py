"""What the reporter is told of their report, in one line (their "My reports" page)."""

from django.utils.translation import gettext_lazy as _

HIDDEN = "hidden"
RESTRICTED = "restricted"
SUSPENDED = "suspended"
NO_ACTION = "no-action"

OUTCOMES = {
    "": _("Waiting for the staff."),
    HIDDEN: _("The staff removed the message."),
    RESTRICTED: _("The staff stopped the player from writing for a while."),
    SUSPENDED: _("The staff suspended the player's account."),
    NO_ACTION: _("The staff looked into it and found nothing against the rules."),
}


def line(report):
    return OUTCOMES.get(report.outcome, OUTCOMES[""])
