package io.inboxra.ra.jdbc;

import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The user info of a URL ({@code jdbc:mysql://bob:secret@host/db}), taken out of it and handed
 * to the data source as {@code user} and {@code password} instead: drivers log their URL (the
 * PostgreSQL driver at level FINE, "Connecting with URL"), but not their password property.
 *
 * @param url the URL without its user info
 * @param user the user info's user, percent-decoded; empty when the URL has none
 * @param password the user info's password, percent-decoded; empty when the URL has none
 */
record UrlCredentials(String url, Optional<String> user, Optional<String> password) {

    /** {@code //user:password@} or {@code //user@}, in the authority (no {@code /}, {@code ?} or {@code #}). */
    private static final Pattern USER_INFO =
            Pattern.compile("//([^\\s/?#:@]*)(?::([^\\s/?#]*))?@(?=[^\\s/?#@]*(?:[/?#;]|$))");

    /**
     * @param url a JDBC URL
     * @return the URL without its user info, and what the user info held
     */
    static UrlCredentials of(String url) {
        Matcher m = USER_INFO.matcher(url);
        if (!m.find()) {
            return new UrlCredentials(url, Optional.empty(), Optional.empty());
        }
        String without = url.substring(0, m.start()) + "//" + url.substring(m.end());
        return new UrlCredentials(without, decoded(m.group(1)), decoded(m.group(2)));
    }

    private static Optional<String> decoded(String part) {
        if (part == null || part.isEmpty()) {
            return Optional.empty();
        }
        try {
            return Optional.of(URLDecoder.decode(part.replace("+", "%2B"), StandardCharsets.UTF_8));
        } catch (IllegalArgumentException notEncoded) {
            return Optional.of(part);
        }
    }
}
