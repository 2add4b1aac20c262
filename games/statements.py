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
  went from 0.59 to 0.51 with the locked path's statements as well.

The lock of a game with its seats, the log's INSERT, the game's UPDATE on the locked path and a game's
read for its pages went back to the ORM: no difference beyond the machine's noise.
"""

from django.db import DEFAULT_DB_ALIAS, DatabaseError, connection, connections
from django.db.models.constants import OnConflict
from django.db.models.signals import post_save, pre_save

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


# --- write: a row's fields, a step's two rows ------------------------------------------------------


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


def appends_in_one_statement():
    """Whether ``append_if_still_at`` can be used: PostgreSQL runs an UPDATE inside a WITH clause."""
    return _db().vendor == "postgresql"


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

    def write():
        games, entries = game_model._meta, entry_model._meta
        game_columns = [games.get_field(name) for name in fields]
        returned = tuple(games.concrete_fields)
        link = entries.get_field("game")
        entry_columns = [f for f in entries.concrete_fields if f is not entries.pk and f is not link]
        assignments = ", ".join(f"{_quote(f.column)} = %s" for f in game_columns)
        names = ", ".join(_quote(f.column) for f in [link, *entry_columns])
        marks = ", ".join("%s" for _ in entry_columns)
        pk = _quote(games.pk.column)
        sql = (
            f"WITH moved AS (UPDATE {_quote(games.db_table)} SET {assignments} "
            f"WHERE {pk} = %s AND {_quote('seq')} = %s AND {_quote('status')} = %s "
            f"AND {_quote('seed_commitment')} = %s RETURNING {_select(returned, _quote(games.db_table))}), "
            f"added AS (INSERT INTO {_quote(entries.db_table)} ({names}) "
            f"SELECT moved.{pk}, {marks} FROM moved RETURNING {_quote(entries.pk.column)}) "
            f"SELECT added.{_quote(entries.pk.column)}, {_select(returned, 'moved')} FROM added, moved"
        )
        return sql, game_columns, entry_columns, returned

    sql, game_columns, entry_columns, returned = written_once(("append", game_model, fields, db.vendor), write)
    using = db.alias
    frozen = frozenset(fields)
    game_values = [f.get_db_prep_save(f.pre_save(game, False), db) for f in game_columns]
    entry_values = [f.get_db_prep_save(f.pre_save(entry, True), db) for f in entry_columns]
    params = [*game_values, game.pk, expected_seq, game_model.Status.ACTIVE, game.seed_commitment, *entry_values]
    with db.cursor() as cursor:
        cursor.execute(sql, params)
        row = cursor.fetchone()
    if row is None:
        return None
    written = _instance(db, game_model, returned, row[1:])
    entry.pk = row[0]
    entry.game = written
    entry._state.adding = False
    entry._state.db = using
    post_save.send(sender=game_model, instance=written, created=False, update_fields=frozen, raw=False, using=using)
    post_save.send(sender=entry_model, instance=entry, created=True, update_fields=None, raw=False, using=using)
    return written


def insert_ignoring_conflicts(instances):
    """``model.objects.bulk_create(instances, ignore_conflicts=True)`` for instances of one model: one
    INSERT of them all that skips a row a unique constraint refuses (ON CONFLICT DO NOTHING, SQLite's
    INSERT OR IGNORE), sending no signal and setting no primary key, as bulk_create does then."""
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
