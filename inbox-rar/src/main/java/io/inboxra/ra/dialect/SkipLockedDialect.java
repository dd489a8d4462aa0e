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

/**
 * The built-in dialects of databases with {@code LIMIT} and {@code FOR UPDATE SKIP LOCKED}: the
 * row lock claim, and the first steps of a lease claim where {@code UPDATE} returns no rows.
 */
abstract class SkipLockedDialect extends BuiltInDialect implements RowLock {

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
        ClaimClauses clauses = clauses(spec);
        List<Param> params = new ArrayList<>();
        String where = clauses.where(params);
        params.add(Param.LIMIT);
        return new Statement("SELECT " + clauses.columns(shape) + clauses.group() + " FROM " + table(spec) + " h"
                + where + clauses.orderBy() + " LIMIT ?" + lockClause(spec), params);
    }

    /** The first step of a lease claim where UPDATE returns no rows: the claimable ids, under lock. */
    protected Statement leaseIds(TableSpec spec) throws StatementException {
        requireForm(spec, Form.LEASE);
        ClaimClauses clauses = clauses(spec);
        List<Param> params = new ArrayList<>();
        String where = clauses.where(params);
        params.add(Param.LIMIT);
        return new Statement("SELECT " + clauses.columns(ClaimShape.IDS) + " AS " + ClaimShape.ID + " FROM "
                + table(spec) + " h" + where + clauses.orderBy() + " LIMIT ?" + lockClause(spec), params);
    }

    /** The second step: one row's lease written ({@link Param#LEASE}, {@link Param#ID}). */
    protected Statement leaseWriteById(TableSpec spec) {
        return Statement.of("UPDATE " + table(spec) + " SET " + quote(spec.lockedUntilColumn().orElseThrow()) + " = "
                + later() + " WHERE " + quote(spec.idColumn()) + " = ?", Param.LEASE, Param.ID);
    }

    /** The locking clause after {@code LIMIT}: only the claimed table's rows, never a subquery's. */
    protected String lockClause(TableSpec spec) {
        return " FOR UPDATE" + (spec.isFifo() ? " OF h" : "") + " SKIP LOCKED";
    }
}
