package io.inboxra.ra.dialect.mysql;

import io.inboxra.dialect.KeyedInsert;

import java.sql.SQLException;

/** The MySQL dialect's keyed send: the insert, and how its duplicate key error is told from others. */
final class MySqlKeyedInserts {

    private MySqlKeyedInserts() {
    }

    /**
     * A plain {@code INSERT}, whose duplicate key error ({@link #isKeyPresent}: 1062 naming the key)
     * InnoDB rolls back alone, leaving the transaction going. Not {@code INSERT IGNORE}, which also
     * turns other errors into warnings (a {@code NOT NULL}, a value too long, another unique index);
     * and not {@code ON DUPLICATE KEY UPDATE k = k}, whose affected-rows count is 1 both for a new
     * row and for a duplicate under the drivers' default ({@code useAffectedRows=false} reports
     * found rows), so a send could not tell them apart.
     */
    static String insertIfAbsent(KeyedInsert insert) {
        return "INSERT INTO " + insert.table() + " (" + insert.columnList() + ") VALUES (" + insert.placeholders() + ")";
    }

    /** {@code ER_DUP_ENTRY} (1062) whose message names the key's value ({@code Duplicate entry 'msg-42' for key ...}). */
    static boolean isKeyPresent(SQLException failure, String key) {
        String message = failure.getMessage();
        return failure.getErrorCode() == 1062 && message != null
                && message.contains("'" + key.substring(0, Math.min(key.length(), 32)));
    }
}
