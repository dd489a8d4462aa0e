package io.inboxra.ra.xa;

import java.sql.SQLException;

/**
 * The branch of one transaction, as lent to the MDB's code ({@link DeliveryBranch#loan}): every
 * call runs on the branch's connection, under the branch's lock, and only while that
 * transaction's branch is open (not ended, timed out, rolled back, prepared, nor the branch of a
 * later delivery on the same resource).
 */
public interface BranchLoan {

    /** A call of the MDB's code on the lent connection. */
    interface Call<T> {
        T run() throws SQLException;
    }

    /** @throws TransactionEndedException once the transaction's branch takes no more statements */
    <T> T run(Call<T> call) throws SQLException;
}
