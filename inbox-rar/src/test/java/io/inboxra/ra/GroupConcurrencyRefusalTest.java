package io.inboxra.ra;

import io.inboxra.dialect.Statement;
import io.inboxra.dialect.StatementException;
import io.inboxra.dialect.TableSpec;
import io.inboxra.ra.config.SettingsReader;
import io.inboxra.ra.config.SubscriptionSettings;
import io.inboxra.ra.connection.SubscriptionStatements;
import io.inboxra.ra.dialect.H2Dialect;
import io.inboxra.ra.dialect.postgres.PostgresDialect;
import org.junit.jupiter.api.Test;

import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A dialect that cannot keep more than one row of a FIFO group in work refuses a
 * {@code groupConcurrency} above 1 when the activation builds its statements, naming the property,
 * its value and the fix. No database: the statements are built from the description alone.
 */
class GroupConcurrencyRefusalTest {

    /** A dialect of an application's own that keeps FIFO groups one row at a time: no group slots. */
    static final class NoSlots extends PostgresDialect {
        @Override
        public Optional<Statement> fifoSlotGuard(TableSpec spec) {
            return Optional.empty();
        }

        @Override
        public Optional<Statement> fifoSlotLock(TableSpec spec) {
            return Optional.empty();
        }
    }

    private static SubscriptionSettings settings(String... extra) throws Exception {
        Map<String, String> p = new HashMap<>(Map.of("table", "grp_jobs", "fifoColumn", "grp",
                "groupConcurrency", "2", "url", "jdbc:postgresql://127.0.0.1:5432/test"));
        for (int i = 0; i < extra.length; i += 2) {
            p.put(extra[i], extra[i + 1]);
        }
        return SettingsReader.read(p, "grp");
    }

    private static StatementException refusal(io.inboxra.dialect.Dialect dialect, SubscriptionSettings settings) {
        return assertThrows(StatementException.class,
                () -> SubscriptionStatements.of(dialect, settings.table(), settings));
    }

    @Test
    void aDialectWithoutGroupSlotsRefusesMoreThanOneInTheRowLockForm() throws Exception {
        StatementException e = refusal(new NoSlots(), settings());
        assertEquals(StatementException.Kind.UNSUPPORTED_FIFO, e.kind());
        assertTrue(e.getMessage().contains("this dialect keeps no more than one row of a FIFO group in work in the"
                + " ROW_LOCK form ('groupConcurrency' is 2); set 'groupConcurrency' to 1, or remove it"), e.getMessage());
    }

    @Test
    void aDialectWithoutGroupSlotsRefusesMoreThanOneInTheAdvisoryLockForm() throws Exception {
        StatementException e = refusal(new NoSlots(), settings("advisoryLock", "id"));
        assertEquals(StatementException.Kind.UNSUPPORTED_FIFO, e.kind());
        assertTrue(e.getMessage().contains("in the ADVISORY form ('groupConcurrency' is 2)"), e.getMessage());
    }

    @Test
    void theLeaseFormNeedsNoSlots() throws Exception {
        SubscriptionSettings lease = settings("lockedUntilColumn", "locked_until");
        assertTrue(SubscriptionStatements.of(new NoSlots(), lease.table(), lease).fifoGuard().isEmpty());
    }

    @Test
    void h2KeepsNoFifoGroupsAtAll() throws Exception {
        StatementException e = refusal(new H2Dialect(), settings());
        assertEquals(StatementException.Kind.UNSUPPORTED_FIFO, e.kind());
        assertTrue(e.getMessage().contains("remove 'fifoColumn'"), e.getMessage());
    }
}
