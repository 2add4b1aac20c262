"""Personal data of relations (accounts.personal_data): whom a player follows, blocked and muted, and who
follows them.

Who blocked or muted a player is never told to them, so it is not in their export either; who follows
them is exported as the profile shows it to them (a follow by a player they blocked shows to nobody but
its author while the block stands, and is left out here too). Every relation goes with either account:
a block of an erased account keeps nobody away any more.
"""

from accounts.personal_data import UserField

from .models import Relation
from .selectors import blocked_by_filter

Kind = Relation.Kind

USER_FIELDS = {
    "relations.Relation.from_user": UserField(export="made"),
    "relations.Relation.to_user": UserField(
        not_exported="a block or mute of the player is never told to them; who follows them is listed as "
        "\"followers\", as their profile shows it",
    ),
}


def _entry(relation, other):
    return {"id": relation.pk, "kind": relation.kind, "player": other.username, "since": relation.created_at}


def export(user):
    made = Relation.objects.filter(from_user=user).select_related("to_user").order_by("pk")
    followers = (
        Relation.objects.filter(to_user=user, kind=Kind.FOLLOW)
        .filter(blocked_by_filter(user, "from_user"))
        .select_related("from_user")
        .order_by("pk")
    )
    return {
        "made": [_entry(r, r.to_user) for r in made],
        "following": [_entry(r, r.to_user) for r in made if r.kind == Kind.FOLLOW],
        "blocked_players": [_entry(r, r.to_user) for r in made if r.kind == Kind.BLOCK],
        "muted_players": [_entry(r, r.to_user) for r in made if r.kind == Kind.MUTE],
        "followers": [_entry(r, r.from_user) for r in followers],
    }


def erase(user):
    Relation.objects.filter(from_user=user).delete()
    Relation.objects.filter(to_user=user).delete()
