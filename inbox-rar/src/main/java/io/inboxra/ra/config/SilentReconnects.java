package io.inboxra.ra.config;

import io.inboxra.dialect.TableSpec;

import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Driver settings under which a connection reconnects by itself, refused in the advisory lock
 * form. That form holds each row with a lock of the worker's session; a driver that fails over
 * or reconnects without a word opens a new session, the old one's locks are gone with it, and
 * another server may take a row still in work (its settlement is fenced, but its listener runs
 * twice). A proxy or a virtual IP in front of the database ends the session visibly instead, and
 * the adapter then replaces it and passes over the rows it held. Found: MariaDB Connector/J's
 * failover modes ({@code jdbc:mariadb:sequential:} and the others), MySQL Connector/J's
 * multi-host, load-balanced, replication and DNS SRV URLs, and {@code autoReconnect=true} in the
 * URL or in {@code dataSourceProperties}.
 */
final class SilentReconnects {

    private static final Pattern MARIADB_MODE = Pattern.compile(
            "^jdbc:mariadb:(sequential|loadbalance|load-balance-read|replication|aurora|failover):",
            Pattern.CASE_INSENSITIVE);
    private static final Pattern MYSQL_MODE = Pattern.compile(
            "^jdbc:mysql(\\+srv)?:(loadbalance|replication)(\\+srv)?:|^jdbc:mysql\\+srv:", Pattern.CASE_INSENSITIVE);
    private static final Pattern MYSQL_HOSTS = Pattern.compile("^jdbc:mysql://([^/?]*)", Pattern.CASE_INSENSITIVE);
    private static final Pattern AUTO_RECONNECT = Pattern.compile("[?&;]autoReconnect(ForPools)?=true",
            Pattern.CASE_INSENSITIVE);

    private static final String FIX = ", opening a new session without a word, and the advisory lock form holds"
            + " each row with a lock of the worker's session, which would be gone with the old one: another server"
            + " could take a row still in work. Give a single-host url without a failover mode or autoReconnect (for"
            + " example jdbc:mariadb://db.example.com/app) and fail over with a proxy or a virtual IP, which ends the"
            + " session visibly, or use the lease form ('lockedUntilColumn') instead of 'advisoryLock'.";

    private SilentReconnects() {
    }

    /** Reports the first setting of {@code dataSource} that would reconnect silently, when the form is advisory. */
    static void check(ActivationValues values, TableSpec table, DataSourceSettings dataSource) {
        if (table.advisoryLock().isEmpty()) {
            return;
        }
        Optional<String> url = dataSource.url().or(() -> property(dataSource.properties(), "url"));
        Optional<String> reason = url.flatMap(SilentReconnects::reasonOfUrl);
        if (reason.isPresent()) {
            String where = dataSource.url().isPresent() ? "Property 'url' is '" : "Property 'dataSourceProperties' has url '";
            values.report(where + Secrets.maskUrl(url.get()) + "': " + reason.get() + FIX);
            return;
        }
        if (property(dataSource.properties(), "autoReconnect").filter("true"::equalsIgnoreCase).isPresent()
                || property(dataSource.properties(), "autoReconnectForPools").filter("true"::equalsIgnoreCase)
                        .isPresent()) {
            values.report("Property 'dataSourceProperties' sets autoReconnect=true: the driver reconnects by"
                    + " itself" + FIX);
        }
    }

    private static Optional<String> reasonOfUrl(String url) {
        Matcher mariaDb = MARIADB_MODE.matcher(url);
        if (mariaDb.find()) {
            return Optional.of("MariaDB Connector/J's '" + mariaDb.group(1).toLowerCase(Locale.ROOT)
                    + "' mode fails over to another host by itself");
        }
        if (MYSQL_MODE.matcher(url).find()) {
            return Optional.of("MySQL Connector/J fails over between the hosts of a load-balanced, replication or"
                    + " DNS SRV url by itself");
        }
        Matcher hosts = MYSQL_HOSTS.matcher(url);
        if (hosts.find() && hostsOf(hosts.group(1)).contains(",")) {
            return Optional.of("MySQL Connector/J fails over between the hosts of a url naming several by itself");
        }
        if (AUTO_RECONNECT.matcher(url).find()) {
            return Optional.of("autoReconnect=true has the driver reconnect by itself");
        }
        return Optional.empty();
    }

    /** The host list of an authority, without its user info (whose password may hold a comma). */
    private static String hostsOf(String authority) {
        return authority.substring(authority.lastIndexOf('@') + 1);
    }

    private static Optional<String> property(Map<String, String> properties, String key) {
        return properties.entrySet().stream().filter(e -> e.getKey().equalsIgnoreCase(key)).map(Map.Entry::getValue)
                .findFirst();
    }
}
