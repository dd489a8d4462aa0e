package io.inboxra.ra;

import io.inboxra.Outcome;
import io.inboxra.harness.Harness;
import io.inboxra.harness.Postgres;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

import java.sql.SQLException;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertThrows;

/**
 * The inbox table the activation config tests activate on, created on the test PostgreSQL
 * before a class's tests and dropped after them, and what an activation on it says when it is
 * refused. Register it with {@code @RegisterExtension static final ActivationTable table = new ActivationTable();}.
 */
final class ActivationTable implements BeforeAllCallback, AfterAllCallback {

    private String name;

    @Override
    public void beforeAll(ExtensionContext context) throws SQLException {
        name = Postgres.newInbox();
    }

    @Override
    public void afterAll(ExtensionContext context) throws SQLException {
        Postgres.execute("DROP TABLE IF EXISTS " + name);
    }

    /** @return the table's name */
    String name() {
        return name;
    }

    /** @return the activation config every test starts from, on this table */
    Map<String, String> properties(String subscription) {
        return Postgres.properties(subscription, name);
    }

    /**
     * Activates an MDB that acknowledges every row, on a server of its own, expecting a refusal.
     *
     * @param refusal the exception the activation must fail with
     * @param properties the activation config
     * @return the refusal's message
     */
    static String refusal(Class<? extends Exception> refusal, Map<String, String> properties) throws Exception {
        try (Harness server = Harness.start()) {
            return assertThrows(refusal, () -> server.activate(message -> Outcome.ack(), properties).close())
                    .getMessage();
        }
    }
}
