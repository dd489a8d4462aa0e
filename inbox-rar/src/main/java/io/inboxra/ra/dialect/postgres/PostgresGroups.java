package io.inboxra.ra.dialect.postgres;

import io.inboxra.dialect.Param;
import io.inboxra.dialect.Statement;
import io.inboxra.dialect.TableSpec;

/**
 * PostgreSQL's FIFO group guards, all advisory locks that never wait: the row lock form's guard of
 * a group, or of one of its {@code groupConcurrency} slots, held until the claim's transaction ends;
 * and the advisory lock form's slots, session locks in a space of their own, apart from the rows' keys.
 */
final class PostgresGroups {

    private static final String SLOT = "hashtext(?::text || ':' || ?::text)";

    private PostgresGroups() {
    }

    /** Held until the claim's transaction ends: a row that enters the group ahead of the head waits too. */
    static Statement guard(TableSpec spec) {
        return Statement.of("SELECT pg_try_advisory_xact_lock(" + PostgresSpelling.lockSpace(spec)
                + ", hashtext(?::text))", Param.GROUP);
    }

    /** A group's slot, held until the claim's transaction ends, as {@link #guard} holds the group. */
    static Statement slotGuard(TableSpec spec) {
        return Statement.of("SELECT pg_try_advisory_xact_lock(" + PostgresSpelling.lockSpace(spec) + ", " + SLOT + ")",
                Param.GROUP, Param.SLOT);
    }

    /** A group's slot for the advisory lock form: a session lock. */
    static Statement slotLock(TableSpec spec) {
        return Statement.of("SELECT pg_try_advisory_lock(" + slotSpace(spec) + ", " + SLOT + ")", Param.GROUP, Param.SLOT);
    }

    static Statement slotUnlock(TableSpec spec) {
        return Statement.of("SELECT pg_advisory_unlock(" + slotSpace(spec) + ", " + SLOT + ")", Param.GROUP, Param.SLOT);
    }

    /** The first key of the advisory lock form's group slots: apart from the rows' keys. */
    private static String slotSpace(TableSpec spec) {
        return "hashtext('" + spec.table().replace("'", "''") + ":slot')";
    }
}
