package io.inboxra.ra;

import io.inboxra.InboxListener;
import io.inboxra.InboxMessage;
import io.inboxra.Outcome;
import io.inboxra.dialect.Form;
import io.inboxra.harness.Await;
import io.inboxra.harness.Harness;
import io.inboxra.harness.TestDatabase;
import io.inboxra.harness.TestTables;
import io.inboxra.operations.InboxSubscriptions;
import io.inboxra.operations.SubscriptionView;
import jakarta.resource.ResourceException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.lang.management.ManagementFactory;
import java.net.URL;
import java.net.URLClassLoader;
import java.sql.SQLException;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.atomic.AtomicInteger;
import javax.management.MBeanServer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Two applications in one server (issue 23, point 1): each sees and operates only its own
 * subscriptions through {@link InboxSubscriptions}; JMX shows every one; a second MDB under a name
 * an active one has is refused, and the first runs on. Each application is a class loader of its
 * own that defines its MDB's class, as a WAR's loader does; the calling application is the
 * thread's context class loader, as in a web request.
 */
class ApplicationsApartTest {

    private static final Duration LONG = Duration.ofSeconds(60);

    private final TestTables tables = new TestTables();

    @AfterEach
    void dropTables() throws SQLException {
        tables.dropAll();
    }

    @ParameterizedTest
    @EnumSource(TestDatabase.class)
    void eachApplicationSeesAndOperatesOnlyItsOwnSubscriptionsWhileJmxShowsBoth(TestDatabase db) throws Exception {
        String tableA = tables.inbox(db);
        String deadA = tables.deadLetters(db);
        String tableB = tables.inbox(db);
        String deadB = tables.deadLetters(db);
        String a = "billing-a-" + db;
        String b = "shipping-b-" + db;
        ClassLoader appA = new ApplicationLoader("app-a", RejectingMdb.class);
        ClassLoader appB = new ApplicationLoader("app-b", RejectingMdb.class);
        try (Harness server = Harness.start()) {
            server.activate(mdb(appA), deadLettering(db, a, tableA, deadA));
            server.activate(mdb(appB), deadLettering(db, b, tableB, deadB));
            db.insertRows(tableA, 2);
            db.insertRows(tableB, 2);
            Await.until("each application's rows are its dead letters", LONG,
                    () -> db.count("SELECT count(*) FROM " + deadA) == 2 && db.count("SELECT count(*) FROM " + deadB) == 2);

            assertEquals(List.of(a), as(appA, () -> names(InboxSubscriptions.all())), "A sees its own only");
            assertEquals(List.of(b), as(appB, () -> names(InboxSubscriptions.all())), "B sees its own only");
            assertTrue(as(appB, () -> InboxSubscriptions.find(a)).isEmpty(), "B cannot find A's subscription");
            assertTrue(as(appA, () -> InboxSubscriptions.find(b)).isEmpty(), "A cannot find B's subscription");
            // A WAR of an EAR: its loader's parent is the EAR's, whose EJB module has the MDB.
            ClassLoader warOfA = new URLClassLoader("war-of-a", new URL[0], appA);
            assertEquals(List.of(a), as(warOfA, () -> names(InboxSubscriptions.all())), "a module of A sees A's");
            // The server's own loader is the applications' parent: it sees neither.
            ClassLoader server0 = ApplicationsApartTest.class.getClassLoader();
            assertTrue(as(server0, () -> names(InboxSubscriptions.all())).stream().noneMatch(n -> n.equals(a) || n.equals(b)),
                    "a parent loader sees none of its children's subscriptions");
            assertEquals(List.of(a), names(InboxSubscriptions.of(appA)), "A's, for a health check on a server thread");

            // B's operator discards all of B's dead letters: A's stay.
            SubscriptionView own = as(appB, () -> InboxSubscriptions.find(b)).orElseThrow();
            assertEquals(2, own.discardOlderThan(Duration.ZERO));
            assertEquals(0, db.count("SELECT count(*) FROM " + deadB));
            assertEquals(2, db.count("SELECT count(*) FROM " + deadA), "A's dead letters untouched");

            MBeanServer mbeans = ManagementFactory.getPlatformMBeanServer();
            assertTrue(mbeans.isRegistered(io.inboxra.ra.operations.OperatorRegistration.objectName(a)), "JMX shows A's");
            assertTrue(mbeans.isRegistered(io.inboxra.ra.operations.OperatorRegistration.objectName(b)), "JMX shows B's");
        }
    }

    /** The first application's MDB; its simple name is {@code Billing}, the default subscription name. */
    public static final class One {
        static final AtomicInteger DELIVERED = new AtomicInteger();

        public static final class Billing implements InboxListener {
            @Override
            public Outcome onMessage(InboxMessage message) {
                DELIVERED.incrementAndGet();
                return Outcome.ack();
            }
        }
    }

    /** Another application's MDB of the same simple name. */
    public static final class Two {
        static final AtomicInteger DELIVERED = new AtomicInteger();

        public static final class Billing implements InboxListener {
            @Override
            public Outcome onMessage(InboxMessage message) {
                DELIVERED.incrementAndGet();
                return Outcome.ack();
            }
        }
    }

    @ParameterizedTest
    @EnumSource(TestDatabase.class)
    void aSecondMdbUnderAnActiveNameIsRefusedNamingBothAndTheFirstRunsOnWithItsMBean(TestDatabase db) throws Exception {
        String first = tables.inbox(db);
        String second = tables.inbox(db);
        One.DELIVERED.set(0);
        Two.DELIVERED.set(0);
        try (Harness server = Harness.start()) {
            // No name property: both default to the MDB's simple class name.
            Harness.Activation one = server.activate(new One.Billing(), unnamed(db, first));
            db.insertRows(first, 2);
            Await.until("the first MDB delivers", LONG, () -> One.DELIVERED.get() == 2);

            ResourceException refused = assertThrows(ResourceException.class,
                    () -> server.activate(new Two.Billing(), unnamed(db, second)));
            String error = refused.getMessage();
            assertTrue(error.contains("'Billing'") && error.contains(One.Billing.class.getName())
                    && error.contains(Two.Billing.class.getName()) && error.contains("propertyName = \"name\""), error);

            SubscriptionView view = InboxSubscriptions.find("Billing").orElseThrow();
            MBeanServer mbeans = ManagementFactory.getPlatformMBeanServer();
            assertTrue(mbeans.isRegistered(io.inboxra.ra.operations.OperatorRegistration.objectName("Billing")),
                    "the first one's MBean stays");
            db.insertRows(first, 1);
            db.insertRows(second, 1);
            Await.until("the first MDB delivers on", LONG, () -> One.DELIVERED.get() == 3 && view.snapshot().delivered() == 3);
            assertEquals(0, Two.DELIVERED.get(), "the refused MDB never started");
            assertEquals(1, db.count("SELECT count(*) FROM " + second), "the refused MDB's row waits");

            one.deactivate();
            assertFalse(mbeans.isRegistered(io.inboxra.ra.operations.OperatorRegistration.objectName("Billing")));
            // The name is free again: the other MDB now takes it.
            try (Harness.Activation two = server.activate(new Two.Billing(), unnamed(db, second))) {
                Await.until("the second MDB delivers once the first has gone", LONG, () -> Two.DELIVERED.get() == 1);
            }
        }
    }

    private static Map<String, String> deadLettering(TestDatabase db, String name, String table, String dead) {
        Map<String, String> p = db.properties(name, table, Form.ROW_LOCK);
        p.put("deadLetterTable", dead);
        return p;
    }

    private static Map<String, String> unnamed(TestDatabase db, String table) {
        Map<String, String> p = db.properties("Billing", table, Form.ROW_LOCK);
        p.remove("name");
        return p;
    }

    private static InboxListener mdb(ClassLoader application) throws ReflectiveOperationException {
        return (InboxListener) application.loadClass(RejectingMdb.class.getName()).getConstructor().newInstance();
    }

    private static List<String> names(List<SubscriptionView> views) {
        return views.stream().map(SubscriptionView::name).toList();
    }

    /** Runs as the application of this loader runs a web request: with it as the thread's context class loader. */
    private static <T> T as(ClassLoader application, Callable<T> call) throws Exception {
        Thread thread = Thread.currentThread();
        ClassLoader before = thread.getContextClassLoader();
        thread.setContextClassLoader(application);
        try {
            return call.call();
        } finally {
            thread.setContextClassLoader(before);
        }
    }

    /** An application's class loader: defines its MDB classes itself, from the tests' class files, as a WAR's loader does. */
    private static final class ApplicationLoader extends ClassLoader {
        private final Set<String> own;

        ApplicationLoader(String name, Class<?>... own) {
            super(name, ApplicationsApartTest.class.getClassLoader());
            this.own = Set.of(java.util.Arrays.stream(own).map(Class::getName).toArray(String[]::new));
        }

        @Override
        protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
            if (!own.contains(name)) {
                return super.loadClass(name, resolve);
            }
            synchronized (getClassLoadingLock(name)) {
                Class<?> defined = findLoadedClass(name);
                if (defined == null) {
                    try (InputStream in = getParent().getResourceAsStream(name.replace('.', '/') + ".class")) {
                        byte[] bytes = in.readAllBytes();
                        defined = defineClass(name, bytes, 0, bytes.length);
                    } catch (IOException e) {
                        throw new UncheckedIOException(e);
                    }
                }
                return defined;
            }
        }
    }
}
