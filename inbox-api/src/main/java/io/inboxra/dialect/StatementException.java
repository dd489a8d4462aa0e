package io.inboxra.dialect;

/**
 * A dialect cannot build the statement a table description asks for.
 *
 * <pre>{@code
 * if (spec.isFifo()) {
 *     throw new StatementException(StatementException.Kind.UNSUPPORTED_FIFO, name(),
 *             "this dialect keeps no FIFO groups");
 * }
 * }</pre>
 */
public class StatementException extends Exception {

    private static final long serialVersionUID = 1L;

    /** Why the statement could not be built. */
    public enum Kind {
        /** The table is in a form this statement does not belong to. */
        FORM_MISMATCH,
        /** The dialect builds no claim for tables with FIFO groups. */
        UNSUPPORTED_FIFO,
        /** The table uses a column or feature the dialect cannot express. */
        UNSUPPORTED
    }

    private final Kind kind;
    private final String dialect;

    /**
     * Creates the exception.
     *
     * @param kind why the statement could not be built
     * @param dialect the dialect's name
     * @param message what would fix it
     */
    public StatementException(Kind kind, String dialect, String message) {
        super(message);
        this.kind = kind;
        this.dialect = dialect;
    }

    /** @return why the statement could not be built */
    public Kind kind() {
        return kind;
    }

    /** @return the name of the dialect that refused */
    public String dialect() {
        return dialect;
    }
}
