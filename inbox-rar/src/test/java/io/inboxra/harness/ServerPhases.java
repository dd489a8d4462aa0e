package io.inboxra.harness;

import javax.transaction.xa.XAException;
import javax.transaction.xa.XAResource;
import javax.transaction.xa.Xid;

/**
 * The adapter's XA resource as a failing server's transaction manager treats it
 * ({@link Harness#wrappingAdapterResources}): every call goes through, except the phase the
 * server fails in.
 */
public final class ServerPhases {

    private ServerPhases() {
    }

    /** The JVM halts as the transaction manager, having logged COMMIT, starts the adapter's second phase. */
    public static XAResource haltingInCommit(XAResource adapter) {
        return new Forwarding(adapter) {
            @Override
            public void commit(Xid xid, boolean onePhase) throws XAException {
                if (!onePhase) {
                    Runtime.getRuntime().halt(ChildServer.HALTED);
                }
                super.commit(xid, onePhase);
            }
        };
    }

    /**
     * The transaction manager never passes on the second phase of a prepared branch: it believes
     * it committed or rolled back the adapter's branch, which stays prepared.
     */
    public static XAResource forgettingSecondPhase(XAResource adapter) {
        return forgettingSecondPhase(adapter, xid -> { });
    }

    /** As {@link #forgettingSecondPhase(XAResource)}, telling {@code onPrepared} each branch it prepared (to clean up). */
    public static XAResource forgettingSecondPhase(XAResource adapter, java.util.function.Consumer<Xid> onPrepared) {
        return new Forwarding(adapter) {
            private volatile boolean prepared;

            @Override
            public void start(Xid xid, int flags) throws XAException {
                prepared = false;
                super.start(xid, flags);
            }

            @Override
            public int prepare(Xid xid) throws XAException {
                int vote = super.prepare(xid);
                prepared = vote == XA_OK;
                if (prepared) {
                    onPrepared.accept(xid);
                }
                return vote;
            }

            @Override
            public void commit(Xid xid, boolean onePhase) throws XAException {
                if (!prepared) {
                    super.commit(xid, onePhase);
                }
            }

            @Override
            public void rollback(Xid xid) throws XAException {
                if (!prepared) {
                    super.rollback(xid);
                }
            }
        };
    }

    private static class Forwarding implements XAResource {
        private final XAResource adapter;

        Forwarding(XAResource adapter) {
            this.adapter = adapter;
        }

        @Override public void commit(Xid xid, boolean onePhase) throws XAException { adapter.commit(xid, onePhase); }
        @Override public void end(Xid xid, int flags) throws XAException { adapter.end(xid, flags); }
        @Override public void forget(Xid xid) throws XAException { adapter.forget(xid); }
        @Override public int getTransactionTimeout() throws XAException { return adapter.getTransactionTimeout(); }
        @Override public boolean isSameRM(XAResource other) { return other == this; }
        @Override public int prepare(Xid xid) throws XAException { return adapter.prepare(xid); }
        @Override public Xid[] recover(int flag) throws XAException { return adapter.recover(flag); }
        @Override public void rollback(Xid xid) throws XAException { adapter.rollback(xid); }
        @Override public boolean setTransactionTimeout(int seconds) throws XAException {
            return adapter.setTransactionTimeout(seconds);
        }
        @Override public void start(Xid xid, int flags) throws XAException { adapter.start(xid, flags); }
    }
}
