package io.inboxra.ra.dialect.mysql;

import io.inboxra.dialect.TableSpec;

/** The names of the MySQL dialect's named locks ({@code GET_LOCK}): the advisory form's and the FIFO groups'. */
final class MySqlNamedLocks {

    private MySqlNamedLocks() {
    }

    /** A named lock, at most 64 characters whatever the key: scoped by the table, hashed. */
    static String of(TableSpec spec, String kind, String key) {
        return "CONCAT('inbox.', MD5(CONCAT('" + spec.table().replace("'", "''") + ":" + kind + ":', " + key + ")))";
    }
}
