package io.inboxra.dialect;

import java.util.List;
import java.util.Objects;

/**
 * One SQL statement of a dialect: its text and the {@link Param}s it binds, in order.
 *
 * <pre>{@code
 * new Statement("DELETE FROM \"invoice_jobs\" WHERE \"id\" = ?", List.of(Param.ID));
 * }</pre>
 *
 * @param sql the SQL text, with one {@code ?} per parameter
 * @param params the values to bind, in placeholder order
 */
public record Statement(String sql, List<Param> params) {

    /**
     * Checks the statement: the text is not blank and there is one {@code ?} per parameter.
     *
     * @param sql the SQL text
     * @param params the parameters, in order
     */
    public Statement {
        Objects.requireNonNull(sql, "sql");
        params = List.copyOf(params);
        if (sql.isBlank()) {
            throw new IllegalArgumentException("a statement needs SQL text");
        }
        long placeholders = sql.chars().filter(c -> c == '?').count();
        if (placeholders != params.size()) {
            throw new IllegalArgumentException("the statement has " + placeholders
                    + " placeholders but binds " + params.size() + " parameters: " + sql);
        }
    }

    /**
     * A statement binding the given parameters.
     *
     * @param sql the SQL text
     * @param params the parameters, in order
     * @return the statement
     */
    public static Statement of(String sql, Param... params) {
        return new Statement(sql, List.of(params));
    }
}
