"""The statements of a decision, written once per process instead of compiled by the ORM every time.

A decision runs three statements: lock the game with its seats, insert the log entry, update the game's
denormalised fields. On PostgreSQL a step within a turn runs two (read the game with its seats, then
``append_if_still_at``), and a change of turn adds the clock's row. Compiling these through the ORM (the
models' columns, the joins, each field's preparation) cost more CPU than the rules and the database
together. Here each is written once, from the same model metadata the ORM reads, and each value still
goes through its field's own preparation (``get_db_prep_save``) and conversion (``get_db_converters``),
so what is stored and read back is what the ORM would store and read. ``update`` and ``insert`` send
``pre_save`` and ``post_save`` as ``Model.save`` does: the receivers (the clock, the outbox, live pages,
ratings) see no difference. ``append_if_still_at`` sends ``post_save`` only, once it has written: see there.
"""

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


# --- read: the game with its seats --------------------------------------------------------------


def _write_seats_query(lock):
    """The seated seats of a game with the game and each seat's user: all the user's columns when
    ``lock`` (the locked path's users go on to the receivers), else only the id and username."""
    User = get_user_model()
    if lock:
        user_fields = tuple(User._meta.concrete_fields)
    else:
        # In the model's field order, as ``from_db`` reads the values of a partial row.
        wanted = {User._meta.pk.attname, User._meta.get_field(User.USERNAME_FIELD).attname}
        user_fields = tuple(f for f in User._meta.concrete_fields if f.attname in wanted)
    seat_fields, game_fields = tuple(Seat._meta.concrete_fields), tuple(Game._meta.concrete_fields)
    clause = " FOR UPDATE OF g" if lock and connection.features.has_select_for_update_of else ""
    sql = (
        f"SELECT {_select(seat_fields, 's')}, {_select(game_fields, 'g')}, {_select(user_fields, 'u')} "
        f"FROM {_quote(Seat._meta.db_table)} s "
        f"INNER JOIN {_quote(Game._meta.db_table)} g ON g.{_quote(Game._meta.pk.column)} = s.{_quote('game_id')} "
        f"LEFT OUTER JOIN {_quote(User._meta.db_table)} u ON u.{_quote(User._meta.pk.column)} = s.{_quote('user_id')} "
        f"WHERE s.{_quote('game_id')} = %s AND s.{_quote('position')} IS NOT NULL{clause}"
    )
    return sql, seat_fields, game_fields, user_fields


def _read_seats(game_id, lock):
    db = _db()
    sql, seat_fields, game_fields, user_fields = written_once(
        ("seats", lock, db.vendor), lambda: _write_seats_query(lock)
    )
    with db.cursor() as cursor:
        cursor.execute(sql, [game_id])
        rows = cursor.fetchall()
    if not rows:
        return []
    ns, ng = len(seat_fields), len(game_fields)
    game = _instance(db, Game, game_fields, rows[0][ns : ns + ng])
    return [_seat_of(db, game, seat_fields, row[:ns], user_fields, row[ns + ng :]) for row in rows]


def _seat_of(db, game, seat_fields, seat_values, user_fields, user_values):
    """A seat of ``game`` with its user (None for a bot's seat), from the raw values of a joined row."""
    seat = _instance(db, Seat, seat_fields, seat_values)
    seat.game = game
    seat.user = None if seat.user_id is None else _instance(db, get_user_model(), user_fields, user_values)
    return seat


def locked_seats(game_id):
    """The game's seated seats, each with ``.game`` (one shared, locked instance) and ``.user`` loaded:
    ``Seat.objects.select_related("game", "user").select_for_update(of=("game",))`` in one query."""
    return _read_seats(game_id, lock=True)


def current_seats(game_id):
    """The game and its seated seats as they are now, without a lock, for a writer that will only write
    if the game is still at the seq it read (``append_if_still_at``). Each seat's user carries only its
    id and username (what a step needs: who the seat is, and the name to answer with); the rest of the
    user's fields are deferred, as ``.only("id", "username")`` leaves them."""
    return _read_seats(game_id, lock=False)


def _write_game_query():
    """The game, its creator and every seat (seated or not) with its user, one row per seat (one row with
    empty seat columns for a game without seats), the seats in ``Seat``'s order within a game."""
    User = get_user_model()
    game_fields, seat_fields, user_fields = (tuple(m._meta.concrete_fields) for m in (Game, Seat, User))
    seat_order = ", ".join(
        f"s.{_quote(Seat._meta.get_field(name).column)}" for name in Seat._meta.ordering if name != "game"
    )
    users, creator = _quote(User._meta.db_table), _quote(Game._meta.get_field("created_by").column)
    user_pk = _quote(User._meta.pk.column)
    sql = (
        f"SELECT {_select(game_fields, 'g')}, {_select(user_fields, 'c')}, {_select(seat_fields, 's')}, "
        f"{_select(user_fields, 'u')} "
        f"FROM {_quote(Game._meta.db_table)} g "
        f"LEFT OUTER JOIN {users} c ON c.{user_pk} = g.{creator} "
        f"LEFT OUTER JOIN {_quote(Seat._meta.db_table)} s ON s.{_quote('game_id')} = g.{_quote(Game._meta.pk.column)} "
        f"LEFT OUTER JOIN {users} u ON u.{user_pk} = s.{_quote('user_id')} "
        f"WHERE g.{_quote(Game._meta.pk.column)} = %s ORDER BY {seat_order}"
    )
    return sql, game_fields, seat_fields, user_fields


def game_with_seats(game_id):
    """The game as its pages and the API show it, or None: what
    ``Game.objects.select_related("created_by").prefetch_related(Prefetch("seats",
    Seat.objects.select_related("user"))).get(pk=game_id)`` gives, in one query instead of two.
    ``game.seats.all()``, each seat's ``.user`` and ``.game``, and ``game.created_by`` read no more rows.
    Every GET of a game runs this; the ORM's prefetch cost more CPU than everything else in such a GET."""
    db = _db()
    sql, game_fields, seat_fields, user_fields = written_once(("game", db.vendor), _write_game_query)
    with db.cursor() as cursor:
        cursor.execute(sql, [game_id])
        rows = cursor.fetchall()
    if not rows:
        return None
    User = get_user_model()
    ng, nu, ns = len(game_fields), len(user_fields), len(seat_fields)
    game = _instance(db, Game, game_fields, rows[0][:ng])
    if game.created_by_id is not None:
        game.created_by = _instance(db, User, user_fields, rows[0][ng : ng + nu])
    seat_pk = ng + nu + seat_fields.index(Seat._meta.pk)
    seats = [
        _seat_of(db, game, seat_fields, row[ng + nu : ng + nu + ns], user_fields, row[ng + nu + ns :])
        for row in rows
        if row[seat_pk] is not None  # not the outer join's one row of a game without seats
    ]
    _as_prefetched(game, "seats", seats, "user")
    return game


def _as_prefetched(instance, related_name, objects, *select_related):
    """Leave ``objects`` on ``instance`` as ``prefetch_related(Prefetch(related_name,
    queryset.select_related(*select_related)))`` does (Django's ``prefetch_one_level``):
    ``instance.<related_name>.all()`` then gives them without a query, and a queryset made from it
    (``.filter(...)``) still joins what the prefetch's queryset joined."""
    queryset = getattr(instance, related_name).select_related(*select_related)
    queryset._result_cache = list(objects)
    queryset._prefetch_done = True
    instance._prefetched_objects_cache = {related_name: queryset}


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
