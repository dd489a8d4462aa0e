package io.inboxra.it.timeout;

import io.inboxra.producer.InboxProducerFactory;
import jakarta.annotation.Resource;
import jakarta.ejb.Stateless;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;

/**
 * Bean methods an MDB calls outside its delivery's transaction: each writes an effect through
 * the inbox producer factory's connection, which there is the factory's ordinary one, never the
 * claim's lent branch.
 */
@Stateless
public class LentElsewhere {

    @Resource(lookup = "java:app/inbox/lent-producers")
    private InboxProducerFactory producers;

    /** In a transaction of its own: commits whatever the delivery does. */
    @TransactionAttribute(TransactionAttributeType.REQUIRES_NEW)
    public void inNewTransaction(long rowId) {
        write(rowId, "LentRequiresNew");
    }

    /** In no transaction: the write commits by itself. */
    @TransactionAttribute(TransactionAttributeType.NOT_SUPPORTED)
    public void withoutTransaction(long rowId) {
        write(rowId, "LentNotSupported");
    }

    private void write(long rowId, String mdb) {
        try (Connection c = producers.connection();
                PreparedStatement effect = c.prepareStatement("INSERT INTO it_effects (row_id, mdb) VALUES (?, ?)")) {
            effect.setLong(1, rowId);
            effect.setString(2, mdb);
            effect.executeUpdate();
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }
}
