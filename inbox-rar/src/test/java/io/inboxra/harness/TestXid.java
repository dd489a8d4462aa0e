package io.inboxra.harness;

import java.nio.ByteBuffer;
import java.util.UUID;
import javax.transaction.xa.Xid;

/**
 * A branch id a test makes itself, for XA branches started without a transaction manager. Each
 * suite keeps a format of its own, so that what one leaves prepared is told apart from another's.
 */
public record TestXid(int format, byte[] gtrid, byte[] bqual) implements Xid {

    /** @return a branch of a new, random global transaction */
    public static TestXid random(int format, byte qualifier) {
        UUID id = UUID.randomUUID();
        return new TestXid(format, ByteBuffer.allocate(16).putLong(id.getMostSignificantBits())
                .putLong(id.getLeastSignificantBits()).array(), new byte[] {qualifier});
    }

    /** @return the branch of global transaction {@code id} */
    public static TestXid of(int format, long id, byte qualifier) {
        return new TestXid(format, ByteBuffer.allocate(Long.BYTES).putLong(id).array(), new byte[] {qualifier});
    }

    @Override
    public int getFormatId() {
        return format;
    }

    @Override
    public byte[] getGlobalTransactionId() {
        return gtrid.clone();
    }

    @Override
    public byte[] getBranchQualifier() {
        return bqual.clone();
    }
}
