package io.inboxra.harness;

import jakarta.resource.spi.work.ExecutionContext;
import jakarta.resource.spi.work.Work;
import jakarta.resource.spi.work.WorkEvent;
import jakarta.resource.spi.work.WorkException;
import jakarta.resource.spi.work.WorkListener;
import jakarta.resource.spi.work.WorkManager;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;

/** A {@code WorkManager} on a thread pool, as a server's is. */
final class ExecutorWorkManager implements WorkManager {

    private final ExecutorService executor = Executors.newCachedThreadPool(r -> {
        Thread t = new Thread(r, "harness-work");
        t.setDaemon(true);
        return t;
    });

    @Override
    public void doWork(Work work) throws WorkException {
        work.run();
    }

    @Override
    public void doWork(Work work, long startTimeout, ExecutionContext context, WorkListener listener)
            throws WorkException {
        work.run();
    }

    @Override
    public long startWork(Work work) throws WorkException {
        scheduleWork(work);
        return 0;
    }

    @Override
    public long startWork(Work work, long startTimeout, ExecutionContext context, WorkListener listener)
            throws WorkException {
        scheduleWork(work, startTimeout, context, listener);
        return 0;
    }

    @Override
    public void scheduleWork(Work work) throws WorkException {
        scheduleWork(work, INDEFINITE, null, null);
    }

    @Override
    public void scheduleWork(Work work, long startTimeout, ExecutionContext context, WorkListener listener)
            throws WorkException {
        try {
            executor.execute(() -> {
                try {
                    work.run();
                } finally {
                    if (listener != null) {
                        listener.workCompleted(new WorkEvent(this, WorkEvent.WORK_COMPLETED, work, null));
                    }
                }
            });
        } catch (RejectedExecutionException e) {
            throw new WorkException(e);
        }
    }

    void shutdown() throws InterruptedException {
        executor.shutdownNow();
        executor.awaitTermination(30, TimeUnit.SECONDS);
    }
}
