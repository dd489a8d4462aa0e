package io.inboxra.ra;

import io.inboxra.Outcome;
import io.inboxra.dialect.Form;
import io.inboxra.harness.Await;
import io.inboxra.harness.Harness;
import io.inboxra.harness.Narayana;
import io.inboxra.harness.TestDatabase;
import io.inboxra.harness.TestTables;
import io.inboxra.harness.XaConnectionManager;
import io.inboxra.producer.InboxProducer;
import io.inboxra.producer.InboxProducerFactory;
import io.inboxra.producer.SendOptions;
import io.inboxra.ra.outbound.ProducerConnectionFactory;
import io.opentelemetry.api.GlobalOpenTelemetry;
import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanContext;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.api.trace.StatusCode;
import io.opentelemetry.api.trace.TraceFlags;
import io.opentelemetry.api.trace.TraceState;
import io.opentelemetry.api.trace.Tracer;
import io.opentelemetry.api.trace.propagation.W3CTraceContextPropagator;
import io.opentelemetry.context.Context;
import io.opentelemetry.context.Scope;
import io.opentelemetry.context.propagation.ContextPropagators;
import io.opentelemetry.sdk.OpenTelemetrySdk;
import io.opentelemetry.sdk.testing.exporter.InMemorySpanExporter;
import io.opentelemetry.sdk.trace.SdkTracerProvider;
import io.opentelemetry.sdk.trace.data.EventData;
import io.opentelemetry.sdk.trace.data.LinkData;
import io.opentelemetry.sdk.trace.data.SpanData;
import io.opentelemetry.sdk.trace.export.SimpleSpanProcessor;
import jakarta.transaction.TransactionManager;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;

import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Tracing across the inbox (issue 26, point 2), with the OpenTelemetry SDK and an in-memory
 * exporter as the server's: a producer's span, sent with {@code traceColumn}, is the parent of
 * the delivery's span {@code inbox process <table>}, which is current while the MDB runs; a
 * failed delivery's span is ERROR with the exception; a batch's span links each row's context;
 * without {@code traceColumn} there is no span; a row without a context, or with garbage, is a
 * root span and delivered as any other.
 */
class TraceTest {

    private static final Duration LONG = Duration.ofSeconds(30);
    private static final AttributeKey<String> MESSAGE_ID = AttributeKey.stringKey("messaging.message.id");
    private static final AttributeKey<Long> ATTEMPT = AttributeKey.longKey("inbox.attempt");

    private final TestTables tables = new TestTables();
    private final InMemorySpanExporter exporter = InMemorySpanExporter.create();
    private OpenTelemetrySdk sdk;
    private Tracer tracer;

    @BeforeEach
    void installTheServersOpenTelemetry() {
        GlobalOpenTelemetry.resetForTest();
        sdk = OpenTelemetrySdk.builder()
                .setTracerProvider(SdkTracerProvider.builder().addSpanProcessor(SimpleSpanProcessor.create(exporter)).build())
                .setPropagators(ContextPropagators.create(W3CTraceContextPropagator.getInstance()))
                .build();
        GlobalOpenTelemetry.set(sdk);
        tracer = sdk.getTracer("the application");
    }

    @AfterEach
    void dropTables() throws SQLException {
        tables.dropAll();
        sdk.close();
        GlobalOpenTelemetry.resetForTest();
    }

    private String tracedInbox(TestDatabase db) throws SQLException {
        String table = tables.create(db, "trc_inbox", db.inboxColumns() + ", trace_context VARCHAR(600)");
        db.execute("CREATE INDEX " + table + "_claim ON " + table + " (queue, priority, due_at, id)");
        return table;
    }

    private static InboxProducerFactory producers(Harness server, TestDatabase db, String traceColumn) throws Exception {
        Map<String, String> p = DeliveryTest.properties(db, Form.ROW_LOCK, "producer", "unused");
        ProducerConnectionFactory factory = new ProducerConnectionFactory();
        factory.setResourceAdapter(server.adapter());
        factory.setUrl(p.get("url"));
        factory.setUser(p.get("user"));
        factory.setPassword(p.get("password"));
        factory.setTraceColumn(traceColumn);
        return (InboxProducerFactory) factory.createConnectionFactory(new XaConnectionManager());
    }

    private static Map<String, String> traced(TestDatabase db, Form form, String name, String table) {
        Map<String, String> p = DeliveryTest.properties(db, form, name, table);
        p.put("traceColumn", "trace_context");
        return p;
    }

    private List<SpanData> deliverySpans(String table) {
        return exporter.getFinishedSpanItems().stream().filter(s -> s.getName().equals("inbox process " + table)).toList();
    }

    /** Sends {@code payload} in a transaction, under a span of its own; returns that span's context. */
    private SpanContext sendTraced(InboxProducerFactory producers, String table, String payload, Context parent)
            throws Exception {
        Span send = tracer.spanBuilder("send " + payload).setParent(parent).startSpan();
        try (Scope ignored = send.makeCurrent()) {
            TransactionManager tm = Narayana.transactionManager();
            tm.begin();
            try (InboxProducer inbox = producers.open()) {
                inbox.send(table, payload, SendOptions.now());
            }
            tm.commit();
        } finally {
            send.end();
        }
        return send.getSpanContext();
    }

    /**
     * The producer's span is the delivery span's parent, in one trace, with the tracestate it
     * carried; the span has the messaging attributes; the MDB's own span is its child.
     */
    @ParameterizedTest
    @MethodSource("io.inboxra.ra.DeliveryTest#everyDatabaseAndForm")
    void theDeliveryContinuesTheProducersTrace(TestDatabase db, Form form) throws Exception {
        String table = tracedInbox(db);
        List<String> delivered = new CopyOnWriteArrayList<>();
        List<Object> ids = new CopyOnWriteArrayList<>();
        List<SpanContext> currentInListener = new CopyOnWriteArrayList<>();
        try (Harness server = Harness.start()) {
            InboxProducerFactory producers = producers(server, db, "trace_context");
            server.activate(message -> {
                currentInListener.add(Span.current().getSpanContext());
                tracer.spanBuilder("the MDB's work").startSpan().end();
                delivered.add(message.text());
                ids.add(message.id());
                return Outcome.ack();
            }, traced(db, form, "trc-" + db + "-" + form, table));

            // A remote parent with a tracestate whose value holds a ';', as W3C allows.
            SpanContext upstream = SpanContext.createFromRemoteParent("0af7651916cd43dd8448eb211c80319c",
                    "b7ad6b7169203331", TraceFlags.getSampled(), TraceState.builder().put("vendor", "a;b").build());
            SpanContext producer = sendTraced(producers, table, "traced", Context.root().with(Span.wrap(upstream)));

            Await.until("the row is delivered and its span ended", LONG, () -> deliverySpans(table).size() == 1);
            SpanData delivery = deliverySpans(table).get(0);
            assertEquals(List.of("traced"), delivered);
            assertEquals(producer.getTraceId(), delivery.getTraceId(), "one trace");
            assertEquals(producer.getSpanId(), delivery.getParentSpanId(), "the producer's span is the parent");
            assertTrue(delivery.getParentSpanContext().isRemote());
            assertEquals("a;b", delivery.getParentSpanContext().getTraceState().get("vendor"), "the tracestate came along");
            assertEquals(SpanKind.CONSUMER, delivery.getKind());
            assertEquals(StatusCode.OK, delivery.getStatus().getStatusCode());
            assertEquals("inbox", delivery.getAttributes().get(AttributeKey.stringKey("messaging.system")));
            assertEquals("process", delivery.getAttributes().get(AttributeKey.stringKey("messaging.operation.type")));
            assertEquals(table, delivery.getAttributes().get(AttributeKey.stringKey("messaging.destination.name")));
            assertEquals("trc-" + db + "-" + form,
                    delivery.getAttributes().get(AttributeKey.stringKey("messaging.destination.subscription.name")));
            assertEquals(String.valueOf(ids.get(0)), delivery.getAttributes().get(MESSAGE_ID));
            assertEquals(1L, delivery.getAttributes().get(ATTEMPT));

            assertEquals(List.of(delivery.getSpanContext()), currentInListener, "the span is current while the MDB runs");
            SpanData work = exporter.getFinishedSpanItems().stream().filter(s -> s.getName().equals("the MDB's work"))
                    .findFirst().orElseThrow();
            assertEquals(delivery.getSpanId(), work.getParentSpanId(), "the MDB's span is the delivery's child");
            assertEquals(delivery.getTraceId(), work.getTraceId());
            assertFalse(Span.current().getSpanContext().isValid(), "nothing left current on this thread");
        }
    }

    /**
     * A tracestate too long for the column's 600 characters (32 members of 30): the send stores
     * the traceparent alone and succeeds, and the delivery still continues the producer's trace.
     */
    @ParameterizedTest
    @org.junit.jupiter.params.provider.EnumSource(TestDatabase.class)
    void aTracestateTooLongForTheColumnIsLeftOutNotAFailedSend(TestDatabase db) throws Exception {
        String table = tracedInbox(db);
        try (Harness server = Harness.start()) {
            InboxProducerFactory producers = producers(server, db, "trace_context");
            server.activate(message -> Outcome.ack(), traced(db, Form.ROW_LOCK, "trc-long-" + db, table));
            io.opentelemetry.api.trace.TraceStateBuilder state = TraceState.builder();
            for (int i = 0; i < 32; i++) {
                state.put("vendor" + i, "v".repeat(20) + i);
            }
            SpanContext upstream = SpanContext.createFromRemoteParent("0af7651916cd43dd8448eb211c80319c",
                    "b7ad6b7169203331", TraceFlags.getSampled(), state.build());
            SpanContext producer = sendTraced(producers, table, "long state", Context.root().with(Span.wrap(upstream)));
            Await.until("the row is delivered and its span ended", LONG, () -> deliverySpans(table).size() == 1);
            SpanData delivery = deliverySpans(table).get(0);
            assertEquals(producer.getSpanId(), delivery.getParentSpanId(), "the producer's span is still the parent");
            assertTrue(delivery.getParentSpanContext().getTraceState().isEmpty(), "the tracestate was left out");
        }
    }

    /** A listener that throws: the delivery's span is ERROR, with the exception; the next attempt's span is OK. */
    @ParameterizedTest
    @MethodSource("io.inboxra.ra.DeliveryTest#everyDatabaseAndForm")
    void aFailedDeliverysSpanIsAnErrorWithTheException(TestDatabase db, Form form) throws Exception {
        String table = tracedInbox(db);
        try (Harness server = Harness.start()) {
            InboxProducerFactory producers = producers(server, db, "trace_context");
            Map<String, String> p = traced(db, form, "trc-fail-" + db + "-" + form, table);
            p.put("attemptColumn", "attempts");
            p.put("dueColumn", "due_at");
            p.put("retryDelay", "PT0.05S");
            server.activate(message -> {
                if (message.attempt() == 1) {
                    throw new IllegalStateException("the downstream said no");
                }
                return Outcome.ack();
            }, p);
            SpanContext producer = sendTraced(producers, table, "fails once", Context.root());

            Await.until("the row fails once, then is delivered", LONG, () -> deliverySpans(table).size() == 2);
            List<SpanData> spans = new ArrayList<>(deliverySpans(table));
            spans.sort(java.util.Comparator.comparing(SpanData::getStartEpochNanos));
            SpanData failed = spans.get(0);
            assertEquals(StatusCode.ERROR, failed.getStatus().getStatusCode());
            assertTrue(failed.getStatus().getDescription().contains("the downstream said no"),
                    failed.getStatus().getDescription());
            EventData exception = failed.getEvents().stream().filter(e -> e.getName().equals("exception")).findFirst()
                    .orElseThrow(() -> new AssertionError("no exception event: " + failed.getEvents()));
            // As the container threw it: the harness wraps it as an EJBException would, the listener's the cause.
            String trace = exception.getAttributes().get(AttributeKey.stringKey("exception.stacktrace"));
            assertTrue(trace.contains("IllegalStateException: the downstream said no"), trace);
            assertEquals(1L, failed.getAttributes().get(ATTEMPT));
            SpanData again = spans.get(1);
            assertEquals(StatusCode.OK, again.getStatus().getStatusCode());
            assertEquals(2L, again.getAttributes().get(ATTEMPT));
            for (SpanData span : spans) {
                assertEquals(producer.getSpanId(), span.getParentSpanId(), "each attempt continues the producer's trace");
            }
        }
    }

    /** A batch's span links each row's context, with its message id, and says how many rows it holds. */
    @ParameterizedTest
    @MethodSource("io.inboxra.ra.DeliveryTest#everyDatabaseAndForm")
    void aBatchsSpanLinksEachRowsContext(TestDatabase db, Form form) throws Exception {
        String table = tracedInbox(db);
        try (Harness server = Harness.start()) {
            InboxProducerFactory producers = producers(server, db, "trace_context");
            Set<String> producerSpans = new HashSet<>();
            for (int i = 0; i < 5; i++) {
                producerSpans.add(sendTraced(producers, table, "row " + i, Context.root()).getSpanId());
            }
            Map<String, String> p = traced(db, form, "trc-batch-" + db + "-" + form, table);
            p.put("batchSize", "10");
            List<Integer> batches = new CopyOnWriteArrayList<>();
            server.activateBatch(messages -> {
                batches.add(messages.size());
                return messages.stream().map(m -> Outcome.ack()).toList();
            }, p);

            Await.until("every row is delivered", LONG, () -> db.count("SELECT count(*) FROM " + table) == 0);
            Await.until("every span ended", LONG, () -> deliverySpans(table).size() == batches.size());
            Set<String> continued = new HashSet<>();
            boolean linked = false;
            for (SpanData span : deliverySpans(table)) {
                assertEquals(StatusCode.OK, span.getStatus().getStatusCode());
                if (span.getLinks().isEmpty()) {
                    continued.add(span.getParentSpanId());
                } else {
                    linked = true;
                    assertFalse(span.getParentSpanContext().isValid(), "a batch's span is a root with links");
                    assertEquals((long) span.getLinks().size(),
                            span.getAttributes().get(AttributeKey.longKey("messaging.batch.message_count")));
                    for (LinkData link : span.getLinks()) {
                        continued.add(link.getSpanContext().getSpanId());
                        assertTrue(link.getAttributes().get(MESSAGE_ID) != null);
                    }
                }
            }
            assertTrue(linked, "at least one delivery was a batch: " + batches);
            assertEquals(producerSpans, continued, "every row's context is continued");
        }
    }

    /**
     * Without {@code traceColumn} on the subscription no span is started, though the rows have
     * contexts; without it on the producer nothing is stored.
     */
    @ParameterizedTest
    @EnumSource(value = TestDatabase.class, names = {"POSTGRES", "MARIADB"})
    void withoutTraceColumnNothingIsTraced(TestDatabase db) throws Exception {
        String table = tracedInbox(db);
        try (Harness server = Harness.start()) {
            sendTraced(producers(server, db, "trace_context"), table, "stored", Context.root());
            sendTraced(producers(server, db, null), table, "not stored", Context.root());
            assertEquals(1, db.count("SELECT count(*) FROM " + table + " WHERE trace_context IS NULL AND payload = 'not stored'"));
            assertEquals(1, db.count("SELECT count(*) FROM " + table + " WHERE trace_context LIKE '00-%' AND payload = 'stored'"));
            List<String> delivered = new CopyOnWriteArrayList<>();
            server.activate(message -> {
                delivered.add(message.text());
                assertFalse(Span.current().getSpanContext().isValid(), "no span current");
                return Outcome.ack();
            }, DeliveryTest.properties(db, Form.ROW_LOCK, "trc-none-" + db, table));
            Await.until("both are delivered", LONG, () -> delivered.size() == 2);
            long marker = db.insertMarker(table, "payload", "'marker'");
            Await.until("the marker is delivered", LONG, () -> delivered.contains("marker"));
            assertTrue(marker > 0);
            assertTrue(deliverySpans(table).isEmpty(), "no delivery span: " + exporter.getFinishedSpanItems());
        }
    }

    /** Rows with no context, or with what is no context, are delivered as any other, each a root span. */
    @ParameterizedTest
    @MethodSource("io.inboxra.ra.DeliveryTest#everyDatabaseAndForm")
    void aRowWithoutAContextOrWithGarbageIsARootSpanNeverAFailure(TestDatabase db, Form form) throws Exception {
        String table = tracedInbox(db);
        List<String> stored = java.util.Arrays.asList(null, "", "garbage", ";", "00-zz-yy-01",
                "ff-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01",
                "00-00000000000000000000000000000000-b7ad6b7169203331-01;vendor=x",
                "00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01;not a tracestate,,==");
        for (int i = 0; i < stored.size(); i++) {
            String value = stored.get(i);
            db.execute("INSERT INTO " + table + " (payload, trace_context) VALUES ('row " + i + "', "
                    + (value == null ? "NULL" : "'" + value + "'") + ")");
        }
        try (Harness server = Harness.start()) {
            List<String> delivered = new CopyOnWriteArrayList<>();
            server.activate(message -> {
                delivered.add(message.text());
                return Outcome.ack();
            }, traced(db, form, "trc-garbage-" + db + "-" + form, table));
            Await.until("every row is delivered", LONG, () -> db.count("SELECT count(*) FROM " + table) == 0);
            Await.until("every span ended", LONG, () -> deliverySpans(table).size() == stored.size());
            assertEquals(stored.size(), delivered.size(), "each delivered once: " + delivered);
            Map<Boolean, List<SpanData>> byParent = deliverySpans(table).stream()
                    .collect(Collectors.partitioningBy(s -> s.getParentSpanContext().isValid()));
            for (SpanData span : deliverySpans(table)) {
                assertEquals(StatusCode.OK, span.getStatus().getStatusCode());
            }
            // The last holds a valid traceparent and a tracestate W3C refuses: the parent stays, the state goes.
            assertEquals(1, byParent.get(true).size(), "only the valid traceparent is a parent: " + byParent);
            assertEquals("0af7651916cd43dd8448eb211c80319c", byParent.get(true).get(0).getTraceId());
            assertEquals(stored.size() - 1, byParent.get(false).size());
            assertNull(byParent.get(true).get(0).getParentSpanContext().getTraceState().get("not a tracestate"));
        }
    }

    /** A trace column the table does not have is refused at activation, naming the property and its value. */
    @ParameterizedTest
    @EnumSource(value = TestDatabase.class, names = {"POSTGRES", "MARIADB"})
    void aMissingTraceColumnIsRefusedNamingTheProperty(TestDatabase db) throws Exception {
        String table = tracedInbox(db);
        try (Harness server = Harness.start()) {
            Map<String, String> p = DeliveryTest.properties(db, Form.ROW_LOCK, "trc-missing-" + db, table);
            p.put("traceColumn", "trace_ctx");
            jakarta.resource.ResourceException refused = org.junit.jupiter.api.Assertions.assertThrows(
                    jakarta.resource.ResourceException.class, () -> server.activate(message -> Outcome.ack(), p));
            assertTrue(refused.getMessage().contains("traceColumn") && refused.getMessage().contains("trace_ctx"),
                    refused.getMessage());
        }
    }
}
