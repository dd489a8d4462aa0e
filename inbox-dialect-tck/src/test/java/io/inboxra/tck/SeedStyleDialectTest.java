package io.inboxra.tck;

import io.inboxra.appdialect.SeedStylePostgresDialect;
import io.inboxra.harness.Postgres;
import org.junit.jupiter.api.Disabled;
import org.junit.jupiter.api.Test;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.engine.support.descriptor.MethodSource;
import org.junit.platform.launcher.TestExecutionListener;
import org.junit.platform.launcher.TestIdentifier;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;
import org.junit.platform.launcher.core.LauncherFactory;

import java.util.Map;
import java.util.TreeMap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

/**
 * An application's dialect through the kit: {@link SeedStylePostgresDialect}, written as the
 * seeds write their SQL Server dialect (row lock form only, a claim by id alone). The kit passes
 * what it keeps, skips what it refuses, and fails each rule it ignores without refusing the
 * table: queues, due times and priorities, processed-at and dead-at marks.
 */
class SeedStyleDialectTest {

    static final DialectUnderTest SEED_STYLE = DialectUnderTest.of(SeedStylePostgresDialect.class.getName(),
            Postgres.URL, Postgres.USER, null, BuiltInTargets.POSTGRES_COLUMNS);

    /** Run only by this test, which expects some of its cases to fail. */
    @Disabled("run by SeedStyleDialectTest, which expects cases to fail")
    static class RowLockKit extends RowLockConformance {
        @Override
        protected DialectUnderTest dialectUnderTest() {
            return SEED_STYLE;
        }
    }

    /** Run only by this test: a form the dialect does not offer. */
    @Disabled("run by SeedStyleDialectTest, which expects cases to be skipped")
    static class LeaseKit extends LeaseConformance {
        @Override
        protected DialectUnderTest dialectUnderTest() {
            return SEED_STYLE;
        }
    }

    /** @return each case's outcome, as "class.method" to "STATUS: message" */
    private static Map<String, String> run(Class<?> kit) {
        Map<String, String> outcomes = new TreeMap<>();
        LauncherFactory.create().execute(LauncherDiscoveryRequestBuilder.request().selectors(selectClass(kit))
                .configurationParameter("junit.jupiter.conditions.deactivate", "org.junit.*DisabledCondition")
                .build(), new TestExecutionListener() {
                    @Override
                    public void executionFinished(TestIdentifier test, TestExecutionResult result) {
                        if (test.getSource().orElse(null) instanceof MethodSource method) {
                            outcomes.put(method.getMethodName(), result.getStatus() + result.getThrowable()
                                    .map(e -> ": " + e.getMessage()).orElse(""));
                        }
                    }
                });
        return outcomes;
    }

    private static String status(String outcome) {
        return outcome.split(":")[0];
    }

    @Test
    void theKitPassesWhatTheDialectKeepsAndFailsWhatItIgnores() {
        Map<String, String> outcomes = run(RowLockKit.class);
        Map<String, String> statuses = new TreeMap<>();
        outcomes.forEach((test, outcome) -> statuses.put(test, status(outcome)));
        Map<String, String> expected = new TreeMap<>(Map.of(
                "eachRowIsDeliveredAndSettledExactlyOnceWithSeveralWorkers", "SUCCESSFUL",
                "aListenerFailureReturnsTheRowAndItIsDeliveredAgain", "SUCCESSFUL",
                // No payloadBytes: the adapter reads the big payloads and marks them dead after; but its claim ignores
                // deadAtColumn (as rowsMarkedDeadAreNeverTaken shows), so it takes them again, and the settlement's
                // dead_at IS NULL guard refuses to mark a row twice: the batch with them never settles.
                "aPayloadOverMaxPayloadBytesIsMarkedDeadAndNeverDelivered", "FAILED",
                "fifoGroupsAreDeliveredInOrderNeverTwoOfAGroupAtOnce", "ABORTED",
                // Its retries need reschedule, which this dialect lacks: refused at activation, with the reason.
                "aRowIsNeverDeadLetteredOverADifferentMessageWithItsId", "ABORTED",
                "onlyTheSubscriptionsQueueIsDelivered", "FAILED",
                "onlyDueRowsAreDeliveredInPriorityThenDueThenIdOrder", "FAILED",
                "rowsMarkedProcessedAreNeverTakenAgain", "FAILED",
                "rowsMarkedDeadAreNeverTaken", "FAILED"));
        expected.put("groupConcurrencyKeepsAtMostThatManyRowsOfAGroupInWork", "ABORTED");
        assertEquals(expected, statuses, outcomes.toString());
        assertEquals("ABORTED: dialect '" + SeedStylePostgresDialect.class.getName() + "' refuses this case in the"
                + " ROW_LOCK form: Inbox subscription 'tck-fifo' cannot start: Dialect 'seed-style-postgres' refuses"
                + " the table (UNSUPPORTED_FIFO): this dialect keeps no FIFO groups; remove 'fifoColumn'.",
                outcomes.get("fifoGroupsAreDeliveredInOrderNeverTwoOfAGroupAtOnce"), "skipped with the dialect's reason");
    }

    @Test
    void aFormTheDialectDoesNotOfferIsSkippedNamingWhy() {
        Map<String, String> outcomes = run(LeaseKit.class);
        assertEquals(11, outcomes.size(), outcomes.toString());
        outcomes.forEach((test, outcome) -> assertEquals("ABORTED", status(outcome), test + ": " + outcome));
        String reason = outcomes.get("aLeaseThatRunsOutLetsAnotherDeliveryTakeTheRow");
        assertEquals("ABORTED: dialect '" + SeedStylePostgresDialect.class.getName() + "' refuses this case in the"
                + " LEASE form: Inbox subscription 'tck-expiry' cannot start: Dialect 'seed-style-postgres' cannot"
                + " claim in the LEASE form (it offers [ROW_LOCK]): choose a form it offers, or a dialect that"
                + " implements the LEASE capability.", reason);
    }
}
