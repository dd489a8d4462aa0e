package io.inboxra.ra.config;

import org.eclipse.microprofile.config.Config;
import org.eclipse.microprofile.config.ConfigProvider;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * MicroProfile Config values that override a subscription's activation config:
 * {@code inbox.<subscription>.<property>}, read from the MDB application's config (its
 * {@code microprofile-config.properties}, system properties, environment variables such as
 * {@code INBOX_ISSUEINVOICE_QUEUE}). Without MicroProfile Config on the class path there are
 * none.
 */
public final class MicroProfileOverrides {

    private static final String PROVIDER = "org.eclipse.microprofile.config.ConfigProvider";

    private MicroProfileOverrides() {
    }

    /**
     * @param subscription the subscription's name
     * @param applicationLoader the MDB's class loader, which selects the application's config
     * @return property name to value, for the properties the config sets
     */
    public static Map<String, String> read(String subscription, ClassLoader applicationLoader) {
        if (!available()) {
            return Map.of();
        }
        return Reader.read(subscription, applicationLoader);
    }

    private static boolean available() {
        try {
            Class.forName(PROVIDER, false, MicroProfileOverrides.class.getClassLoader());
            return true;
        } catch (ClassNotFoundException | LinkageError e) {
            return false;
        }
    }

    /** Kept apart so that the config API is loaded only where it exists. */
    private static final class Reader {
        static Map<String, String> read(String subscription, ClassLoader applicationLoader) {
            Config config = ConfigProvider.getConfig(applicationLoader);
            Map<String, String> values = new LinkedHashMap<>();
            for (Property property : Property.values()) {
                config.getOptionalValue("inbox." + subscription + "." + property.key(), String.class)
                        .ifPresent(value -> values.put(property.key(), value));
            }
            return values;
        }
    }
}
