package io.inboxra.ra.xa;

import java.sql.SQLException;
import javax.transaction.xa.Xid;

/**
 * The branch of one transaction lent to the MDB's code ({@link DeliveryBranch#loan}): its calls
 * run under the resource's lock, and only while the resource is still enlisted in the transaction
 * it was lent for; a later delivery's transaction on the same resource refuses them.
 */
final class LentBranch implements BranchLoan {

    private final DeliveryBranch<?> branch;
    private final Xid lentFor;

    LentBranch(DeliveryBranch<?> branch, Xid lentFor) {
        this.branch = branch;
        this.lentFor = lentFor;
    }

    @Override
    public <T> T run(Call<T> call) throws SQLException {
        synchronized (branch) {
            if (branch.enlistedIn() != lentFor) {
                throw new TransactionEndedException("the branch was lent to an earlier delivery");
            }
            return branch.run(c -> call.run());
        }
    }
}
