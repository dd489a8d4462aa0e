package io.inboxra.it.crash;

import javax.transaction.xa.XAException;
import javax.transaction.xa.XAResource;
import javax.transaction.xa.Xid;

/**
 * A resource with nothing to keep, enlisted by {@link Crash} after its own writes: it logs when
 * the transaction manager prepares and commits it, and can halt the server in its prepare, after
 * every other branch has prepared and before the transaction manager logs its decision.
 */
final class Witness implements XAResource {

    private final long row;
    private final boolean haltInPrepare;

    Witness(long row, boolean haltInPrepare) {
        this.row = row;
        this.haltInPrepare = haltInPrepare;
    }

    @Override
    public int prepare(Xid xid) {
        System.out.println("crash-test witness: prepare of row " + row);
        if (haltInPrepare) {
            System.out.println("crash-test witness: halting the server in the prepare of row " + row);
            System.out.flush();
            Runtime.getRuntime().halt(1);
        }
        return XA_OK;
    }

    @Override
    public void commit(Xid xid, boolean onePhase) {
        System.out.println("crash-test witness: commit of row " + row + (onePhase ? " (one phase)" : ""));
    }

    @Override
    public void rollback(Xid xid) {
        System.out.println("crash-test witness: rollback of row " + row);
    }

    @Override
    public void start(Xid xid, int flags) {
    }

    @Override
    public void end(Xid xid, int flags) {
    }

    @Override
    public void forget(Xid xid) {
    }

    @Override
    public Xid[] recover(int flag) {
        return new Xid[0];
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
