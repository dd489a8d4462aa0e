package io.inboxra.ra.recovery;

import java.nio.ByteBuffer;
import javax.transaction.xa.Xid;

/** A branch's identity by value (an {@link Xid} implementation need not define equality). */
record BranchKey(int format, ByteBuffer global, ByteBuffer qualifier) {

    static BranchKey of(Xid xid) {
        return new BranchKey(xid.getFormatId(), ByteBuffer.wrap(xid.getGlobalTransactionId()),
                ByteBuffer.wrap(xid.getBranchQualifier()));
    }
}
