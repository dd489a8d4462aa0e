package io.inboxra.ra.delivery;

import io.inboxra.dialect.LeaseInSteps;
import io.inboxra.dialect.Statement;
import io.inboxra.ra.connection.Bindings;
import io.inboxra.ra.connection.ClaimedRow;
import io.inboxra.ra.connection.ConnectionPool;
import io.inboxra.ra.connection.DatabaseConnection;
import io.inboxra.ra.connection.SubscriptionStatements;

import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The lease form's claim, on a pooled connection: one statement where the database returns what it
 * writes; else, in one short transaction, the rows under lock with the lease about to be written
 * and that lease written (two statements, {@link LeaseInSteps#leaseRows}), or ids under lock, their
 * leases written and the rows read back.
 */
final class LeaseClaim {

    private final DeliveryContext context;
    private final SubscriptionStatements statements;
    private final ConnectionPool pool;
    private final Bindings bindings;
    /** The claim in steps, or null where one statement claims. */
    private final LeaseInSteps steps;
    /** The claim in steps' statements for all of a claim's rows, by how many (built once per size, not per poll). */
    private final Map<Integer, Optional<Statement>> leaseWriteAll = new HashMap<>();
    private final Map<Integer, Optional<Statement>> leaseReadAll = new HashMap<>();
    private final Map<Integer, Optional<Statement>> leaseWriteToken = new HashMap<>();
    /**
     * Whether a lease written as the claim computed it reads back as that token: checked on this
     * worker's first claim of rows ({@link LeaseInSteps#leaseRows}); until then, and for ever where
     * the lease column rounds what it stores, the rows are read back after the write.
     */
    private boolean tokenReadsBack;

    LeaseClaim(DeliveryContext context, ConnectionPool pool, Bindings bindings) {
        this.context = context;
        this.statements = context.statements();
        this.pool = pool;
        this.bindings = bindings;
        this.steps = statements.leaseInSteps() ? (LeaseInSteps) context.dialect() : null;
    }

    /** @return the rows claimed, each leased, in claim order */
    List<ClaimedRow> claim() throws SQLException {
        if (steps == null) {
            return pool.withConnection(c -> context.failingRows().claim(c, statements.claim(), bindings));
        }
        return pool.inTransaction(tx -> {
            List<ClaimedRow> claimed = context.failingRows().claim(tx, statements.claim(), bindings);
            if (claimed.isEmpty() || claimed.get(0).token() == null) {
                return leaseAndReadBack(tx, claimed);
            }
            Statement write = leaseWriteToken.computeIfAbsent(claimed.size(),
                    n -> steps.leaseWriteToken(context.settings().table(), n)).orElseThrow();
            tx.update(write, bindings.rows(claimed).row(claimed.get(0)));
            if (tokenReadsBack) {
                return claimed;
            }
            List<ClaimedRow> read = readBack(tx, claimed);
            tokenReadsBack = read.size() == claimed.size() && tokensEqual(claimed, read);
            return read;
        });
    }

    /** The claim's tokens, as the lease column reads them back. */
    private static boolean tokensEqual(List<ClaimedRow> claimed, List<ClaimedRow> read) {
        for (int i = 0; i < claimed.size(); i++) {
            if (!String.valueOf(claimed.get(i).token()).equals(String.valueOf(read.get(i).token()))) {
                return false;
            }
        }
        return true;
    }

    /** The rows, each with its token as written, read back in claim order. */
    private List<ClaimedRow> readBack(DatabaseConnection tx, List<ClaimedRow> claimed) throws SQLException {
        Optional<Statement> readAll = claimed.size() > 1 ? leaseReadAll.computeIfAbsent(claimed.size(),
                n -> steps.leaseReadAll(context.settings().table(), n)) : Optional.empty();
        if (readAll.isPresent()) {
            return inClaimOrder(claimed, tx.claim(readAll.get(), bindings.rows(claimed)));
        }
        List<ClaimedRow> rows = new ArrayList<>();
        for (ClaimedRow row : claimed) {
            rows.addAll(tx.claim(statements.leaseRead().orElseThrow(), bindings.row(row)));
        }
        return rows;
    }

    /** The claim's second and third steps where its first took ids only: each lease written, each row read back. */
    private List<ClaimedRow> leaseAndReadBack(DatabaseConnection tx, List<ClaimedRow> ids) throws SQLException {
        Optional<Statement> writeAll = ids.size() > 1 ? leaseWriteAll.computeIfAbsent(ids.size(),
                n -> steps.leaseWriteAll(context.settings().table(), n)) : Optional.empty();
        if (writeAll.isPresent()) {
            tx.update(writeAll.get(), bindings.rows(ids));
        } else {
            for (ClaimedRow id : ids) {
                tx.update(statements.leaseWrite().orElseThrow(), bindings.row(id));
            }
        }
        return readBack(tx, ids);
    }

    /** @return the rows read back, in the order the claim took their ids */
    private static List<ClaimedRow> inClaimOrder(List<ClaimedRow> ids, List<ClaimedRow> read) {
        Map<Object, ClaimedRow> byId = new HashMap<>();
        read.forEach(row -> byId.put(row.idKey(), row));
        List<ClaimedRow> rows = new ArrayList<>();
        for (ClaimedRow id : ids) {
            ClaimedRow row = byId.get(id.idKey());
            if (row != null) {
                rows.add(row);
            }
        }
        return rows;
    }
}
