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
    public Statement leaseClaim(TableSpec spec, ClaimShape shape) throws StatementException {
        if (spec.form() != Form.LEASE) {
            throw new StatementException(StatementException.Kind.FORM_MISMATCH, name(),
                    "the lease claim is for tables in the lease form; this table is in the " + spec.form() + " form");
        }
        if (spec.isFifo()) {
            throw new StatementException(StatementException.Kind.UNSUPPORTED_FIFO, name(),
                    "this dialect keeps no FIFO groups; remove 'fifoColumn'");
        }
        ClaimClauses clauses = new ClaimClauses(this, spec);
        List<Param> params = new ArrayList<>();
        String where = clauses.where(params);
        params.add(Param.LIMIT);
        return new Statement("SELECT " + clauses.columns(ClaimShape.IDS) + " AS " + ClaimShape.ID + " FROM "
                + table(spec) + " h" + where + clauses.orderBy() + " LIMIT ? FOR UPDATE SKIP LOCKED", params);
    }

    @Override
    public Optional<Statement> leaseWrite(TableSpec spec) {
        return Optional.of(Statement.of("UPDATE " + table(spec) + " SET " + quote(spec.lockedUntilColumn().orElseThrow())
                + " = DATEADD(MILLISECOND, ?, CURRENT_TIMESTAMP) WHERE " + quote(spec.idColumn()) + " = ?",
                Param.LEASE, Param.ID));
    }

    @Override
    public Optional<Statement> leaseRead(TableSpec spec) {
        return Optional.of(Statement.of("SELECT " + new ClaimClauses(this, spec).columns(ClaimShape.ROLES) + ", "
                + quote(spec.lockedUntilColumn().orElseThrow()) + " AS " + ClaimShape.TOKEN + " FROM " + table(spec)
                + " WHERE " + quote(spec.idColumn()) + " = ?", Param.ID));
    }

    @Override
    public Statement extendLease(TableSpec spec) {
        String lockedUntil = quote(spec.lockedUntilColumn().orElseThrow());
        return Statement.of("UPDATE " + table(spec) + " SET " + lockedUntil + " = DATEADD(MILLISECOND, ?,"
                + " CURRENT_TIMESTAMP) WHERE " + quote(spec.idColumn()) + " = ? AND " + lockedUntil + " = ?",
                Param.LEASE, Param.ID, Param.TOKEN);
    }

    @Override
    public Statement releaseLease(TableSpec spec) {
        String lockedUntil = quote(spec.lockedUntilColumn().orElseThrow());
        return Statement.of("UPDATE " + table(spec) + " SET " + lockedUntil + " = NULL WHERE "
                + quote(spec.idColumn()) + " = ? AND " + lockedUntil + " = ?", Param.ID, Param.TOKEN);
    }

    @Override
    public Statement reschedule(TableSpec spec) {
        StringBuilder set = new StringBuilder(quote(spec.dueColumn().orElseThrow())
                + " = DATEADD(MILLISECOND, ?, CURRENT_TIMESTAMP)");
        spec.attemptColumn().ifPresent(a -> set.append(", ").append(quote(a)).append(" = ").append(quote(a)).append(" + 1"));
        spec.lockedUntilColumn().ifPresent(l -> set.append(", ").append(quote(l)).append(" = NULL"));
        String where = " WHERE " + quote(spec.idColumn()) + " = ?";
        if (spec.form() == Form.LEASE) {
            return Statement.of("UPDATE " + table(spec) + " SET " + set + where + " AND "
                    + quote(spec.lockedUntilColumn().orElseThrow()) + " = ?", Param.DELAY, Param.ID, Param.TOKEN);
        }
        return Statement.of("UPDATE " + table(spec) + " SET " + set + where, Param.DELAY, Param.ID);
    }

    @Override
    public Statement purge(TableSpec spec) {
        return Statement.of("DELETE FROM " + table(spec) + " WHERE " + quote(spec.processedAtColumn().orElseThrow())
                + " < DATEADD(MILLISECOND, -?, CURRENT_TIMESTAMP) FETCH FIRST ? ROWS ONLY", Param.AGE, Param.LIMIT);
    }
}
