package io.inboxra.ra.connection;

import io.inboxra.ra.config.UrlUserInfo;

import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.Optional;

/**
 * The user info of a URL ({@code jdbc:mysql://bob:secret@host/db}, as {@link UrlUserInfo} finds it), taken out of it and handed
 * to the data source as {@code user} and {@code password} instead: drivers log their URL (the
 * PostgreSQL driver at level FINE, "Connecting with URL"), but not their password property.
 *
 * @param url the URL without its user info
 * @param user the user info's user, percent-decoded; empty when the URL has none
 * @param password the user info's password, percent-decoded; empty when the URL has none
 */
record UrlCredentials(String url, Optional<String> user, Optional<String> password) {

    /**
     * @param url a JDBC URL
     * @return the URL without its user info, and what the user info held
     */
    static UrlCredentials of(String url) {
        return UrlUserInfo.of(url)
                .map(info -> new UrlCredentials(info.removedFrom(url), decoded(info.user()), decoded(info.password())))
                .orElseGet(() -> new UrlCredentials(url, Optional.empty(), Optional.empty()));
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
