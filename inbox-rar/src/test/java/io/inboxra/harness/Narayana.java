package io.inboxra.harness;

import com.arjuna.ats.arjuna.common.CoordinatorEnvironmentBean;
import com.arjuna.ats.arjuna.common.CoreEnvironmentBean;
import com.arjuna.ats.arjuna.common.CoreEnvironmentBeanException;
import com.arjuna.ats.arjuna.common.ObjectStoreEnvironmentBean;
import com.arjuna.common.internal.util.propertyservice.BeanPopulator;
import jakarta.transaction.TransactionManager;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** The real Narayana transaction manager, configured once per JVM for tests. */
public final class Narayana {

    private static TransactionManager transactionManager;

    private Narayana() {
    }

    /**
     * @return this JVM's node name, in the xids of its transactions ({@code inbox.harness.node}, which surefire
     *     sets per fork, else {@code harness}): no test JVM takes another's prepared branches for its own
     */
    public static String node() {
        return System.getProperty("inbox.harness.node", "harness");
    }

    /** @return the JVM's transaction manager, configured on first use */
    public static synchronized TransactionManager transactionManager() {
        if (transactionManager == null) {
            configure(node());
            transactionManager = com.arjuna.ats.jta.TransactionManager.transactionManager();
        }
        return transactionManager;
    }

    private static void configure(String node) {
        try {
            // A kept store (inbox.harness.store): a "server" restarted on it recovers what its predecessor logged.
            String kept = System.getProperty("inbox.harness.store");
            Path store = kept != null ? Files.createDirectories(Path.of(kept)) : Files.createTempDirectory("narayana-" + node);
            for (String name : new String[] {null, "communicationStore", "stateStore"}) {
                ObjectStoreEnvironmentBean bean = name == null
                        ? BeanPopulator.getDefaultInstance(ObjectStoreEnvironmentBean.class)
                        : BeanPopulator.getNamedInstance(ObjectStoreEnvironmentBean.class, name);
                bean.setObjectStoreDir(store.toString());
            }
            BeanPopulator.getDefaultInstance(CoreEnvironmentBean.class).setNodeIdentifier(node);
            // No TCP listener: the harness runs no recovery of other processes' transactions.
            BeanPopulator.getDefaultInstance(CoordinatorEnvironmentBean.class).setTransactionStatusManagerEnable(false);
            BeanPopulator.getDefaultInstance(CoordinatorEnvironmentBean.class).setDefaultTimeout(60);
        } catch (IOException | CoreEnvironmentBeanException e) {
            throw new IllegalStateException("cannot configure Narayana", e);
        }
    }
}
