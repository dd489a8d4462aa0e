package io.inboxra.ra.dialect;

import io.inboxra.dialect.ClaimShape;
import io.inboxra.dialect.Dialect;
import io.inboxra.dialect.Form;
import io.inboxra.dialect.Param;
import io.inboxra.dialect.Statement;
import io.inboxra.dialect.StatementException;
import io.inboxra.dialect.TableSpec;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * What every built-in dialect writes alike, whatever forms it offers: the claim's clauses, the
 * fresh re-read, the lease's release and extension, the reschedule and the idle probe. Each
 * dialect gives its clock arithmetic ({@link #later()}) and writes its claims itself.
 */
abstract class BuiltInDialect implements Dialect {

    /** @return now plus a bound number of milliseconds (one {@code ?}), in the database's clock */
    protected abstract String later();

    /** @return the claim's shared clauses, written for this database */
    protected ClaimClauses clauses(TableSpec spec) {
        return new ClaimClauses(this, spec);
    }

    /** @return an error saying the statement is for another form, unless the table is in {@code form} */
    protected void requireForm(TableSpec spec, Form form) throws StatementException {
        if (spec.form() != form) {
            throw new StatementException(StatementException.Kind.FORM_MISMATCH, name(),
                    "the " + form + " claim is for tables in the " + form + " form; this table is in the "
                            + spec.form() + " form");
        }
    }

    /** The row {@link Param#ID} read afresh, only while still claimable (the advisory form's re-check). */
    public Statement recheck(TableSpec spec) {
        ClaimClauses clauses = clauses(spec);
        List<Param> params = new ArrayList<>();
        String where = clauses.where(params);
        params.add(Param.ID);
        return new Statement("SELECT " + clauses.columns(ClaimShape.ROLES) + " FROM " + table(spec) + " h"
                + (where.isEmpty() ? " WHERE " : where + " AND ") + "h." + quote(spec.idColumn()) + " = ?", params);
    }

    /** Clears the lease of the row {@link Param#ID} whose token is {@link Param#TOKEN}. */
    public Statement releaseLease(TableSpec spec) {
        String lockedUntil = quote(spec.lockedUntilColumn().orElseThrow());
        return Statement.of("UPDATE " + table(spec) + " SET " + lockedUntil + " = NULL WHERE "
                + quote(spec.idColumn()) + " = ? AND " + lockedUntil + " = ?", Param.ID, Param.TOKEN);
    }

    /** The lease written anew for the row {@link Param#ID} still holding {@link Param#TOKEN}: SQL, without a result. */
    protected String extendLeaseUpdate(TableSpec spec) {
        String lockedUntil = quote(spec.lockedUntilColumn().orElseThrow());
        return "UPDATE " + table(spec) + " SET " + lockedUntil + " = " + later() + " WHERE "
                + quote(spec.idColumn()) + " = ? AND " + lockedUntil + " = ?";
    }

    @Override
    public Statement reschedule(TableSpec spec) {
        StringBuilder set = new StringBuilder(quote(spec.dueColumn().orElseThrow()) + " = " + later());
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
    public Optional<Statement> probe(TableSpec spec) {
        List<Param> params = new ArrayList<>();
        String where = clauses(spec).where(params);
        return Optional.of(new Statement("SELECT 1 FROM " + table(spec) + " h" + where + " LIMIT 1", params));
    }
}
