package io.inboxra.ra.dialect.mysql;

import io.inboxra.dialect.ClaimClauses;
import io.inboxra.dialect.Label;
import io.inboxra.dialect.Param;
import io.inboxra.dialect.Statement;
import io.inboxra.dialect.TableSpec;

import java.util.ArrayList;
import java.util.List;

/**
 * MySQL's and MariaDB's lease claim in steps: a lease as its fencing token, and a claim's rows'
 * lease written. The token is text, compared as text: MySQL Connector/J drops the microseconds
 * of a bound time value on servers that call themselves 5.5 (MariaDB does), and the fence would
 * never match.
 */
final class MySqlLeases {

    private MySqlLeases() {
    }

    /** @return a time as the token, labelled {@link Label#TOKEN} */
    static String token(String time) {
        return "CAST(" + time + " AS CHAR) AS " + Label.TOKEN;
    }

    /** @return the rows the condition names, labelled as a claim labels them, each with its lease as its token */
    static Statement read(MySqlDialect dialect, TableSpec spec, String where, List<Param> params) {
        ClaimClauses clauses = dialect.clauses(spec);
        return new Statement("SELECT " + clauses.columns() + clauses.group() + ", "
                + token(dialect.quote(spec.lockedUntilColumn().orElseThrow())) + " FROM " + dialect.table(spec)
                + " WHERE " + where, params);
    }

    /**
     * @param value the lease written, binding {@code valueParam}
     * @param idsIn the rows, binding an id each
     * @return the rows' lease written
     */
    static Statement write(MySqlDialect dialect, TableSpec spec, String value, Param valueParam, String idsIn, Param[] ids) {
        List<Param> params = new ArrayList<>(List.of(valueParam));
        params.addAll(List.of(ids));
        return new Statement("UPDATE " + dialect.table(spec) + " SET "
                + dialect.quote(spec.lockedUntilColumn().orElseThrow()) + " = " + value + " WHERE " + idsIn, params);
    }
}
