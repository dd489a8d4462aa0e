package io.inboxra.it.app;

import jakarta.annotation.Resource;
import jakarta.ejb.Stateless;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import javax.sql.DataSource;

/** Records each call of an MDB in its own transaction, so calls that roll back are counted too. */
@Stateless
public class Invocations {

    @Resource(lookup = "java:app/jdbc/effects")
    private DataSource dataSource;

    @TransactionAttribute(TransactionAttributeType.REQUIRES_NEW)
    public int record(Object rowId, String mdb) {
        return record(rowId, mdb, null);
    }

    /**
     * @param attempt the delivery's {@code InboxMessage.attempt()}, kept with the call's time
     * @return which call for this row this was, counting from 1
     */
    @TransactionAttribute(TransactionAttributeType.REQUIRES_NEW)
    public int record(Object rowId, String mdb, Integer attempt) {
        try (Connection c = dataSource.getConnection();
             PreparedStatement insert = c.prepareStatement("INSERT INTO it_invocations (row_id, mdb, attempt) VALUES (?, ?, ?)");
             PreparedStatement count = c.prepareStatement("SELECT count(*) FROM it_invocations WHERE row_id = ? AND mdb = ?")) {
            insert.setLong(1, ((Number) rowId).longValue());
            insert.setString(2, mdb);
            insert.setObject(3, attempt, java.sql.Types.INTEGER);
            insert.executeUpdate();
            count.setLong(1, ((Number) rowId).longValue());
            count.setString(2, mdb);
            try (var rs = count.executeQuery()) {
                rs.next();
                return rs.getInt(1);
            }
        } catch (SQLException e) {
            throw new IllegalStateException("cannot record the call for row " + rowId, e);
        }
    }
}
