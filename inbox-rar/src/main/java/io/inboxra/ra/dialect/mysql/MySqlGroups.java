package io.inboxra.ra.dialect.mysql;

import io.inboxra.dialect.Param;
import io.inboxra.dialect.Statement;
import io.inboxra.dialect.TableSpec;

/**
 * MySQL's and MariaDB's FIFO group guards: named locks ({@code GET_LOCK(name, 0)}, never waiting),
 * scoped by the table, of a group or of one of its {@code groupConcurrency} slots. A named lock is
 * the session's, so the row lock form releases it after the claim's transaction ends, and the
 * advisory lock form uses the same slots.
 */
final class MySqlGroups {

    /** A slot's name: the group and the slot's number. */
    private static final String SLOT = "CONCAT(?, ':', ?)";

    private MySqlGroups() {
    }

    static Statement guard(TableSpec spec) {
        return Statement.of("SELECT GET_LOCK(" + MySqlNamedLocks.of(spec, "g", "?") + ", 0)", Param.GROUP);
    }

    static Statement release(TableSpec spec) {
        return Statement.of("SELECT RELEASE_LOCK(" + MySqlNamedLocks.of(spec, "g", "?") + ")", Param.GROUP);
    }

    static Statement slotGuard(TableSpec spec) {
        return Statement.of("SELECT GET_LOCK(" + MySqlNamedLocks.of(spec, "s", SLOT) + ", 0)", Param.GROUP, Param.SLOT);
    }

    static Statement slotRelease(TableSpec spec) {
        return Statement.of("SELECT RELEASE_LOCK(" + MySqlNamedLocks.of(spec, "s", SLOT) + ")", Param.GROUP,
                Param.SLOT);
    }
}
