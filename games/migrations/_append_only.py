"""The append-only triggers of games_logentry, shared by the migrations that create them."""

MESSAGE = "games_logentry is append-only: entries cannot be changed or deleted"

SQL = {
    "postgresql": (
        [
            f"""
            CREATE OR REPLACE FUNCTION games_logentry_refuse_change() RETURNS trigger AS $$
            BEGIN
                RAISE EXCEPTION '{MESSAGE}' USING ERRCODE = 'integrity_constraint_violation';
            END;
            $$ LANGUAGE plpgsql;
            """,
            """
            CREATE TRIGGER games_logentry_append_only
            BEFORE UPDATE OR DELETE ON games_logentry
            FOR EACH ROW EXECUTE FUNCTION games_logentry_refuse_change();
            """,
        ],
        [
            "DROP TRIGGER IF EXISTS games_logentry_append_only ON games_logentry;",
            "DROP FUNCTION IF EXISTS games_logentry_refuse_change();",
        ],
    ),
    "sqlite": (
        [
            f"""
            CREATE TRIGGER games_logentry_no_update BEFORE UPDATE ON games_logentry
            BEGIN SELECT RAISE(ABORT, '{MESSAGE}'); END;
            """,
            f"""
            CREATE TRIGGER games_logentry_no_delete BEFORE DELETE ON games_logentry
            BEGIN SELECT RAISE(ABORT, '{MESSAGE}'); END;
            """,
        ],
        [
            "DROP TRIGGER IF EXISTS games_logentry_no_update;",
            "DROP TRIGGER IF EXISTS games_logentry_no_delete;",
        ],
    ),
}
