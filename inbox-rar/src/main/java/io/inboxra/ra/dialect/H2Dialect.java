package io.inboxra.ra.dialect;

import io.inboxra.dialect.ClaimShape;
import io.inboxra.dialect.Form;
import io.inboxra.dialect.Lease;
import io.inboxra.dialect.Param;
import io.inboxra.dialect.Statement;
import io.inboxra.dialect.StatementException;
import io.inboxra.dialect.TableSpec;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * H2 2.2.220 and later (the first with {@code SKIP LOCKED}): the embedded default. Row lock and
 * lease forms; H2's {@code UPDATE} returns no rows, so a lease claim selects ids under lock,
 * writes each lease and reads the row back, in one short transaction.
 */
public final class H2Dialect extends SkipLockedDialect implements Lease {

    /** The name the {@code dialect} property takes. */
    public static final String NAME = "h2";

    @Override
    public String name() {
        return NAME;
    }

    @Override
    protected String later() {
        return "DATEADD(MILLISECOND, ?, CURRENT_TIMESTAMP)";
    }

    @Override
    public Statement leaseClaim(TableSpec spec, ClaimShape shape) throws StatementException {
        if (spec.isFifo()) {
            throw new StatementException(StatementException.Kind.UNSUPPORTED_FIFO, name(),
                    "this dialect keeps no FIFO groups; remove 'fifoColumn'");
        }
        return leaseIds(spec);
    }

    @Override
    public Optional<Statement> leaseWrite(TableSpec spec) {
        return Optional.of(leaseWriteById(spec));
    }

    @Override
    public Optional<Statement> leaseRead(TableSpec spec) {
        return Optional.of(Statement.of("SELECT " + clauses(spec).columns(ClaimShape.ROLES) + ", "
                + quote(spec.lockedUntilColumn().orElseThrow()) + " AS " + ClaimShape.TOKEN + " FROM " + table(spec)
                + " WHERE " + quote(spec.idColumn()) + " = ?", Param.ID));
    }

    @Override
    public Statement extendLease(TableSpec spec) {
        return Statement.of(extendLeaseUpdate(spec), Param.LEASE, Param.ID, Param.TOKEN);
    }

    @Override
    public Statement purge(TableSpec spec) {
        return Statement.of("DELETE FROM " + table(spec) + " WHERE " + quote(spec.processedAtColumn().orElseThrow())
                + " < DATEADD(MILLISECOND, -?, CURRENT_TIMESTAMP) FETCH FIRST ? ROWS ONLY", Param.AGE, Param.LIMIT);
    }
}
