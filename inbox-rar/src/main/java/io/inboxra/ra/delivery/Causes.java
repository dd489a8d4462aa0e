package io.inboxra.ra.delivery;

/** What a failure comes down to, as logs and dead letters keep it: containers wrap the MDB's exception. */
final class Causes {

    private Causes() {
    }

    static Throwable innermost(Throwable error) {
        Throwable cause = error;
        while (cause.getCause() != null && cause.getCause() != cause) {
            cause = cause.getCause();
        }
        return cause;
    }

    /** @return the innermost cause's class and message */
    static String describe(Throwable error) {
        Throwable cause = innermost(error);
        return cause.getClass().getName() + (cause.getMessage() == null ? "" : ": " + cause.getMessage());
    }
}
