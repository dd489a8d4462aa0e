package io.inboxra.ra.dialect;

import io.inboxra.dialect.TableSpec;

/** MariaDB 10.6 and later (the first with {@code SKIP LOCKED}), through MySQL Connector/J or the MariaDB driver. */
public final class MariaDbDialect extends MySqlDialect {

    /** The name the {@code dialect} property takes. */
    public static final String NAME = "mariadb";

    /** The driver that reaches MariaDB by default (MySQL Connector/J reaches it too, through {@code jdbc:mysql:}). */
    static final DefaultDriver DRIVER = new DefaultDriver("jdbc:mariadb:", "org.mariadb.jdbc.MariaDbDataSource");

    @Override
    public String name() {
        return NAME;
    }

    /** Without FIFO groups, the advisory claim's candidates are a locking read: {@link MySqlAdvisory#readsLatest}. */
    @Override
    public boolean claimReadsLatest(TableSpec spec) {
        return MySqlAdvisory.readsLatest(spec);
    }
}
