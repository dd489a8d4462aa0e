package io.inboxra.ra.dialect;

/** PostgreSQL 9.5 and later. */
public final class PostgresDialect extends SkipLockedDialect {

    /** The name the {@code dialect} property takes. */
    public static final String NAME = "postgres";

    @Override
    public String name() {
        return NAME;
    }
}
