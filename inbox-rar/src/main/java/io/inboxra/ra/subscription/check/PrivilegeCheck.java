package io.inboxra.ra.subscription.check;

import io.inboxra.dialect.Dialect;
import io.inboxra.dialect.Form;
import io.inboxra.dialect.TableSpec;
import io.inboxra.ra.config.InvalidSettingsException;
import io.inboxra.ra.config.SubscriptionSettings;
import io.inboxra.ra.dialect.common.Privileges;

import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * At activation, whether the subscription's user holds what its configured features need: a
 * missing grant fails the activation, naming it and the GRANT to run, instead of failing every
 * row (a settlement refused is a row retried and dead-lettered). A missing optional one (a
 * setting or privilege whose lack only degrades) is one warning. Only dialects that know their
 * database's privilege functions ({@link Privileges}: the built-in PostgreSQL, MySQL and MariaDB
 * ones) check; others skip it.
 */
final class PrivilegeCheck {

    private static final Logger LOG = System.getLogger(PrivilegeCheck.class.getName());

    private PrivilegeCheck() {
    }

    /**
     * A privilege a configured feature needs on a table.
     *
     * @param privilege SELECT, INSERT, UPDATE or DELETE
     * @param table the table as stored
     * @param why the feature that needs it
     */
    record Need(String privilege, String table, String why) {
    }

    /**
     * @param table the checked table description (stored names)
     * @throws InvalidSettingsException naming each missing grant and the GRANT statements to run
     */
    static void require(SubscriptionSettings settings, Dialect dialect, Connection connection, TableSpec table)
            throws SQLException, InvalidSettingsException {
        if (!(dialect instanceof Privileges privileges)) {
            LOG.log(Level.DEBUG, () -> "Inbox subscription '" + settings.name() + "': dialect '" + dialect.name()
                    + "' has no privilege checks; a missing grant will show as failed rows");
            return;
        }
        List<Need> missing = new ArrayList<>();
        for (Need need : needs(settings, table, privileges.lockingReadNeedsUpdate())) {
            if (!privileges.holds(connection, need.privilege(), need.table())) {
                missing.add(need);
            }
        }
        List<String> problems = new ArrayList<>();
        if (!missing.isEmpty()) {
            Map<String, List<String>> byTable = new LinkedHashMap<>();
            missing.forEach(m -> byTable.computeIfAbsent(m.table(), t -> new ArrayList<>()).add(m.privilege()));
            List<String> grants = new ArrayList<>();
            for (Map.Entry<String, List<String>> e : byTable.entrySet()) {
                grants.add(privileges.grant(connection, String.join(", ", e.getValue()), e.getKey()) + ";");
            }
            problems.add("User " + connection.getMetaData().getUserName() + " lacks "
                    + String.join(", ", missing.stream().map(m -> m.privilege() + " on table '" + m.table() + "' ("
                            + m.why() + ")").toList())
                    + ". Have an administrator run: " + String.join(" ", grants));
        }
        problems.addAll(privileges.missingServerPrivileges(connection));
        if (!problems.isEmpty()) {
            throw new InvalidSettingsException(settings.name(), problems);
        }
        for (String degraded : privileges.degraded(connection)) {
            LOG.log(Level.WARNING, "Inbox subscription '" + settings.name() + "': " + degraded + ".");
        }
    }

    /** What the table description and settings make the subscription run, privilege by privilege. */
    static List<Need> needs(SubscriptionSettings settings, TableSpec table, boolean lockingReadNeedsUpdate) {
        String inbox = table.table();
        List<Need> needs = new ArrayList<>();
        needs.add(new Need("SELECT", inbox, "every claim reads the inbox"));
        List<String> updates = new ArrayList<>();
        if (table.form() == Form.LEASE) {
            updates.add("the lease form writes lockedUntilColumn");
        }
        if (table.form() == Form.ROW_LOCK && lockingReadNeedsUpdate) {
            updates.add("the row lock claim's SELECT ... FOR UPDATE");
        }
        boolean dead = table.deadLetterTable().isPresent() || table.deadAtColumn().isPresent();
        if (table.form() == Form.ADVISORY && lockingReadNeedsUpdate && dead) {
            // The other forms need UPDATE anyway (the row lock claim's, the lease's).
            updates.add("the operator's cancel takes a pending row's lock, SELECT ... FOR UPDATE SKIP LOCKED");
        }
        table.processedAtColumn().ifPresent(c -> updates.add("a settlement marks processedAtColumn"));
        table.deadAtColumn().ifPresent(c -> updates.add("a dead letter is marked in deadAtColumn"));
        table.dueColumn().ifPresent(c -> updates.add("a failure moves dueColumn and counts the attempt"));
        if (!updates.isEmpty()) {
            needs.add(new Need("UPDATE", inbox, String.join("; ", updates)));
        }
        boolean moves = table.deadLetterTable().isPresent() && table.deadAtColumn().isEmpty();
        List<String> deletes = new ArrayList<>();
        if (table.processedAtColumn().isEmpty()) {
            deletes.add("a settlement deletes the delivered row");
        }
        if (moves) {
            deletes.add("a dead letter leaves the inbox");
        }
        if (settings.retention().isPresent()) {
            deletes.add("the retention sweep deletes processed rows");
        }
        if (!deletes.isEmpty()) {
            needs.add(new Need("DELETE", inbox, String.join("; ", deletes)));
        }
        if (moves) {
            // The operator's requeue and discard (JMX, inbox-admin) come with the table: MariaDB
            // refuses to prepare them without these, and the activation prepares every statement.
            String deadLetters = table.deadLetterTable().orElseThrow();
            needs.add(new Need("INSERT", inbox, "the operator's requeue moves a dead letter back"));
            needs.add(new Need("SELECT", deadLetters, "a dead letter's move looks for a copy already there"));
            needs.add(new Need("INSERT", deadLetters, "a dead letter's move writes it there"));
            needs.add(new Need("UPDATE", deadLetters, "a failed commit's innermost cause is written as its dead letter's reason"));
            needs.add(new Need("DELETE", deadLetters, "the operator's requeue and discard remove dead letters"));
        }
        return needs;
    }
}
