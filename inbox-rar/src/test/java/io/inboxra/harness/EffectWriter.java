package io.inboxra.harness;

import io.inboxra.InboxListener;
import io.inboxra.InboxMessage;
import io.inboxra.Outcome;

import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;
import javax.sql.XAConnection;
import javax.sql.XADataSource;

/**
 * An MDB's own work, as a test listener: an effect row written through its own XA connection
 * to PostgreSQL, enlisted in the delivery's transaction (two phases with the adapter's branch).
 * Rows named in {@code failAfterInsert} fail once, after their write.
 */
public final class EffectWriter implements InboxListener, AutoCloseable {

    private final XADataSource dataSource;
    private final String effects;
    private final Set<Long> failAfterInsert;
    private final Consumer<InboxMessage> afterWrite;
    private final List<XAConnection> opened = new CopyOnWriteArrayList<>();
    private final ThreadLocal<XAConnection> connection = new ThreadLocal<>();
    /** One resource object per transaction: re-enlisted within it (a batch), it is the same, not a join. */
    private final ThreadLocal<javax.transaction.xa.XAResource> resource = new ThreadLocal<>();
    /**
     * One handle per transaction too: PostgreSQL's driver closes the previous handle on each
     * getConnection and rolls back its work, the rows of a batch written so far among it.
     */
    private final ThreadLocal<java.sql.Connection> handle = new ThreadLocal<>();
    /** The transaction the resource and handle above serve. */
    private final ThreadLocal<jakarta.transaction.Transaction> transaction = new ThreadLocal<>();

    public EffectWriter(String effects, Set<Long> failAfterInsert) {
        this(Postgres.xaDataSource(), effects, failAfterInsert, message -> { });
    }

    public EffectWriter(XADataSource dataSource, String effects, Set<Long> failAfterInsert) {
        this(dataSource, effects, failAfterInsert, message -> { });
    }

    public EffectWriter(String effects, Set<Long> failAfterInsert, Consumer<InboxMessage> afterWrite) {
        this(Postgres.xaDataSource(), effects, failAfterInsert, afterWrite);
    }

    /** @param afterWrite runs after the effect's write, before the outcome (to block, sleep, fail) */
    public EffectWriter(XADataSource dataSource, String effects, Set<Long> failAfterInsert,
            Consumer<InboxMessage> afterWrite) {
        this.dataSource = dataSource;
        this.effects = effects;
        this.failAfterInsert = failAfterInsert;
        this.afterWrite = afterWrite;
    }

    @Override
    public Outcome onMessage(InboxMessage message) {
        try {
            XAConnection xa = connection.get();
            if (xa == null) {
                xa = dataSource.getXAConnection();
                opened.add(xa);
                connection.set(xa);
            }
            jakarta.transaction.Transaction transaction = Narayana.transactionManager().getTransaction();
            if (transaction != this.transaction.get()) {
                // Fresh for each transaction, as an MDB's pooled connection would be; the same within one.
                this.transaction.set(transaction);
                resource.set(xa.getXAResource());
                handle.set(xa.getConnection());
            }
            if (!transaction.enlistResource(resource.get())) {
                throw new IllegalStateException("the effect's XA resource was not enlisted");
            }
            long id = ((Number) message.id()).longValue();
            try (PreparedStatement insert = handle.get()
                    .prepareStatement("INSERT INTO " + effects + " (row_id) VALUES (?)")) {
                insert.setLong(1, id);
                insert.executeUpdate();
            }
            afterWrite.accept(message);
            if (failAfterInsert.remove(id)) {
                throw new IllegalStateException("the MDB fails after its write");
            }
            return Outcome.ack();
        } catch (RuntimeException e) {
            throw e;
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    @Override
    public void close() throws SQLException {
        for (XAConnection xa : opened) {
            xa.close();
        }
    }
}
