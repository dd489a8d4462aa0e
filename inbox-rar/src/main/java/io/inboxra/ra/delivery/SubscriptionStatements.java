package io.inboxra.ra.delivery;

import io.inboxra.dialect.ClaimShape;
import io.inboxra.dialect.Dialect;
import io.inboxra.dialect.RowLock;
import io.inboxra.dialect.Statement;
import io.inboxra.dialect.StatementException;
import io.inboxra.dialect.TableSpec;

import java.util.Optional;

/**
 * The statements one subscription runs, built once from its dialect at activation.
 *
 * @param claim the row lock claim
 * @param settle the acknowledgement's settlement
 * @param probe the idle check, when the dialect has one
 * @param readsAttempts whether the claim returns the attempt column
 */
public record SubscriptionStatements(Statement claim, Statement settle, Optional<Statement> probe,
        boolean readsAttempts) {

    /**
     * @param dialect the subscription's dialect, with the row lock capability
     * @param spec the checked table description
     * @return the statements
     * @throws StatementException when the dialect cannot build one
     */
    public static SubscriptionStatements rowLock(Dialect dialect, TableSpec spec) throws StatementException {
        return new SubscriptionStatements(((RowLock) dialect).lockClaim(spec, ClaimShape.ROLES),
                dialect.settle(spec), dialect.probe(spec), spec.attemptColumn().isPresent());
    }
}
