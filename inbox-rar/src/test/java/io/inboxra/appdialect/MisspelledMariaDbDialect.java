package io.inboxra.appdialect;

import io.inboxra.dialect.Statement;
import io.inboxra.dialect.TableSpec;
import io.inboxra.ra.dialect.mysql.MySqlDialect;

/** An application's MariaDB dialect whose settlement misspells its verb (DELETEX, UPDATEX), a statement run only after a delivery. */
public class MisspelledMariaDbDialect extends MySqlDialect {

    @Override
    public String name() {
        return "misspelled-mariadb";
    }

    @Override
    public Statement settle(TableSpec spec) {
        Statement right = super.settle(spec);
        return new Statement(right.sql().replaceFirst("^(\\w+)", "$1X"), right.params());
    }
}
