package io.inboxra.ra.config;

import io.inboxra.dialect.TableSpec;

import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * Reads a subscription's activation config (property name to text) into
 * {@link SubscriptionSettings}, collecting every problem before it fails, so a user fixes
 * them all in one round. Each part is read by its own reader, in the order the problems are
 * listed: the table description and queue ({@link TableReader}), the workers
 * ({@link WorkerSettings}), what becomes of rows ({@link SettlementSettings}), the claims
 * ({@link ClaimSettings}), the dialect and the database ({@link DataSourceReader}).
 */
public final class SettingsReader {

    private static final Pattern UNRESOLVED = Pattern.compile("\\$\\{(MPCONFIG|ENV|ALIAS)=");

    private SettingsReader() {
    }

    /**
     * Reads the settings.
     *
     * @param values property name to value; blank values count as absent
     * @param defaultName the name when the {@code name} property is absent
     * @return the settings
     * @throws InvalidSettingsException naming every property that is wrong
     */
    public static SubscriptionSettings read(Map<String, String> values, String defaultName)
            throws InvalidSettingsException {
        return read(values, defaultName, true);
    }

    /**
     * Checks the settings as far as they can be checked before the activation: everything but
     * the database and what the server left unsubstituted, since the adapter's MicroProfile
     * Config overrides ({@code inbox.<subscription>.<property>}), applied only at the
     * activation, may still supply those (an MDB may leave {@code url} to them).
     *
     * @param values property name to value; blank values count as absent
     * @throws InvalidSettingsException naming every property that is wrong
     */
    public static void checkBeforeActivation(Map<String, String> values) throws InvalidSettingsException {
        read(values, "inbox", false);
    }

    private static SubscriptionSettings read(Map<String, String> values, String defaultName, boolean complete)
            throws InvalidSettingsException {
        ActivationValues activation = new ActivationValues(values);
        String name = activation.text(Property.NAME).orElse(defaultName);
        if (complete) {
            checkReferencesResolved(activation, name);
        }
        TableSpec table = TableReader.read(activation);
        Optional<String> queue = TableReader.queue(activation, table);
        TableReader.checkOneForm(activation, table);
        TableReader.checkGroupConcurrency(activation, table);
        WorkerSettings work = WorkerSettings.read(activation, table);
        SettlementSettings settlement = SettlementSettings.read(activation, table, work.batchSize(), work.prefetch());
        ClaimSettings claims = ClaimSettings.read(activation);
        Optional<String> dialect = activation.text(Property.DIALECT);
        DataSourceSettings dataSource = DataSourceReader.read(activation, complete);
        SilentReconnects.check(activation, table, dataSource);
        FailurePause failurePause = FailurePause.read(activation);
        java.util.OptionalDouble maxRate = RateLimit.read(activation);
        activation.failIfAnyProblem(name);
        return new SubscriptionSettings(name, table, queue, work.workers(), claims.pollInterval(),
                claims.maxPollInterval(), work.lease(), work.batchSize(), work.prefetch(), work.connections(), work.inDoubtTimeout(),
                settlement.maxAttempts(), settlement.retryDelay(), settlement.maxRetryDelay(), settlement.retention(),
                claims.isolation(), dialect, dataSource, settlement.maxPayloadBytes(), claims.notifyChannel(),
                claims.claimTransactionWarning(), failurePause, maxRate);
    }

    /** A {@code ${MPCONFIG=...}} left in a value: the server did not substitute it. */
    private static void checkReferencesResolved(ActivationValues values, String name) {
        values.all().forEach((key, value) -> {
            if (UNRESOLVED.matcher(value).find()) {
                values.refuse("Property '" + key + "' is '" + Secrets.shown(key, value) + "': the server did not"
                        + " substitute the reference (Payara resolves ${MPCONFIG=...} in activation config from"
                        + " server-level sources only: system properties, environment variables, the domain's"
                        + " config); set the key there, or set inbox." + name + "." + key + " in the application's"
                        + " microprofile-config.properties instead.");
            }
        });
    }
}
