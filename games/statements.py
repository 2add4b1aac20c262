"""The statements of a decision, written once per process instead of compiled by the ORM every time.

A decision runs three statements: lock the game with its seats, insert the log entry, update the game's
denormalised fields. Compiling them through the ORM (the models' columns, the joins, each field's
preparation) cost more CPU than the rules and the database together. Here each is written once, from
the same model metadata the ORM reads, and each value still goes through its field's own preparation
(``get_db_prep_save``) and conversion (``get_db_converters``), so what is stored and read back is what
the ORM would store and read. ``update`` and ``insert`` send ``pre_save`` and ``post_save`` exactly as
``Model.save`` does: the receivers (the clock, the outbox, live pages, ratings) see no difference.
"""

from django.contrib.auth import get_user_model
from django.db import DEFAULT_DB_ALIAS, DatabaseError, connection, connections
from django.db.models.signals import post_save, pre_save

from .models import Game, Seat

_STATEMENTS = {}


def _quote(name):
    return connection.ops.quote_name(name)


def written_once(key, write):
    """The statement under ``key``, written by ``write()`` the first time a process asks for it."""
    statement = _STATEMENTS.get(key)
    if statement is None:
        statement = _STATEMENTS[key] = write()
    return statement


# --- read: the game with its seats, locked ----------------------------------------------------------


def _columns(model, alias):
    names = [f.attname for f in model._meta.concrete_fields]
    return names, ", ".join(f"{alias}.{_quote(f.column)}" for f in model._meta.concrete_fields)


def _write_lock():
    User = get_user_model()
    seat_names, seat_cols = _columns(Seat, "s")
    game_names, game_cols = _columns(Game, "g")
    user_names, user_cols = _columns(User, "u")
    lock = " FOR UPDATE OF g" if connection.features.has_select_for_update_of else ""
    sql = (
        f"SELECT {seat_cols}, {game_cols}, {user_cols} FROM {_quote(Seat._meta.db_table)} s "
        f"INNER JOIN {_quote(Game._meta.db_table)} g ON g.{_quote(Game._meta.pk.column)} = s.{_quote('game_id')} "
        f"LEFT OUTER JOIN {_quote(User._meta.db_table)} u ON u.{_quote(User._meta.pk.column)} = s.{_quote('user_id')} "
        f"WHERE s.{_quote('game_id')} = %s AND s.{_quote('position')} IS NOT NULL{lock}"
    )
    return sql, seat_names, game_names, user_names


def locked_seats(game_id):
    """The game's seated seats, each with ``.game`` (one shared, locked instance) and ``.user`` loaded:
    ``Seat.objects.select_related("game", "user").select_for_update(of=("game",))`` in one query."""
    db = _db()
    sql, seat_names, game_names, user_names = written_once(("lock", db.vendor), _write_lock)
    User = get_user_model()
    with db.cursor() as cursor:
        cursor.execute(sql, [game_id])
        rows = cursor.fetchall()
    if not rows:
        return []
    ns, ng = len(seat_names), len(game_names)
    game = Game.from_db(db.alias, game_names, _convert(db, Game, rows[0][ns : ns + ng]))
    seats = []
    for row in rows:
        seat = Seat.from_db(db.alias, seat_names, _convert(db, Seat, row[:ns]))
        seat.game = game
        if seat.user_id is not None:
            seat.user = User.from_db(db.alias, user_names, _convert(db, User, row[ns + ng :]))
        seats.append(seat)
    return seats


def from_row(model, values):
    """An instance of ``model`` from the raw values of its concrete fields, in their order."""
    db = _db()
    return model.from_db(db.alias, [f.attname for f in model._meta.concrete_fields], _convert(db, model, values))


def _db():
    # The connection itself: ``django.db.connection`` is a proxy that looks the connection up again (in
    # a context-local store) on every attribute, which the loops below would pay per field.
    return connections[DEFAULT_DB_ALIAS]


def _convert(db, model, values):
    """Raw column values to the fields' Python values (JSON columns, SQLite's dates ...), as the ORM
    converts the rows it reads."""
    out = []
    for (field, converters), value in zip(_converters(db, model), values, strict=True):
        for converter in converters:
            value = converter(value, field, db)
        out.append(value)
    return out


def _converters(db, model):
    """(field, its converters) for each concrete field of ``model``, in order."""

    def write():
        found = []
        for field in model._meta.concrete_fields:
            col = field.get_col(model._meta.db_table)
            found.append((field, db.ops.get_db_converters(col) + field.get_db_converters(db)))
        return found

    return written_once(("converters", model, db.vendor), write)


# --- write: the log entry, the game's fields ---------------------------------------------------------


def update(instance, update_fields):
    """``instance.save(update_fields=update_fields)``: the same UPDATE and the same signals."""
    model = type(instance)
    fields = tuple(update_fields)

    def write():
        opts = model._meta
        columns = [opts.get_field(name) for name in fields]
        assignments = ", ".join(f"{_quote(f.column)} = %s" for f in columns)
        return f"UPDATE {_quote(opts.db_table)} SET {assignments} WHERE {_quote(opts.pk.column)} = %s", columns

    db = _db()
    sql, columns = written_once(("update", model, fields, db.vendor), write)
    using = db.alias
    frozen = frozenset(fields)
    pre_save.send(sender=model, instance=instance, raw=False, using=using, update_fields=frozen)
    # ``pre_save`` of each field after the signal, as Model.save does: auto_now takes the time here.
    values = [f.get_db_prep_save(f.pre_save(instance, False), db) for f in columns]
    with db.cursor() as cursor:
        cursor.execute(sql, [*values, instance.pk])
        if cursor.rowcount != 1:
            raise DatabaseError("Save with update_fields did not affect any rows.")
    instance._state.adding = False
    instance._state.db = using
    post_save.send(sender=model, instance=instance, created=False, update_fields=frozen, raw=False, using=using)


def insert(instance):
    """``instance.save()`` of a new row whose primary key the database assigns: the same INSERT and the
    same signals; sets the instance's primary key."""
    model = type(instance)

    def write():
        opts = model._meta
        columns = [f for f in opts.concrete_fields if f is not opts.pk]
        names = ", ".join(_quote(f.column) for f in columns)
        marks = ", ".join("%s" for _ in columns)
        sql = f"INSERT INTO {_quote(opts.db_table)} ({names}) VALUES ({marks})"
        if db.features.can_return_columns_from_insert:
            sql += f" RETURNING {_quote(opts.pk.column)}"
        return sql, columns

    db = _db()
    sql, columns = written_once(("insert", model, db.vendor), write)
    using = db.alias
    pre_save.send(sender=model, instance=instance, raw=False, using=using, update_fields=None)
    values = [f.get_db_prep_save(f.pre_save(instance, True), db) for f in columns]
    with db.cursor() as cursor:
        cursor.execute(sql, values)
        if db.features.can_return_columns_from_insert:
            pk = cursor.fetchone()[0]
        else:
            pk = db.ops.last_insert_id(cursor, model._meta.db_table, model._meta.pk.column)
    instance.pk = pk
    instance._state.adding = False
    instance._state.db = using
    post_save.send(sender=model, instance=instance, created=True, update_fields=None, raw=False, using=using)
    return instance
