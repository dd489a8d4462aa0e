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
 */
public record DataSourceSettings(
        Optional<String> dataSourceClass,
        Optional<String> url,
        Optional<String> user,
        Optional<String> password,
        Map<String, String> properties) {

    public DataSourceSettings {
        properties = Map.copyOf(properties);
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
