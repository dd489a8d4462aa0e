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

    /** @return whether a socket's read timed out on the way: the network timeout gave up on a silent connection */
    static boolean networkTimedOut(Throwable error) {
        for (Throwable cause = error; cause != null; cause = cause.getCause() == cause ? null : cause.getCause()) {
            if (cause instanceof java.net.SocketTimeoutException) {
                return true;
            }
        }
        return false;
    }

    /** @return the innermost cause's class and message */
    static String describe(Throwable error) {
        Throwable cause = innermost(error);
        return cause.getClass().getName() + (cause.getMessage() == null ? "" : ": " + cause.getMessage());
    }
}
