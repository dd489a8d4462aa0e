package io.inboxra.ra.config;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * Reads how a subscription reaches its database: a URL, or a data source class with its
 * properties ({@code key=value;key=value}), and the user and password. A secret is never shown
 * in a problem: a property list holding one is described by the position of its bad pair.
 */
final class DataSourceReader {

    private DataSourceReader() {
    }

    /**
     * @param required whether the settings must name a database (not before the activation,
     *     where MicroProfile Config may still supply it)
     * @return the data source settings, after checking that they name a database
     */
    static DataSourceSettings read(ActivationValues values, boolean required) {
        Optional<String> url = values.text(Property.URL);
        Map<String, String> properties = values.text(Property.DATA_SOURCE_PROPERTIES)
                .map(text -> properties(values, text))
                .orElseGet(LinkedHashMap::new);
        Optional<String> dataSourceClass = values.text(Property.DATA_SOURCE_CLASS);
        if (required && url.isEmpty() && properties.isEmpty()) {
            values.report("No database is set: give 'url' (for example jdbc:postgresql://localhost/app)"
                    + " on the activation or on the resource adapter, or 'dataSourceClass' with"
                    + " 'dataSourceProperties'.");
        }
        return new DataSourceSettings(dataSourceClass, url, values.text(Property.USER),
                values.text(Property.PASSWORD), properties, ConnectionTimeouts.read(values));
    }

    /** The pairs of {@code dataSourceProperties}, reporting each that is not {@code key=value}. */
    private static Map<String, String> properties(ActivationValues values, String text) {
        Map<String, String> parsed = new LinkedHashMap<>();
        String[] pairs = text.split(";");
        boolean secret = Arrays.stream(pairs).anyMatch(pair -> Secrets.isSecretKey(pair.split("=", 2)[0]));
        for (int i = 0; i < pairs.length; i++) {
            String pair = pairs[i];
            if (pair.isBlank()) {
                continue;
            }
            int eq = pair.indexOf('=');
            if (eq <= 0 && secret) {
                // Part of a secret may be in any pair (a password with a ';'): show none of them.
                values.report("Property 'dataSourceProperties' (not shown: it holds a secret) has a pair that is"
                        + " not key=value, the " + ordinal(i + 1) + "; write key=value pairs separated by ';'.");
            } else if (eq <= 0) {
                values.report("Property 'dataSourceProperties' is '" + text + "': '" + pair.trim()
                        + "' is not key=value; write key=value pairs separated by ';'.");
            } else {
                parsed.put(pair.substring(0, eq).trim(), pair.substring(eq + 1).trim());
            }
        }
        return parsed;
    }

    private static String ordinal(int n) {
        return n + (n % 100 / 10 == 1 ? "th" : switch (n % 10) {
            case 1 -> "st";
            case 2 -> "nd";
            case 3 -> "rd";
            default -> "th";
        });
    }
}
