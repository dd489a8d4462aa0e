package io.inboxra.ra.config;

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

    /** @return the URL, or a description of the data source when there is none, for messages */
    public String describe() {
        return url.orElseGet(() -> dataSourceClass.orElse("?") + " " + properties.keySet());
    }

    @Override
    public String toString() {
        // Never print the password.
        return "DataSourceSettings[" + describe() + ", user=" + user.orElse("") + "]";
    }
}
