package io.inboxra.ra.config;

import jakarta.resource.spi.InvalidPropertyException;

import java.util.List;

/**
 * A subscription's activation config is wrong. The message lists every problem found, each
 * naming the property, its value and the fix.
 */
public class InvalidSettingsException extends InvalidPropertyException {

    private static final long serialVersionUID = 1L;

    private final List<String> problems;

    /**
     * @param subscription the subscription's name
     * @param problems what is wrong, one sentence each
     */
    public InvalidSettingsException(String subscription, List<String> problems) {
        super("Inbox subscription '" + subscription + "' cannot start: " + String.join(" ", problems));
        this.problems = List.copyOf(problems);
    }

    /** @return what is wrong, one sentence each */
    public List<String> problems() {
        return problems;
    }
}
