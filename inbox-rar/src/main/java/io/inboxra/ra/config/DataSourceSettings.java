package io.inboxra.ra.config;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * How a subscription reaches its database.
 *
 * @param dataSourceClass the {@code XADataSource} class; empty to derive it from the URL
 * @param url the JDBC URL, or empty when the data source properties locate the database
 * @param user the user, or empty
 * @param password the password, or empty
 * @param properties further JavaBean properties of the data source
 * @param timeouts how long its connections wait for the database
 */
public record DataSourceSettings(
        Optional<String> dataSourceClass,
        Optional<String> url,
        Optional<String> user,
        Optional<String> password,
        Map<String, String> properties,
        ConnectionTimeouts timeouts) {

    public DataSourceSettings {
        properties = Map.copyOf(properties);
        java.util.Objects.requireNonNull(timeouts, "timeouts");
    }

    /** Settings with the default timeouts. */
    public DataSourceSettings(Optional<String> dataSourceClass, Optional<String> url, Optional<String> user,
            Optional<String> password, Map<String, String> properties) {
        this(dataSourceClass, url, user, password, properties, ConnectionTimeouts.DEFAULT);
    }

    /**
     * @param text {@code key=value;key=value}, or null
     * @return the pairs; for a connection factory's property, whose bad pair the server reports
     * @throws IllegalArgumentException naming the pair's position (never its value: it may be a secret)
     */
    public static Map<String, String> parseProperties(String text) {
        Map<String, String> parsed = new java.util.LinkedHashMap<>();
        if (text == null || text.isBlank()) {
            return parsed;
        }
        String[] pairs = text.split(";");
        for (int i = 0; i < pairs.length; i++) {
            int eq = pairs[i].indexOf('=');
            if (pairs[i].isBlank()) {
                continue;
            }
            if (eq <= 0) {
                throw new IllegalArgumentException("Property 'dataSourceProperties' has a pair that is not key=value,"
                        + " number " + (i + 1) + "; write key=value pairs separated by ';'");
            }
            parsed.put(pairs[i].substring(0, eq).trim(), pairs[i].substring(eq + 1).trim());
        }
        return parsed;
    }

    /**
     * @return the URL with its secrets masked, or a description of the data source when there is
     *         none (its class and property names, never their values), for messages
     */
    public String describe() {
        return url.map(Secrets::maskUrl).orElseGet(() -> dataSourceClass.orElse("?") + " " + properties.keySet());
    }

    /**
     * @return the secret values of these settings: the password, the secret properties' values,
     *         and the URL's user info password and secret parameters' values; for scrubbing texts
     *         that other code (a driver) built from them
     */
    public List<String> secrets() {
        List<String> secrets = new ArrayList<>();
        password.ifPresent(secrets::add);
        properties.forEach((key, value) -> {
            if (Secrets.isSecretKey(key)) {
                secrets.add(value);
            }
        });
        url.ifPresent(u -> secrets.addAll(Secrets.secretsOfUrl(u)));
        return secrets;
    }

    /**
     * @param text a message that may hold some of these settings' secrets, or null
     * @return the message with them masked
     */
    public String scrub(String text) {
        return Secrets.scrub(text, secrets());
    }

    @Override
    public String toString() {
        // Never print a secret.
        return "DataSourceSettings[" + describe() + ", user=" + user.orElse("") + "]";
    }
}
