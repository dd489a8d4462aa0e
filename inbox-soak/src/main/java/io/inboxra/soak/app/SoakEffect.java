package io.inboxra.soak.app;

import io.inboxra.InboxMessage;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;

/** A soak row's effect: one line of {@code soak_effects} per delivery, counted against the rows sent. */
final class SoakEffect {

    private SoakEffect() {
    }

    /**
     * Writes the effect of {@code message} through {@code c}, which the caller's transaction
     * enlisted, and closes it.
     *
     * @param tbl the subscription's short name in {@code soak_effects.tbl}
     */
    static void write(Connection c, String tbl, InboxMessage message) {
        try (c; PreparedStatement insert = c.prepareStatement("INSERT INTO soak_effects (tbl, row_id) VALUES (?, ?)")) {
            insert.setString(1, tbl);
            insert.setLong(2, ((Number) message.id()).longValue());
            insert.executeUpdate();
        } catch (SQLException e) {
            throw new IllegalStateException("Soak subscription '" + tbl + "' cannot write the effect of row "
                    + message.id(), e);
        }
    }
}
