package io.inboxra.ra.xa;

import javax.transaction.xa.XAException;

/**
 * Some drivers throw an {@code XAException} without an error code when the connection is lost
 * (the MariaDB driver on a socket error). A transaction manager may read code 0 as no failure at
 * all and report a commit that did not happen; such an exception is passed on as a resource
 * manager failure ({@code XAER_RMFAIL}), which every transaction manager treats as one.
 */
public final class XaErrors {

    private XaErrors() {
    }

    public static XAException withCode(XAException e) {
        if (e.errorCode != 0) {
            return e;
        }
        XAException failure = new XAException(XAException.XAER_RMFAIL);
        failure.initCause(e);
        return failure;
    }

    /** @return whether the error says the branch was rolled back */
    static boolean isRollback(XAException e) {
        return e.errorCode >= XAException.XA_RBBASE && e.errorCode <= XAException.XA_RBEND;
    }

    /** @return the error's code and message, for a log line */
    static String describe(XAException e) {
        return "XA error " + e.errorCode + (e.getMessage() == null ? "" : ": " + e.getMessage());
    }
}
