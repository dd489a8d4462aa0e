package io.inboxra.harness;

import com.arjuna.ats.arjuna.common.RecoveryEnvironmentBean;
import com.arjuna.ats.arjuna.recovery.RecoveryManager;
import com.arjuna.ats.internal.arjuna.recovery.AtomicActionRecoveryModule;
import com.arjuna.ats.internal.jta.recovery.arjunacore.JTANodeNameXAResourceOrphanFilter;
import com.arjuna.ats.internal.jta.recovery.arjunacore.JTATransactionLogXAResourceOrphanFilter;
import com.arjuna.ats.internal.jta.recovery.arjunacore.XARecoveryModule;
import com.arjuna.ats.jta.common.JTAEnvironmentBean;
import com.arjuna.ats.jta.recovery.XAResourceRecoveryHelper;
import com.arjuna.common.internal.util.propertyservice.BeanPopulator;

import java.util.List;
import java.util.function.Supplier;
import javax.transaction.xa.XAResource;

/**
 * Narayana's own recovery, as a restarted server runs it: the transactions its kept store
 * ({@code inbox.harness.store}) logged as committing are committed in every resource, and the
 * prepared branches of its own node ({@code inbox.harness.node}) that it never logged are rolled
 * back (presumed abort). Only this node's branches: other tests' prepared branches on the same
 * databases are left alone.
 */
public final class NarayanaRecovery {

    private NarayanaRecovery() {
    }

    /**
     * Runs recovery passes over the given resources.
     *
     * @param resources the resources a pass scans (the adapter's recovery resource, the MDB's data source's)
     * @param passes how many passes
     */
    public static void run(Supplier<XAResource[]> resources, int passes) {
        String node = Narayana.node();
        Narayana.transactionManager();
        JTAEnvironmentBean jta = BeanPopulator.getDefaultInstance(JTAEnvironmentBean.class);
        jta.setXaRecoveryNodes(List.of(node));
        jta.setXaResourceOrphanFilterClassNames(List.of(JTATransactionLogXAResourceOrphanFilter.class.getName(),
                JTANodeNameXAResourceOrphanFilter.class.getName()));
        jta.setOrphanSafetyInterval(0);
        RecoveryEnvironmentBean recovery = BeanPopulator.getDefaultInstance(RecoveryEnvironmentBean.class);
        recovery.setRecoveryModuleClassNames(List.of(XARecoveryModule.class.getName(),
                AtomicActionRecoveryModule.class.getName()));
        recovery.setExpiryScannerClassNames(List.of());
        recovery.setRecoveryListener(false);
        recovery.setRecoveryBackoffPeriod(1);
        RecoveryManager manager = RecoveryManager.manager(RecoveryManager.INDIRECT_MANAGEMENT);
        XARecoveryModule.getRegisteredXARecoveryModule().addXAResourceRecoveryHelper(new XAResourceRecoveryHelper() {
            @Override
            public boolean initialise(String p) {
                return true;
            }

            @Override
            public XAResource[] getXAResources() {
                return resources.get();
            }
        });
        for (int i = 0; i < passes; i++) {
            manager.scan();
        }
    }
}
