package io.inboxra.tck;

import io.inboxra.InboxListener;
import io.inboxra.dialect.Form;
import io.inboxra.harness.Harness;
import io.inboxra.ra.config.InvalidSettingsException;
import jakarta.resource.ResourceException;
import org.junit.jupiter.api.Assumptions;

import java.util.Map;

/**
 * Activates a case's subscription; a dialect that refuses the case's table description at
 * activation (its form, FIFO groups, a column it cannot express) has the case skipped, with
 * the dialect's own reason.
 */
final class Subscribing {

    private Subscribing() {
    }

    static Harness.Activation activate(Harness server, DialectUnderTest target, Form form, String name, String table,
            InboxListener listener, Map<String, String> extra) throws ResourceException {
        Map<String, String> p = target.activation(name, table);
        switch (form) {
            case LEASE -> p.put("lockedUntilColumn", "locked_until");
            case ADVISORY -> p.put("advisoryLock", "id");
            case ROW_LOCK -> { }
        }
        p.putAll(extra);
        try {
            return server.activate(listener, p);
        } catch (InvalidSettingsException e) {
            if (refusedByTheDialect(e)) {
                Assumptions.abort("dialect '" + target.dialect() + "' refuses this case in the " + form + " form: "
                        + e.getMessage());
            }
            throw e;
        }
    }

    /** Only the dialect's refusals: a wrong URL or property must fail the case, not skip it. */
    private static boolean refusedByTheDialect(InvalidSettingsException e) {
        return e.problems().stream().allMatch(problem -> problem.startsWith("Dialect '")
                && (problem.contains("' cannot claim in the ") || problem.contains("' refuses the table (UNSUPPORTED")));
    }
}
