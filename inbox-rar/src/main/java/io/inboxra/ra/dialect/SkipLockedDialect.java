package io.inboxra.ra.dialect;

import io.inboxra.dialect.ClaimShape;
import io.inboxra.dialect.Form;
import io.inboxra.dialect.Param;
import io.inboxra.dialect.RowLock;
import io.inboxra.dialect.Statement;
import io.inboxra.dialect.StatementException;
import io.inboxra.dialect.TableSpec;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The row lock form as databases with {@code LIMIT} and {@code FOR UPDATE SKIP LOCKED}
 * write it (PostgreSQL, H2).
 */
abstract class SkipLockedDialect implements RowLock {

    @Override
    public Statement lockClaim(TableSpec spec, ClaimShape shape) throws StatementException {
        if (spec.form() != Form.ROW_LOCK) {
            throw new StatementException(StatementException.Kind.FORM_MISMATCH, name(),
                    "the row lock claim is for tables in the row lock form; this table is in the "
                            + spec.form() + " form");
        }
        if (spec.isFifo() && fifoGuard(spec).isEmpty()) {
            throw new StatementException(StatementException.Kind.UNSUPPORTED_FIFO, name(),
                    "this dialect keeps no FIFO groups in the row lock form; remove 'fifoColumn'");
        }
        ClaimClauses clauses = new ClaimClauses(this, spec);
        List<Param> params = new ArrayList<>();
        String where = clauses.where(params);
        params.add(Param.LIMIT);
        return new Statement("SELECT " + clauses.columns(shape) + clauses.group() + " FROM " + table(spec) + " h"
                + where + clauses.orderBy() + " LIMIT ?" + lockClause(spec), params);
    }

    /** The locking clause after {@code LIMIT}: only the claimed table's rows, never a subquery's. */
    protected String lockClause(TableSpec spec) {
        return " FOR UPDATE" + (spec.isFifo() ? " OF h" : "") + " SKIP LOCKED";
    }

    @Override
    public Optional<Statement> probe(TableSpec spec) {
        List<Param> params = new ArrayList<>();
        String where = new ClaimClauses(this, spec).where(params);
        return Optional.of(new Statement("SELECT 1 FROM " + table(spec) + " h" + where + " LIMIT 1", params));
    }
}
