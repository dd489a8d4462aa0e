package io.inboxra.harness;

import io.inboxra.InboxListener;
import io.inboxra.Outcome;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import javax.transaction.xa.XAException;
import javax.transaction.xa.XAResource;
import javax.transaction.xa.Xid;

/**
 * A "server" in a JVM of its own, for crash tests that kill it: a harness with one
 * subscription, whose activation config comes as {@code key=value} arguments.
 *
 * <ul>
 * <li>{@code mode=block}: the listener writes an effect (XA, two phases) and, once the file
 *     {@code freeze} exists, prints {@code BLOCKED <id>} and blocks, so that the parent kills the
 *     JVM while every worker is inside a handler and no commit is under way.</li>
 * <li>{@code mode=halt-in-prepare}: the listener enlists a second XA resource that halts the JVM
 *     in its prepare: the adapter's branch, enlisted first, is prepared and left in doubt.</li>
 * <li>{@code mode=halt-in-commit}: the listener writes an effect (XA, two phases); the JVM halts as
 *     the transaction manager, having logged COMMIT, starts the adapter's second phase: both
 *     branches are prepared and in doubt, the decision is in the store ({@code inbox.harness.store}).</li>
 * <li>{@code mode=recover}: the same server restarted (same node and store): it runs Narayana's
 *     recovery over the adapter's and the effects' resources, prints {@code RECOVERED}, and then
 *     delivers as {@code block} does without freezing.</li>
 * </ul>
 * It prints {@code READY} once the subscription is active.
 */
public final class ChildServer {

    /** The exit code of a JVM halted between the two prepares. */
    public static final int HALTED = 3;

    private ChildServer() {
    }

    public static void main(String[] args) throws Exception {
        Map<String, String> options = new LinkedHashMap<>();
        for (String arg : args) {
            int eq = arg.indexOf('=');
            options.put(arg.substring(0, eq), arg.substring(eq + 1));
        }
        String mode = options.remove("mode");
        TestDatabase database = TestDatabase.valueOf(options.getOrDefault("database", "POSTGRES"));
        options.remove("database");
        String effects = options.remove("effects");
        Path freeze = Path.of(options.getOrDefault("freeze", "/nonexistent"));
        options.remove("freeze");
        InboxListener listener = switch (mode) {
            case "block" -> new EffectWriter(database.xaDataSource(), effects, ConcurrentHashMap.newKeySet(), message -> {
                if (Files.exists(freeze)) {
                    System.out.println("BLOCKED " + message.id());
                    System.out.flush();
                    sleep(Long.MAX_VALUE);
                }
                sleep(20);
            });
            case "halt-in-prepare" -> message -> {
                enlist(new HaltInPrepare());
                return Outcome.ack();
            };
            case "halt-in-commit", "recover" -> new EffectWriter(database.xaDataSource(), effects,
                    ConcurrentHashMap.newKeySet());
            default -> throw new IllegalArgumentException("unknown mode " + mode);
        };
        Harness server = Harness.start();
        if (mode.equals("halt-in-commit")) {
            server.wrappingAdapterResources(ServerPhases::haltingInCommit);
        }
        Harness.Activation activation = server.activate(listener, options);
        System.out.println("READY");
        System.out.flush();
        if (mode.equals("recover")) {
            XAResource adapter = activation.recoveryResources()[0];
            javax.sql.XAConnection mdbs = database.xaDataSource().getXAConnection();
            NarayanaRecovery.run(() -> new XAResource[] {adapter, xa(mdbs)}, 3);
            System.out.println("RECOVERED");
            System.out.flush();
        }
        sleep(Long.MAX_VALUE);
    }

    private static XAResource xa(javax.sql.XAConnection connection) {
        try {
            return connection.getXAResource();
        } catch (java.sql.SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    private static void enlist(XAResource resource) {
        try {
            if (!Narayana.transactionManager().getTransaction().enlistResource(resource)) {
                throw new IllegalStateException("not enlisted");
            }
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** The crash between the two prepares: the JVM stops dead, as with kill -9. */
    private static final class HaltInPrepare implements XAResource {
        @Override
        public int prepare(Xid xid) {
            Runtime.getRuntime().halt(HALTED);
            return XA_OK;
        }

        @Override public void start(Xid xid, int flags) { }
        @Override public void end(Xid xid, int flags) { }
        @Override public void commit(Xid xid, boolean onePhase) { }
        @Override public void rollback(Xid xid) { }
        @Override public void forget(Xid xid) { }
        @Override public Xid[] recover(int flag) throws XAException { return new Xid[0]; }
        @Override public boolean isSameRM(XAResource other) { return other == this; }
        @Override public int getTransactionTimeout() { return 0; }
        @Override public boolean setTransactionTimeout(int seconds) { return false; }
    }
}
