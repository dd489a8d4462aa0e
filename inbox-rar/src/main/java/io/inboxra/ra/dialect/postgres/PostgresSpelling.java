package io.inboxra.ra.dialect.postgres;

import io.inboxra.dialect.TableSpec;

/** How the PostgreSQL dialect's statements spell a string literal and an advisory lock's space. */
final class PostgresSpelling {

    private PostgresSpelling() {
    }

    /**
     * A string literal. A {@code ?} is written as an escape ({@code E'...\x3f...'}): a statement's
     * every {@code ?} is a placeholder, and these bind nothing.
     */
    static String literal(String text) {
        if (text.indexOf('?') < 0) {
            return "'" + text.replace("'", "''") + "'";
        }
        return "E'" + text.replace("\\", "\\\\").replace("'", "''").replace("?", "\\x3f") + "'";
    }

    /** The first key of the two-key advisory lock: the table, so keys of different tables never meet. */
    static String lockSpace(TableSpec spec) {
        return "hashtext('" + spec.table().replace("'", "''") + "')";
    }
}
