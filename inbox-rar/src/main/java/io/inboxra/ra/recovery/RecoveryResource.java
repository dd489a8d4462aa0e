package io.inboxra.ra.recovery;

import io.inboxra.ra.xa.XaErrors;

import javax.transaction.xa.XAException;
import javax.transaction.xa.XAResource;
import javax.transaction.xa.Xid;

/**
 * A connection's XA resource handed to a server's transaction recovery
 * ({@code ResourceAdapter.getXAResources}): it finds the database's prepared branches and
 * finishes them as the transaction manager decides. Like the delivery branches, it is the same
 * resource manager only as itself, so no transaction manager joins another connection to it.
 *
 * <p>Its calls run on a connection that a {@link Calls} provides: one fixed connection (a Payara
 * recovery pass's), or one opened when a call comes and closed when a scan ends
 * ({@link RecoveryConnections#kept()}).
 */
public final class RecoveryResource implements XAResource {

    /** One call on a connection's XA resource. */
    interface Call<T> {
        T on(XAResource database) throws XAException;
    }

    /** Where the calls run. */
    interface Calls {
        /** @param endsScan whether the call ends a recovery scan ({@code TMENDRSCAN}) */
        <T> T run(Call<T> call, boolean endsScan) throws XAException;
    }

    private final Calls calls;

    /** A resource whose every call runs on one connection's XA resource, {@code database}. */
    public RecoveryResource(XAResource database) {
        this(new Calls() {
            @Override
            public <T> T run(Call<T> call, boolean endsScan) throws XAException {
                return call.on(database);
            }
        });
    }

    RecoveryResource(Calls calls) {
        this.calls = calls;
    }

    @Override
    public void commit(Xid xid, boolean onePhase) throws XAException {
        coded(database -> {
            database.commit(xid, onePhase);
            return null;
        }, false);
    }

    @Override
    public void rollback(Xid xid) throws XAException {
        coded(database -> {
            database.rollback(xid);
            return null;
        }, false);
    }

    @Override
    public void forget(Xid xid) throws XAException {
        coded(database -> {
            database.forget(xid);
            return null;
        }, false);
    }

    @Override
    public Xid[] recover(int flag) throws XAException {
        return coded(database -> database.recover(flag), (flag & TMENDRSCAN) != 0);
    }

    private <T> T coded(Call<T> call, boolean endsScan) throws XAException {
        try {
            return calls.run(call, endsScan);
        } catch (XAException e) {
            throw XaErrors.withCode(e);
        }
    }

    @Override
    public void start(Xid xid, int flags) throws XAException {
        throw new XAException(XAException.XAER_PROTO);
    }

    @Override
    public void end(Xid xid, int flags) throws XAException {
        throw new XAException(XAException.XAER_PROTO);
    }

    @Override
    public int prepare(Xid xid) throws XAException {
        throw new XAException(XAException.XAER_PROTO);
    }

    @Override
    public boolean isSameRM(XAResource other) {
        return other == this;
    }

    @Override
    public int getTransactionTimeout() {
        return 0;
    }

    @Override
    public boolean setTransactionTimeout(int seconds) {
        return false;
    }
}
