package io.inboxra.tck;

import io.inboxra.InboxListener;
import io.inboxra.dialect.Form;
import io.inboxra.harness.Harness;
import io.inboxra.tck.KitInbox.Row;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * A case of {@link FormContract}: its table ({@link KitInbox}), the adapter under Narayana that
 * delivers from it, a subscription in the form under test, and what the cases check of deliveries.
 */
abstract class DeliveryCase {

    /** How long the deliveries a case waits for may take. */
    static final Duration LONG = Duration.ofSeconds(30);

    private final Form form;
    private DialectUnderTest target;
    private KitInbox inbox;
    private Harness server;

    DeliveryCase(Form form) {
        this.form = form;
    }

    /**
     * Called before each case.
     *
     * @return the dialect to check and the database to check it on
     */
    protected abstract DialectUnderTest dialectUnderTest();

    @BeforeEach
    void createTable() throws Exception {
        target = dialectUnderTest();
        inbox = KitInbox.create(target);
        server = Harness.start();
    }

    @AfterEach
    void dropTable() throws Exception {
        // Either may be missing when the case's setup failed: that failure is the one to report.
        try {
            if (server != null) {
                server.close();
            }
        } finally {
            if (inbox != null) {
                inbox.close();
            }
        }
    }

    /** The table in use, for the form's own cases. */
    KitInbox inbox() {
        return inbox;
    }

    /** Activates a subscription in this form, or skips the case when the dialect refuses its table. */
    Harness.Activation subscribe(String name, InboxListener listener, Map<String, String> extra) throws Exception {
        return Subscribing.activate(server, target, form, name, inbox.name(), listener, extra);
    }

    static List<Row> rows(String prefix, int n) {
        return IntStream.rangeClosed(1, n).mapToObj(i -> Row.of(prefix + i)).toList();
    }

    static List<Long> longs(List<Object> ids) {
        return ids.stream().map(id -> ((Number) id).longValue()).toList();
    }

    /** Asserts that the ids delivered are the expected ones, each once. */
    static void assertEachOnce(Set<Long> expected, List<Object> delivered, String what) {
        Map<Long, Long> counts = longs(delivered).stream()
                .collect(Collectors.groupingBy(id -> id, Collectors.counting()));
        assertEquals(expected, counts.keySet(), what);
        assertEquals(Map.of(), counts.entrySet().stream().filter(e -> e.getValue() > 1)
                .collect(Collectors.toMap(Map.Entry::getKey, Map.Entry::getValue)), "rows delivered more than once");
    }
}
