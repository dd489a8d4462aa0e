package io.inboxra.ra.config;

import io.inboxra.dialect.TableSpec;

import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Driver settings under which a connection reconnects by itself, refused in the advisory lock
 * form. That form holds each row with a lock of the worker's session; a driver that fails over
 * or reconnects without a word continues on a new session, the old one's locks are gone with it,
 * and another server may take a row still in work (its settlement is fenced, but its listener
 * runs twice). A proxy or a virtual IP in front of the database ends the session visibly instead.
 *
 * <p>What passes is what cannot reconnect: {@code jdbc:mariadb://} with no mode (MariaDB
 * Connector/J tries several hosts only while it connects), {@code jdbc:mysql://} naming one
 * host, and no {@code autoReconnect}, {@code autoReconnectForPools} or {@code dnsSrv} turned on,
 * in the url, a host's own properties or {@code dataSourceProperties}. PostgreSQL's driver never
 * reconnects. Every url is checked: the {@code url} property and a {@code url} in
 * {@code dataSourceProperties}, which wins over it.
 */
final class SilentReconnects {

    private static final String MARIADB = "jdbc:mariadb:";
    private static final String MYSQL = "jdbc:mysql";
    private static final Set<String> OPTIONS = Set.of("autoreconnect", "autoreconnectforpools", "dnssrv");
    /** An option in a url: in its query, or among a host's own properties ({@code (host=h,autoReconnect=true)}). */
    private static final Pattern OPTION = Pattern.compile(
            "[?&;(,]\\s*(autoReconnect|autoReconnectForPools|dnsSrv)\\s*(?:=\\s*([^&;,)\\s]*))?",
            Pattern.CASE_INSENSITIVE);

    private static final String FIX = ", continuing on a new session without a word, and the advisory lock form holds"
            + " each row with a lock of the worker's session, which would be gone with the old one: another server"
            + " could take a row still in work. Give a url that names one host without a failover mode or"
            + " autoReconnect (for example jdbc:mariadb://db.example.com/app) and fail over with a proxy or a virtual"
            + " IP, which ends the session visibly, or use the lease form ('lockedUntilColumn') instead of"
            + " 'advisoryLock'.";

    private SilentReconnects() {
    }

    /** Reports each setting of {@code dataSource} under which it would reconnect silently, when the form is advisory. */
    static void check(ActivationValues values, TableSpec table, DataSourceSettings dataSource) {
        if (table.advisoryLock().isEmpty()) {
            return;
        }
        dataSource.url().flatMap(SilentReconnects::reasonOfUrl).ifPresent(reason -> values.report(
                "Property 'url' is '" + Secrets.maskUrl(dataSource.url().get()) + "': " + reason + FIX));
        dataSource.properties().forEach((key, value) -> {
            if (key.equalsIgnoreCase("url")) {
                reasonOfUrl(value).ifPresent(reason -> values.report("Property 'dataSourceProperties' has " + key
                        + " '" + Secrets.maskUrl(value) + "': " + reason + FIX));
            } else if (OPTIONS.contains(key.toLowerCase(Locale.ROOT)) && turnedOn(value)) {
                values.report("Property 'dataSourceProperties' has " + key + "=" + value + ": " + what(key) + FIX);
            }
        });
    }

    private static Optional<String> reasonOfUrl(String url) {
        String bare = UrlUserInfo.of(url).map(i -> url.substring(0, i.start()) + url.substring(i.end() + 1))
                .orElse(url);
        String lower = bare.toLowerCase(Locale.ROOT);
        if (lower.startsWith(MARIADB) && !lower.startsWith(MARIADB + "//")) {
            String mode = bare.substring(MARIADB.length(), Math.max(MARIADB.length(), lower.indexOf("//")))
                    .replaceAll(":+$", "");
            return Optional.of("MariaDB Connector/J's '" + mode + "' mode reconnects by itself, to the same host or"
                    + " another");
        }
        if (lower.startsWith(MYSQL) && !lower.startsWith(MYSQL + "://")) {
            return Optional.of("the driver reconnects by itself under '" + bare.substring(0, lower.indexOf("//") < 0
                    ? bare.length() : lower.indexOf("//")) + "' (MySQL Connector/J's load-balanced, replication and"
                    + " DNS SRV urls, MariaDB Connector/J's failover modes), to the same host or another");
        }
        if (lower.startsWith(MYSQL + "://") && namesSeveralHosts(bare.substring(MYSQL.length() + 3))) {
            return Optional.of("MySQL Connector/J fails over between the hosts of a url naming several, by itself");
        }
        Matcher option = OPTION.matcher(bare);
        while (option.find()) {
            if (turnedOn(option.group(2))) {
                return Optional.of(option.group(1) + (option.group(2) == null ? "" : "=" + option.group(2)) + ": "
                        + what(option.group(1)));
            }
        }
        return Optional.empty();
    }

    /**
     * Whether the host list (up to the first {@code /} or {@code ?} outside parentheses) has a comma outside
     * parentheses: {@code h1,h2}, {@code [h1,h2]} and {@code address=(host=a),address=(host=b)} do;
     * {@code (host=a,port=3306)} does not.
     */
    private static boolean namesSeveralHosts(String afterSlashes) {
        int depth = 0;
        for (char c : afterSlashes.toCharArray()) {
            if (c == '(') {
                depth++;
            } else if (c == ')') {
                depth = Math.max(0, depth - 1);
            } else if (depth == 0 && (c == '/' || c == '?')) {
                return false;
            } else if (depth == 0 && c == ',') {
                return true;
            }
        }
        return false;
    }

    /** The drivers read a boolean option's true as true, yes or 1, and MariaDB Connector/J 2 a bare name too. */
    private static boolean turnedOn(String value) {
        return value == null || List.of("", "true", "yes", "1").contains(value.trim().toLowerCase(Locale.ROOT));
    }

    private static String what(String option) {
        return option.equalsIgnoreCase("dnsSrv")
                ? "MySQL Connector/J fails over between the hosts of a DNS SRV record by itself"
                : "the driver reconnects by itself (MySQL Connector/J, MariaDB Connector/J 2)";
    }
}
