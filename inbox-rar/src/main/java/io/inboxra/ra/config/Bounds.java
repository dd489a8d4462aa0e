package io.inboxra.ra.config;

import java.time.Duration;

/**
 * The range each number and duration of the activation config must fall in: a value outside
 * would loop hot (a poll interval of no milliseconds), overflow ({@code toMillis} of a huge
 * duration), or hold resources without end. The README's property table states the same.
 */
final class Bounds {

    static final Whole WORKERS = new Whole(1, 256, "each worker is a thread of the server and, in the row lock"
            + " and advisory forms, a connection; keep it at most the server's MDB pool size");
    static final Whole BATCH_SIZE = new Whole(1, 1000, "the rows one claim takes wait in memory and are"
            + " delivered in one transaction");
    static final Whole PREFETCH = new Whole(1, 1000, "the rows one claim takes ahead wait, leased or locked,"
            + " in memory, for their worker");
    static final Whole GROUP_CONCURRENCY = new Whole(1, 1000, "rows of one FIFO group in work at once; 1 keeps"
            + " the group in order");
    static final Whole CONNECTIONS = new Whole(1, 256, null);
    static final Whole MAX_ATTEMPTS = new Whole(1, 1_000_000, null);
    static final Whole PAUSE_AFTER_FAILURES = new Whole(1, 1_000_000, null);
    static final Whole MAX_PAYLOAD_BYTES = new Whole(1, 1 << 30, "1 byte to 1 GiB");
    /**
     * The most payload bytes one claim may read: {@code batchSize} × {@code maxPayloadBytes}, 1 GiB.
     * A worker holds its claim's payloads in memory until the batch settles.
     */
    static final long CLAIM_PAYLOAD_BYTES = 1L << 30;

    static final Span POLL_INTERVAL = new Span("PT0.01S", "PT1H", "a shorter wait polls the database in a hot loop");
    static final Span LEASE = new Span("PT1S", "PT24H", "a lease shorter than one second expires before its"
            + " heartbeat can extend it");
    static final Span RETRY_DELAY = new Span("PT0.001S", "P365D", null);
    static final Span IN_DOUBT_TIMEOUT = new Span("PT1M", "P30D", "a shorter wait could finish a branch"
            + " before the transaction manager's own retry of its second phase");
    static final Span CONNECT_TIMEOUT = new Span("PT1S", "PT10M", null);
    static final Span NETWORK_TIMEOUT = new Span("PT1S", "PT1H", "a worker waits at most this long for a"
            + " connection that stopped answering");
    static final Span STATEMENT_TIMEOUT = new Span("PT1S", "PT1H", "the database cancels in whole seconds");
    static final Span CLAIM_TRANSACTION_WARNING = new Span("PT1S", "P1D", null);
    static final Span RETENTION = new Span("PT1S", "P3650D", null);
    static final Span RESUME_AFTER = new Span("PT1S", "P30D", null);

    private Bounds() {
    }

    /**
     * A range of whole numbers.
     *
     * @param min the least value
     * @param max the greatest value
     * @param reason why, for the message; null when the range speaks for itself
     */
    record Whole(int min, int max, String reason) {
        /** @return the reason in parentheses, with a leading space, or nothing */
        String why() {
            return reason == null ? "" : " (" + reason + ")";
        }
    }

    /**
     * A range of durations, as the user writes them.
     *
     * @param minText the shortest, ISO-8601
     * @param maxText the longest, ISO-8601
     * @param reason why, for the message; null when the range speaks for itself
     */
    record Span(String minText, String maxText, String reason) {
        Duration min() {
            return Duration.parse(minText);
        }

        Duration max() {
            return Duration.parse(maxText);
        }

        /** @return the reason in parentheses, with a leading space, or nothing */
        String why() {
            return reason == null ? "" : " (" + reason + ")";
        }
    }
}
