"""The statements the ORM would compile at every decision, written once per process where that pays.

Each is written from the same model metadata the ORM reads, and each value still goes through its field's
own preparation (``get_db_prep_save``) and conversion (``get_db_converters``), so what is stored and read
back is what the ORM would store and read. ``update`` sends ``pre_save`` and ``post_save`` as
``Model.save`` does; ``append_if_still_at`` sends ``post_save`` only, once it has written: see there.

What stays here is what measured more than a tenth of the decisions' throughput or of one player's wait
when it went back to the ORM (benchmarks/README.md, "Seventh round"):

- ``append_if_still_at``, a step within a turn in one statement: through the ORM (a transaction that
  locks the row, then INSERT and UPDATE) the one-client p50 ratio went from 1.40 to 1.75 and
  decisions/s ÷ floor from 0.59 to 0.40 (means of three alternating rounds); a step's CPU in process
  5.05 / 5.26 -> 8.97 / 8.62 ms.
- the clock's row and absences (``locked_row``, ``update``, ``column_values``) and the outbox's
  (``insert_ignoring_conflicts``, with ``written_once`` and ``from_row`` for the recipient's preferences),
  which run whenever the turn passes to a person: through the ORM a change of turn cost 10.2-10.6 ->
  11.8-15.2 ms of CPU in process (the clock's) and 14.9-15.1 ms (the outbox's), and decisions/s ÷ floor
  went from 0.59 to 0.51 with the locked path's statements as well. On PostgreSQL those writes now go out
  in the locked append's own statement (``along_with``), and the clock's row is read with the absences in
  one (games.clock.deadlines.locked_clock): a change of turn to a person 10 -> 7 queries, its CPU p50 in
  process 2.84-3.03 -> 2.54-2.65 ms (benchmarks/README.md, "Tenth round").

The lock of a game with its seats, the log's INSERT, the game's UPDATE on the locked path and a game's
read for its pages went back to the ORM: no difference beyond the machine's noise.
"""

import contextvars

from django.contrib.auth import get_user_model
from django.db import DEFAULT_DB_ALIAS, DatabaseError, connection, connections
from django.db.models.constants import OnConflict
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


# --- read: one locked row, columns of rows ----------------------------------------------------------


def locked_row(model, column, value):
    """``model.objects.select_for_update().filter(**{column: value}).first()`` for a column that is
    unique: the row, locked, or None."""
    db = _db()
    fields = tuple(model._meta.concrete_fields)

    def write():
        lock = " FOR UPDATE" if db.features.has_select_for_update else ""
        table = _quote(model._meta.db_table)
        return f"SELECT {_select(fields, 't')} FROM {table} t WHERE t.{_quote(column)} = %s{lock}"

    sql = written_once(("locked_row", model, column, db.vendor), write)
    with db.cursor() as cursor:
        cursor.execute(sql, [value])
        row = cursor.fetchone()
    return None if row is None else _instance(db, model, fields, row)


def from_row(model, values):
    """An instance of ``model`` from the raw values of its concrete fields, in their order."""
    return _instance(_db(), model, tuple(model._meta.concrete_fields), values)


def _db():
    # The connection itself: ``django.db.connection`` is a proxy that looks the connection up again (in
    # a context-local store) on every attribute, which the loops below would pay per field.
    return connections[DEFAULT_DB_ALIAS]


def _select(fields, alias):
    return ", ".join(f"{alias}.{_quote(f.column)}" for f in fields)


def _instance(db, model, fields, values):
    """``model.from_db`` of the raw ``values`` of ``fields`` (the model's, in its order; others deferred)."""
    return model.from_db(db.alias, [f.attname for f in fields], _convert(db, fields, values))


def _convert(db, fields, values):
    """Raw column values to the fields' Python values (JSON columns, SQLite's dates ...), as the ORM
    converts the rows it reads."""
    out = []
    for (field, converters), value in zip(_converters(db, fields), values, strict=True):
        for converter in converters:
            value = converter(value, field, db)
        out.append(value)
    return out


def _converters(db, fields):
    """(field, its converters) for each of ``fields`` (a tuple), looked up once per process."""

    def write():
        found = []
        for field in fields:
            col = field.get_col(field.model._meta.db_table)
            found.append((field, db.ops.get_db_converters(col) + field.get_db_converters(db)))
        return found

    return written_once(("converters", fields, db.vendor), write)


def _write_game_query():
    """The game, its creator and every seat (seated or not) with its user, one row per seat (one row with
    empty seat columns for a game without seats), the seats in ``Seat``'s order."""
    User = get_user_model()
    game_fields, seat_fields, user_fields = (tuple(m._meta.concrete_fields) for m in (Game, Seat, User))
    seat_order = ", ".join(
        f"s.{_quote(Seat._meta.get_field(name).column)}" for name in Seat._meta.ordering if name != "game"
    )
    users, creator = _quote(User._meta.db_table), _quote(Game._meta.get_field("created_by").column)
    user_pk, game_pk = _quote(User._meta.pk.column), _quote(Game._meta.pk.column)
    sql = (
        f"SELECT {_select(game_fields, 'g')}, {_select(user_fields, 'c')}, {_select(seat_fields, 's')}, "
        f"{_select(user_fields, 'u')} "
        f"FROM {_quote(Game._meta.db_table)} g "
        f"LEFT OUTER JOIN {users} c ON c.{user_pk} = g.{creator} "
        f"LEFT OUTER JOIN {_quote(Seat._meta.db_table)} s ON s.{_quote(Seat._meta.get_field('game').column)} "
        f"= g.{game_pk} "
        f"LEFT OUTER JOIN {users} u ON u.{user_pk} = s.{_quote(Seat._meta.get_field('user').column)} "
        f"WHERE g.{game_pk} = %s ORDER BY {seat_order}"
    )
    return sql, game_fields, seat_fields, user_fields


def game_with_seats(game_id):
    """(the game with its creator, its seats each with ``.game`` and ``.user``) or None: what
    ``Game.objects.select_related("created_by").get(pk=game_id)`` and
    ``list(Seat.objects.select_related("user").filter(game_id=game_id))`` give, in one query written once
    per process. The API's GET of a game reads it so: after a change of turn the next player's page reads
    the game, and in a game of short turns (Dominion: a turn in two or three decisions) that is one GET
    for every two decisions; the ORM's read cost 2.6 ms of CPU against 0.5 ms (benchmarks/README.md,
    "Ninth round")."""
    db = _db()
    sql, game_fields, seat_fields, user_fields = written_once(("game_with_seats", db.vendor), _write_game_query)
    with db.cursor() as cursor:
        cursor.execute(sql, [game_id])
        rows = cursor.fetchall()
    if not rows:
        return None
    User = get_user_model()
    ng, nu, ns = len(game_fields), len(user_fields), len(seat_fields)
    game = _instance(db, Game, game_fields, rows[0][:ng])
    game.created_by = None if game.created_by_id is None else _instance(db, User, user_fields, rows[0][ng : ng + nu])
    seat_pk = ng + nu + seat_fields.index(Seat._meta.pk)
    seats = []
    for row in rows:
        if row[seat_pk] is None:
            continue  # the outer join's one row of a game without seats
        seat = _instance(db, Seat, seat_fields, row[ng + nu : ng + nu + ns])
        seat.game = game
        seat.user = None if seat.user_id is None else _instance(db, User, user_fields, row[ng + nu + ns :])
        seats.append(seat)
    return game, seats


# --- write: a row's fields, a step's two rows ------------------------------------------------------


def update(instance, update_fields, along_with=None):
    """``instance.save(update_fields=update_fields)``: the same UPDATE and the same signals.

    ``along_with``: a game whose locked append (``append_locked``) is being prepared, whose ``pre_save``
    receivers are running: the UPDATE then goes out in that append's statement instead of a round trip
    of its own, and its ``post_save`` is sent once that statement has written it. Anywhere else it is
    written at once."""
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

    def written(rowcount):
        if rowcount != 1:
            raise DatabaseError("Save with update_fields did not affect any rows.")
        instance._state.adding = False
        instance._state.db = using
        post_save.send(sender=model, instance=instance, created=False, update_fields=frozen, raw=False, using=using)

    along = _along(along_with)
    if along is not None:
        along.append((("update", model, fields), f"{sql} RETURNING 1", [*values, instance.pk], written))
        return
    with db.cursor() as cursor:
        cursor.execute(sql, [*values, instance.pk])
        rowcount = cursor.rowcount
    written(rowcount)


# The writes that go out with the locked append being prepared: (the game's pk, [(key, SQL returning a
# row per row written, its parameters, what to do with that count once written)]). A context variable,
# as the threads of one process prepare appends of their own.
_taken_along = contextvars.ContextVar("statements_taken_along", default=None)


def taking_along(game):
    """Whether ``game``'s locked append is being prepared (its ``pre_save`` receivers are running), so that
    a receiver's ``update`` or ``insert_ignoring_conflicts`` with ``along_with=game`` goes out with it."""
    return _along(game) is not None


def _along(game):
    """The list of writes going out with ``game``'s locked append, if one is being prepared, else None."""
    taken = _taken_along.get()
    if game is None or taken is None or taken[0] != game.pk:
        return None
    return taken[1]


def appends_in_one_statement():
    """Whether ``append_if_still_at`` can be used: PostgreSQL runs an UPDATE inside a WITH clause."""
    return _db().vendor == "postgresql"


def _append_statement(db, game_model, entry_model, fields):
    """The statement of ``append_if_still_at``, written once per process: the game's UPDATE (only while
    the game, the one with that seed commitment, is still active at the seq given) and the entry's INSERT
    for the row it changed, returning the entry's id and the row as written."""

    def write():
        games, entries = game_model._meta, entry_model._meta
        game_columns, entry_columns, link = _append_columns(game_model, entry_model, fields)
        returned = tuple(games.concrete_fields)
        pk = _quote(games.pk.column)
        sql = (
            f"WITH moved AS (UPDATE {_quote(games.db_table)} SET {_assignments(game_columns)} "
            f"WHERE {pk} = %s AND {_quote('seq')} = %s AND {_quote('status')} = %s "
            f"AND {_quote('seed_commitment')} = %s RETURNING {_select(returned, _quote(games.db_table))}), "
            f"added AS ({_insert_from(entries, link, entry_columns, 'moved', pk)}) "
            f"SELECT added.{_quote(entries.pk.column)}, {_select(returned, 'moved')} FROM added, moved"
        )
        return sql, game_columns, entry_columns, returned

    return written_once(("append", game_model, fields, db.vendor), write)


def _locked_append_statement(db, game_model, entry_model, fields, along):
    """The statement of ``append_locked``, written once per process for each set of writes taken along:
    the locked game's UPDATE at the seq it was read at, the entry's INSERT for it, and the writes taken
    along (``along``), returning the entry's id and the rows each of those wrote."""

    def write():
        games, entries = game_model._meta, entry_model._meta
        game_columns, entry_columns, link = _append_columns(game_model, entry_model, fields)
        pk = _quote(games.pk.column)
        taken = "".join(f", w{i} AS ({sql})" for i, (_key, sql, _params, _written) in enumerate(along))
        counts = "".join(f", (SELECT count(*) FROM w{i})" for i in range(len(along)))
        sql = (
            f"WITH locked AS (UPDATE {_quote(games.db_table)} SET {_assignments(game_columns)} "
            f"WHERE {pk} = %s AND {_quote('seq')} = %s RETURNING {pk}), "
            f"added AS ({_insert_from(entries, link, entry_columns, 'locked', pk)}){taken} "
            f"SELECT added.{_quote(entries.pk.column)}{counts} FROM added"
        )
        return sql, game_columns, entry_columns

    keys = tuple(key for key, _sql, _params, _written in along)
    return written_once(("append_locked", game_model, fields, keys, db.vendor), write)


def _append_columns(game_model, entry_model, fields):
    """The game's fields written, the entry's columns but its key and its game, and its game's field."""
    entries = entry_model._meta
    link = entries.get_field("game")
    entry_columns = [f for f in entries.concrete_fields if f is not entries.pk and f is not link]
    return [game_model._meta.get_field(name) for name in fields], entry_columns, link


def _assignments(columns):
    return ", ".join(f"{_quote(f.column)} = %s" for f in columns)


def _insert_from(entries, link, entry_columns, source, pk):
    """The entry's INSERT for the game row ``source`` (a WITH clause's UPDATE) returned."""
    names = ", ".join(_quote(f.column) for f in [link, *entry_columns])
    marks = ", ".join("%s" for _ in entry_columns)
    return (
        f"INSERT INTO {_quote(entries.db_table)} ({names}) SELECT {source}.{pk}, {marks} FROM {source} "
        f"RETURNING {_quote(entries.pk.column)}"
    )


def _prepared(db, instance, columns, adding):
    return [f.get_db_prep_save(f.pre_save(instance, adding), db) for f in columns]


def _entry_written(entry, pk, game, using):
    entry.pk = pk
    entry.game = game
    entry._state.adding = False
    entry._state.db = using


def append_if_still_at(game, update_fields, entry, expected_seq):
    """PostgreSQL only: insert ``entry`` (a new ``LogEntry`` of ``game``) and update ``game``'s
    ``update_fields`` in one statement, and only while the game (the one with ``game``'s seed commitment)
    is still active at ``expected_seq``. Returns the game as written, a new instance read from the
    statement's own result (every column, the ones it did not write as they are in the database), with
    ``entry`` linked to it; None when the game had moved on or ended (then nothing is written).

    One statement, so atomic without a transaction: the UPDATE takes the game row's lock, a second
    writer at the same seq waits for it, then finds the seq moved on and writes nothing; the INSERT
    runs only for the row the UPDATE changed.

    Only ``post_save`` is sent, once both rows are written: a ``pre_save`` would announce a write that
    may not happen, outside any transaction that could undo what a receiver did about it. Its one
    caller, a step within a turn, is taken only when the same person is awaited before and after, which
    is when the ``pre_save`` receiver (the clock's) has nothing to do.
    """
    db = _db()
    game_model, entry_model = type(game), type(entry)
    fields = tuple(update_fields)
    sql, game_columns, entry_columns, returned = _append_statement(db, game_model, entry_model, fields)
    params = [
        *_prepared(db, game, game_columns, False), game.pk, expected_seq, game_model.Status.ACTIVE,
        game.seed_commitment, *_prepared(db, entry, entry_columns, True),
    ]
    with db.cursor() as cursor:
        cursor.execute(sql, params)
        row = cursor.fetchone()
    if row is None:
        return None
    using = db.alias
    frozen = frozenset(fields)
    written = _instance(db, game_model, returned, row[1:])
    _entry_written(entry, row[0], written, using)
    post_save.send(sender=game_model, instance=written, created=False, update_fields=frozen, raw=False, using=using)
    post_save.send(sender=entry_model, instance=entry, created=True, update_fields=None, raw=False, using=using)
    return written


def append_locked(game, update_fields, entry, seq):
    """PostgreSQL only, on the locked path (the caller holds ``game``'s row lock and read it at ``seq``):
    ``entry.save()`` and ``game.save(update_fields=update_fields)`` in one statement instead of two. The
    signals are those of the two saves, with the caller's instances: ``pre_save`` of the game before the
    statement (the clock sets the new deadline on it, which goes out with it), ``post_save`` of both once
    written (the outbox, live pages and ratings compare what the caller read with what is awaited now).

    A ``pre_save`` receiver's own writes may go out in the same statement (``update`` and
    ``insert_ignoring_conflicts`` with ``along_with=game``): a change of turn's clock and outbox rows are
    written with it instead of in round trips of their own.
    """
    db = _db()
    game_model, entry_model = type(game), type(entry)
    using = db.alias
    fields = tuple(update_fields)
    frozen = frozenset(fields)
    along = []
    taking = _taken_along.set((game.pk, along))
    try:
        pre_save.send(sender=entry_model, instance=entry, raw=False, using=using, update_fields=None)
        pre_save.send(sender=game_model, instance=game, raw=False, using=using, update_fields=frozen)
    finally:
        _taken_along.reset(taking)
    sql, game_columns, entry_columns = _locked_append_statement(db, game_model, entry_model, fields, along)
    params = [*_prepared(db, game, game_columns, False), game.pk, seq, *_prepared(db, entry, entry_columns, True)]
    for _key, _sql, taken_params, _written in along:
        params += taken_params
    with db.cursor() as cursor:
        cursor.execute(sql, params)
        row = cursor.fetchone()
    if row is None:
        raise DatabaseError("The locked game was not at the seq it was read at: nothing was written.")
    _entry_written(entry, row[0], game, using)
    game._state.adding = False
    game._state.db = using
    for (_key, _sql, _params, written), count in zip(along, row[1:], strict=True):
        written(count)
    post_save.send(sender=entry_model, instance=entry, created=True, update_fields=None, raw=False, using=using)
    post_save.send(sender=game_model, instance=game, created=False, update_fields=frozen, raw=False, using=using)


def insert_ignoring_conflicts(instances, along_with=None):
    """``model.objects.bulk_create(instances, ignore_conflicts=True)`` for instances of one model: one
    INSERT of them all that skips a row a unique constraint refuses (ON CONFLICT DO NOTHING, SQLite's
    INSERT OR IGNORE), sending no signal and setting no primary key, as bulk_create does then.
    ``along_with``: as for ``update``, a game whose locked append is being prepared takes it along."""
    if not instances:
        return
    db = _db()
    model = type(instances[0])

    def write():
        opts = model._meta
        columns = [f for f in opts.concrete_fields if f is not opts.pk]
        names = ", ".join(_quote(f.column) for f in columns)
        row = "(" + ", ".join("%s" for _ in columns) + ")"
        prefix = db.ops.insert_statement(on_conflict=OnConflict.IGNORE)
        suffix = db.ops.on_conflict_suffix_sql(columns, OnConflict.IGNORE, None, None)
        sql = f"{prefix} {_quote(opts.db_table)} ({names}) VALUES {', '.join([row] * len(instances))} {suffix}"
        return sql.rstrip(), columns

    sql, columns = written_once(("insert_ignoring", model, len(instances), db.vendor), write)
    values = [f.get_db_prep_save(f.pre_save(instance, True), db) for instance in instances for f in columns]
    along = _along(along_with)
    if along is not None:
        along.append((("insert_ignoring", model, len(instances)), f"{sql} RETURNING 1", values, lambda count: None))
        return
    with db.cursor() as cursor:
        cursor.execute(sql, values)


def column_values(model, fields, where):
    """``model.objects.filter(...).values_list(*fields)`` where ``where`` is a list of (field name, SQL
    comparison, value) terms joined by AND, e.g. ``[("user", "=", 3), ("ends_at", ">", now)]``. Each value
    is prepared by its field and each result converted, as the ORM does."""
    db = _db()
    opts = model._meta
    terms = tuple((name, op) for name, op, _value in where)

    def write():
        selected = [opts.get_field(name) for name in fields]
        compared = [opts.get_field(name) for name, _op in terms]
        conditions = " AND ".join(f"{_quote(f.column)} {op} %s" for f, (_name, op) in zip(compared, terms, strict=True))
        sql = f"SELECT {', '.join(_quote(f.column) for f in selected)} FROM {_quote(opts.db_table)} WHERE {conditions}"
        return sql, tuple(selected), compared

    sql, selected, compared = written_once(("values", model, tuple(fields), terms, db.vendor), write)
    params = [f.get_db_prep_value(value, db) for f, (_name, _op, value) in zip(compared, where, strict=True)]
    with db.cursor() as cursor:
        cursor.execute(sql, params)
        rows = cursor.fetchall()
    return [tuple(_convert(db, selected, row)) for row in rows]
