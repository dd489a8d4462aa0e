package io.inboxra.harness;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.logging.Handler;
import java.util.logging.LogRecord;
import java.util.logging.Logger;

/**
 * The messages one of the adapter's loggers writes while a test runs, for a test that asserts what
 * was logged (that a fault it caused was met, that nothing was lost).
 *
 * <pre>{@code
 * try (LogCapture heartbeats = LogCapture.of("io.inboxra.ra.delivery.LeaseHeartbeat")) {
 *     ...
 *     assertTrue(heartbeats.contains("could not be extended"), "log: " + heartbeats.messages());
 * }
 * }</pre>
 */
public final class LogCapture implements AutoCloseable {

    private final Logger logger;
    private final List<String> messages = new CopyOnWriteArrayList<>();
    private final Handler handler = new Handler() {
        @Override
        public void publish(LogRecord record) {
            messages.add(record.getMessage());
        }

        @Override
        public void flush() {
        }

        @Override
        public void close() {
        }
    };

    private LogCapture(String loggerName) {
        // Kept in a field: JUL holds its loggers weakly, and a collected one would take the handler with it.
        this.logger = Logger.getLogger(loggerName);
        logger.addHandler(handler);
    }

    /** @return a capture of the named logger's messages from now until it is closed */
    public static LogCapture of(String loggerName) {
        return new LogCapture(loggerName);
    }

    /** @return the messages so far, in order */
    public List<String> messages() {
        return List.copyOf(messages);
    }

    /** @return whether a message so far contains the text */
    public boolean contains(String text) {
        return messages.stream().anyMatch(m -> m.contains(text));
    }

    @Override
    public void close() {
        logger.removeHandler(handler);
    }
}
