package io.inboxra.ra.settlement;

import io.inboxra.ra.config.Secrets;

/** What a failure comes down to, as logs and dead letters keep it: containers wrap the MDB's exception. */
public final class Causes {

    /** The reason of a failure whose cause the adapter does not know (yet): a rollback it was only told of. */
    public static final String ROLLED_BACK = io.inboxra.ra.connection.OperatorStatements.UNTOLD_REASON;

    /** The longest reason kept: a driver's message can carry a whole statement, or a stack of them. */
    static final int MAX_REASON = 1000;

    private Causes() {
    }

    public static Throwable innermost(Throwable error) {
        Throwable cause = error;
        while (cause.getCause() != null && cause.getCause() != cause) {
            cause = cause.getCause();
        }
        return cause;
    }

    /** @return whether a socket's read timed out on the way: the network timeout gave up on a silent connection */
    public static boolean networkTimedOut(Throwable error) {
        for (Throwable cause = error; cause != null; cause = cause.getCause() == cause ? null : cause.getCause()) {
            if (cause instanceof java.net.SocketTimeoutException) {
                return true;
            }
        }
        return false;
    }

    /** @return the innermost cause's class and message */
    public static String describe(Throwable error) {
        Throwable cause = innermost(error);
        return cause.getClass().getName() + (cause.getMessage() == null ? "" : ": " + cause.getMessage());
    }

    /**
     * The reason a failure is recorded with (a dead letter's, the last error's): the innermost
     * cause's class and message, whatever looks like a secret in it masked (a driver may quote its
     * URL), at most {@link #MAX_REASON} characters.
     *
     * @param error the failure, as the listener or the transaction manager threw it
     * @return the reason
     */
    public static String reason(Throwable error) {
        Throwable cause = telling(error);
        return bounded(Secrets.mask(cause.getClass().getName() + (cause.getMessage() == null ? ""
                : ": " + cause.getMessage())));
    }

    /**
     * @return the innermost cause, or where it says nothing (a transaction manager's
     *         {@code HeuristicMixedException}) the innermost cause of the first exception it
     *         suppressed that says something: the resource's failure it rolled back for
     */
    private static Throwable telling(Throwable error) {
        java.util.List<Throwable> chain = new java.util.ArrayList<>();
        for (Throwable t = error; t != null && !chain.contains(t); t = t.getCause()) {
            chain.add(t);
        }
        Throwable innermost = chain.get(chain.size() - 1);
        if (innermost.getMessage() != null) {
            return innermost;
        }
        for (int i = chain.size() - 1; i >= 0; i--) {
            for (Throwable suppressed : chain.get(i).getSuppressed()) {
                Throwable told = innermost(suppressed);
                if (told.getMessage() != null) {
                    return told;
                }
            }
        }
        return innermost;
    }

    /** @return the text, cut to {@link #MAX_REASON} characters with a mark where it was cut */
    static String bounded(String reason) {
        if (reason == null || reason.length() <= MAX_REASON) {
            return reason;
        }
        String more = "... (" + (reason.length() - MAX_REASON) + " more characters)";
        return reason.substring(0, MAX_REASON - more.length()) + more;
    }
}
