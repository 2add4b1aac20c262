"""The previous release's three tables of relations (friends_follow, blocks_block, chat_mute), kept in step
with ``Relation`` for one release, so that both releases can run on one database during an upgrade and
a rollback loses nothing:

- every follow, block and mute this release makes or lifts is written to its old table too, in the same
  transaction (``mirror``);
- the migration that creates ``Relation`` fills it from the old tables; what the previous release did
  after that (while both ran) reaches ``Relation`` through ``sync``: ``manage.py sync_relations``, run
  once the previous release has stopped (docs/social.md, "Upgrading"). Since this release writes both,
  the old tables then hold every relation there is, and ``sync`` makes ``Relation`` equal to them:
  it copies what is missing and removes what they no longer hold. Running it again changes nothing.

The next release drops the old tables, this module and the mirroring (docs/releases.md, "to contract").
"""

from django.apps import apps as installed_apps
from django.db import transaction
from django.db.models import Exists, OuterRef

# kind -> the old table's model (app label, name) and its two user fields (from, to)
LEGACY = {
    "follow": ("friends", "Follow", "follower", "followed"),
    "block": ("blocks", "Block", "blocker", "blocked"),
    "mute": ("chat", "Mute", "user", "muted"),
}


def _old(kind, apps):
    label, name, from_field, to_field = LEGACY[kind]
    return apps.get_model(label, name), from_field, to_field


def mirror(from_id, to_id, kind, present):
    """Write a change of ``Relation`` into the old table of ``kind`` (inside the caller's transaction)."""
    model, from_field, to_field = _old(kind, installed_apps)
    pair = {f"{from_field}_id": from_id, f"{to_field}_id": to_id}
    if present:
        model.objects.get_or_create(**pair)
    else:
        model.objects.filter(**pair).delete()


def sync(apps=installed_apps, write=True):
    """Make ``Relation`` hold exactly the relations of the old tables. Returns {kind: (missing, extra)}:
    how many rows it copied and removed (with ``write=False``: would copy and remove)."""
    relation_model = apps.get_model("relations", "Relation")
    found = {}
    with transaction.atomic():
        for kind in LEGACY:
            model, from_field, to_field = _old(kind, apps)
            in_old = model.objects.filter(**{from_field: OuterRef("from_user"), to_field: OuterRef("to_user")})
            extra = relation_model.objects.filter(kind=kind).exclude(Exists(in_old))
            in_new = relation_model.objects.filter(
                kind=kind, from_user=OuterRef(from_field), to_user=OuterRef(to_field)
            )
            missing = model.objects.exclude(Exists(in_new))
            if not write:
                found[kind] = (missing.count(), extra.count())
                continue
            removed, _by_model = extra.delete()
            rows = [
                relation_model(
                    from_user_id=getattr(old, f"{from_field}_id"), to_user_id=getattr(old, f"{to_field}_id"),
                    kind=kind, created_at=old.created_at,
                )
                for old in missing.iterator()
            ]
            relation_model.objects.bulk_create(rows, batch_size=1000, ignore_conflicts=True)
            found[kind] = (len(rows), removed)
    return found
