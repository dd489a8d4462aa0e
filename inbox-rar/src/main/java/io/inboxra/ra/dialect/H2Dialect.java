package io.inboxra.ra.dialect;

import io.inboxra.dialect.Param;
import io.inboxra.dialect.Statement;
import io.inboxra.dialect.TableSpec;

/** H2 2.2.220 and later (the first with {@code SKIP LOCKED}): the embedded default, row lock form. */
public final class H2Dialect extends SkipLockedDialect {

    /** The name the {@code dialect} property takes. */
    public static final String NAME = "h2";

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public Statement reschedule(TableSpec spec) {
        StringBuilder set = new StringBuilder(quote(spec.dueColumn().orElseThrow())
                + " = DATEADD(MILLISECOND, ?, CURRENT_TIMESTAMP)");
        spec.attemptColumn().ifPresent(a -> set.append(", ").append(quote(a)).append(" = ").append(quote(a)).append(" + 1"));
        return Statement.of("UPDATE " + table(spec) + " SET " + set + " WHERE " + quote(spec.idColumn()) + " = ?",
                Param.DELAY, Param.ID);
    }

    @Override
    public Statement purge(TableSpec spec) {
        return Statement.of("DELETE FROM " + table(spec) + " WHERE " + quote(spec.processedAtColumn().orElseThrow())
                + " < DATEADD(MILLISECOND, -?, CURRENT_TIMESTAMP) FETCH FIRST ? ROWS ONLY", Param.AGE, Param.LIMIT);
    }
}
