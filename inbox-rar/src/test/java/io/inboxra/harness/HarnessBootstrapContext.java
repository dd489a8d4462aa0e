package io.inboxra.harness;

import jakarta.resource.spi.BootstrapContext;
import jakarta.resource.spi.XATerminator;
import jakarta.resource.spi.work.WorkContext;
import jakarta.resource.spi.work.WorkManager;
import jakarta.transaction.TransactionSynchronizationRegistry;

import java.util.Timer;

/** The server's side of the adapter's bootstrap: a work manager and timers. */
final class HarnessBootstrapContext implements BootstrapContext {

    private final ExecutorWorkManager workManager = new ExecutorWorkManager();

    @Override
    public WorkManager getWorkManager() {
        return workManager;
    }

    @Override
    public XATerminator getXATerminator() {
        return null;
    }

    @Override
    public Timer createTimer() {
        return new Timer("harness-timer", true);
    }

    @Override
    public boolean isContextSupported(Class<? extends WorkContext> workContextClass) {
        return false;
    }

    @Override
    public TransactionSynchronizationRegistry getTransactionSynchronizationRegistry() {
        Narayana.transactionManager();
        return new com.arjuna.ats.internal.jta.transaction.arjunacore.TransactionSynchronizationRegistryImple();
    }

    void shutdown() throws InterruptedException {
        workManager.shutdown();
    }
}
