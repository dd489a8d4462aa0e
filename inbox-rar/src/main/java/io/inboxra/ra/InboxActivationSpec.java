package io.inboxra.ra;

import io.inboxra.InboxBatchListener;
import io.inboxra.InboxListener;
import io.inboxra.ra.config.Property;
import io.inboxra.ra.config.Secrets;
import io.inboxra.ra.config.SettingsReader;
import jakarta.resource.ResourceException;
import jakarta.resource.spi.Activation;
import jakarta.resource.spi.ActivationSpec;
import jakarta.resource.spi.ConfigProperty;
import jakarta.resource.spi.InvalidPropertyException;
import jakarta.resource.spi.ResourceAdapter;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The activation config of one inbox MDB: the table description, the workers, the polling
 * and the database. Every property is text, read and checked by {@link SettingsReader} so
 * that each mistake gets a message naming the property, the value and the fix; see
 * {@link Property} for the list and defaults.
 */
@Activation(messageListeners = {InboxListener.class, InboxBatchListener.class})
public class InboxActivationSpec implements ActivationSpec {

    private final Map<String, String> values = new LinkedHashMap<>();
    private ResourceAdapter resourceAdapter;

    /** @return the properties set on this activation, by name */
    public Map<String, String> values() {
        return Collections.unmodifiableMap(values);
    }

    /**
     * Checks the properties set so far, with the adapter's defaults, but for the database and
     * what the server left unsubstituted: the MicroProfile Config overrides, applied only at the
     * activation, may still supply those. The activation checks everything again.
     */
    @Override
    public void validate() throws InvalidPropertyException {
        Map<String, String> merged = new LinkedHashMap<>();
        if (resourceAdapter instanceof InboxResourceAdapter adapter) {
            merged.putAll(adapter.defaults());
        }
        merged.putAll(values);
        SettingsReader.checkBeforeActivation(merged);
    }

    @Override
    public ResourceAdapter getResourceAdapter() {
        return resourceAdapter;
    }

    @Override
    public void setResourceAdapter(ResourceAdapter resourceAdapter) throws ResourceException {
        this.resourceAdapter = resourceAdapter;
    }

    private String get(Property property) {
        return values.get(property.key());
    }

    private void set(Property property, String value) {
        if (value == null) {
            values.remove(property.key());
        } else {
            values.put(property.key(), value);
        }
    }

    // JavaBean properties, one pair each, as the container sets them from the activation config.

    public String getName() { return get(Property.NAME); }
    public void setName(String v) { set(Property.NAME, v); }
    public String getTable() { return get(Property.TABLE); }
    public void setTable(String v) { set(Property.TABLE, v); }
    public String getIdColumn() { return get(Property.ID_COLUMN); }
    public void setIdColumn(String v) { set(Property.ID_COLUMN, v); }
    public String getPayloadColumn() { return get(Property.PAYLOAD_COLUMN); }
    public void setPayloadColumn(String v) { set(Property.PAYLOAD_COLUMN, v); }
    public String getQueueColumn() { return get(Property.QUEUE_COLUMN); }
    public void setQueueColumn(String v) { set(Property.QUEUE_COLUMN, v); }
    public String getQueue() { return get(Property.QUEUE); }
    public void setQueue(String v) { set(Property.QUEUE, v); }
    public String getDueColumn() { return get(Property.DUE_COLUMN); }
    public void setDueColumn(String v) { set(Property.DUE_COLUMN, v); }
    public String getPriorityColumn() { return get(Property.PRIORITY_COLUMN); }
    public void setPriorityColumn(String v) { set(Property.PRIORITY_COLUMN, v); }
    public String getAttemptColumn() { return get(Property.ATTEMPT_COLUMN); }
    public void setAttemptColumn(String v) { set(Property.ATTEMPT_COLUMN, v); }
    public String getProcessedAtColumn() { return get(Property.PROCESSED_AT_COLUMN); }
    public void setProcessedAtColumn(String v) { set(Property.PROCESSED_AT_COLUMN, v); }
    public String getLockedUntilColumn() { return get(Property.LOCKED_UNTIL_COLUMN); }
    public void setLockedUntilColumn(String v) { set(Property.LOCKED_UNTIL_COLUMN, v); }
    public String getAdvisoryLock() { return get(Property.ADVISORY_LOCK); }
    public void setAdvisoryLock(String v) { set(Property.ADVISORY_LOCK, v); }
    public String getFifoColumn() { return get(Property.FIFO_COLUMN); }
    public void setFifoColumn(String v) { set(Property.FIFO_COLUMN, v); }
    public String getGroupConcurrency() { return get(Property.GROUP_CONCURRENCY); }
    public void setGroupConcurrency(String v) { set(Property.GROUP_CONCURRENCY, v); }
    public String getKeyColumn() { return get(Property.KEY_COLUMN); }
    public void setKeyColumn(String v) { set(Property.KEY_COLUMN, v); }
    public String getTraceColumn() { return get(Property.TRACE_COLUMN); }
    public void setTraceColumn(String v) { set(Property.TRACE_COLUMN, v); }
    public String getDeadAtColumn() { return get(Property.DEAD_AT_COLUMN); }
    public void setDeadAtColumn(String v) { set(Property.DEAD_AT_COLUMN, v); }
    public String getDeadLetterTable() { return get(Property.DEAD_LETTER_TABLE); }
    public void setDeadLetterTable(String v) { set(Property.DEAD_LETTER_TABLE, v); }
    public String getMaxAttempts() { return get(Property.MAX_ATTEMPTS); }
    public void setMaxAttempts(String v) { set(Property.MAX_ATTEMPTS, v); }
    public String getRetryDelay() { return get(Property.RETRY_DELAY); }
    public void setRetryDelay(String v) { set(Property.RETRY_DELAY, v); }
    public String getMaxRetryDelay() { return get(Property.MAX_RETRY_DELAY); }
    public void setMaxRetryDelay(String v) { set(Property.MAX_RETRY_DELAY, v); }
    public String getRetention() { return get(Property.RETENTION); }
    public void setRetention(String v) { set(Property.RETENTION, v); }
    public String getWorkers() { return get(Property.WORKERS); }
    public void setWorkers(String v) { set(Property.WORKERS, v); }
    public String getLease() { return get(Property.LEASE); }
    public void setLease(String v) { set(Property.LEASE, v); }
    public String getBatchSize() { return get(Property.BATCH_SIZE); }
    public void setBatchSize(String v) { set(Property.BATCH_SIZE, v); }
    public String getPrefetch() { return get(Property.PREFETCH); }
    public void setPrefetch(String v) { set(Property.PREFETCH, v); }
    public String getConnections() { return get(Property.CONNECTIONS); }
    public void setConnections(String v) { set(Property.CONNECTIONS, v); }
    public String getInDoubtTimeout() { return get(Property.IN_DOUBT_TIMEOUT); }
    public void setInDoubtTimeout(String v) { set(Property.IN_DOUBT_TIMEOUT, v); }
    public String getPollInterval() { return get(Property.POLL_INTERVAL); }
    public void setPollInterval(String v) { set(Property.POLL_INTERVAL, v); }
    public String getMaxPollInterval() { return get(Property.MAX_POLL_INTERVAL); }
    public void setMaxPollInterval(String v) { set(Property.MAX_POLL_INTERVAL, v); }
    public String getNotifyChannel() { return get(Property.NOTIFY_CHANNEL); }
    public void setNotifyChannel(String v) { set(Property.NOTIFY_CHANNEL, v); }
    public String getClaimTransactionWarning() { return get(Property.CLAIM_TRANSACTION_WARNING); }
    public void setClaimTransactionWarning(String v) { set(Property.CLAIM_TRANSACTION_WARNING, v); }
    public String getPauseAfterFailures() { return get(Property.PAUSE_AFTER_FAILURES); }
    public void setPauseAfterFailures(String v) { set(Property.PAUSE_AFTER_FAILURES, v); }
    public String getResumeAfter() { return get(Property.RESUME_AFTER); }
    public void setResumeAfter(String v) { set(Property.RESUME_AFTER, v); }
    public String getMaxRate() { return get(Property.MAX_RATE); }
    public void setMaxRate(String v) { set(Property.MAX_RATE, v); }
    public String getConnectTimeout() { return get(Property.CONNECT_TIMEOUT); }
    public void setConnectTimeout(String v) { set(Property.CONNECT_TIMEOUT, v); }
    public String getNetworkTimeout() { return get(Property.NETWORK_TIMEOUT); }
    public void setNetworkTimeout(String v) { set(Property.NETWORK_TIMEOUT, v); }
    public String getStatementTimeout() { return get(Property.STATEMENT_TIMEOUT); }
    public void setStatementTimeout(String v) { set(Property.STATEMENT_TIMEOUT, v); }
    public String getIsolation() { return get(Property.ISOLATION); }
    public void setIsolation(String v) { set(Property.ISOLATION, v); }
    public String getDialect() { return get(Property.DIALECT); }
    public void setDialect(String v) { set(Property.DIALECT, v); }
    public String getDataSourceClass() { return get(Property.DATA_SOURCE_CLASS); }
    public void setDataSourceClass(String v) { set(Property.DATA_SOURCE_CLASS, v); }
    public String getUrl() { return get(Property.URL); }
    public void setUrl(String v) { set(Property.URL, v); }
    public String getUser() { return get(Property.USER); }
    public void setUser(String v) { set(Property.USER, v); }
    public String getPassword() { return get(Property.PASSWORD); }
    /** Confidential: a server's console and deployment tools show it masked, never its value. */
    @ConfigProperty(description = "Database password", confidential = true)
    public void setPassword(String v) { set(Property.PASSWORD, v); }
    public String getDataSourceProperties() { return get(Property.DATA_SOURCE_PROPERTIES); }
    public void setDataSourceProperties(String v) { set(Property.DATA_SOURCE_PROPERTIES, v); }
    public String getMaxPayloadBytes() { return get(Property.MAX_PAYLOAD_BYTES); }
    public void setMaxPayloadBytes(String v) { set(Property.MAX_PAYLOAD_BYTES, v); }

    @Override
    public String toString() {
        Map<String, String> shown = new LinkedHashMap<>();
        values.forEach((k, v) -> shown.put(k, Secrets.shown(k, v)));
        return "InboxActivationSpec" + shown;
    }
}
