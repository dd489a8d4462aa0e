package io.inboxra.ra.config;

import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Keeps secrets out of messages, log lines and {@code toString}: every URL, data source
 * property and driver message the adapter shows goes through here.
 *
 * <p>A key is secret when it contains (in any case) {@code password}, {@code passwd},
 * {@code pwd}, {@code secret}, {@code token}, {@code key} or {@code credential}, unless it names
 * one of the table's columns (the adapter's {@code ...Column} properties: {@code keyColumn}). In a URL the
 * password of its user info ({@code //bob:secret@host}, read as {@link UrlUserInfo} reads it;
 * Oracle's {@code thin:bob/secret@host}) and the whole values of secret parameters are replaced
 * by {@value #MASK}: a query's value runs to the next {@code &} or the end, a
 * {@code ;key=value}'s to the next {@code ;}, whatever characters it holds. In other texts (a
 * driver's message) a value ends at a separator or a space: the known secrets of a
 * subscription are replaced first ({@link #scrub}).
 */
public final class Secrets {

    /** What a secret is replaced by. */
    public static final String MASK = "***";

    private static final Pattern SECRET_WORD =
            Pattern.compile("password|passwd|pwd|secret|token|key|credential", Pattern.CASE_INSENSITIVE);
    /**
     * The adapter's own properties whose names hold a secret word but whose values are shown:
     * {@code keyColumn} names the column of a message's key. A driver's property is judged by
     * its name alone, so a secret is never shown for want of being listed here.
     */
    private static final java.util.Set<String> NAMED_LIKE_SECRETS = java.util.Set.of("keyColumn");
    /**
     * {@code //user:password@} in free text, where a URL's end is unknown: a password without
     * {@code /}, {@code ?}, {@code #} or spaces. A URL given as one is read by {@link UrlUserInfo};
     * a subscription's own passwords are replaced whole before ({@link #scrub}).
     */
    private static final Pattern USER_INFO = Pattern.compile("(//[^\\s/?#:@'\"]*):([^\\s/?#'\"]*)@");
    /** Oracle's {@code jdbc:oracle:thin:user/password@host}. */
    private static final Pattern ORACLE = Pattern.compile("(jdbc:oracle:\\w+:[^\\s/@:'\"]+)/([^\\s@'\"]*)@");
    /** {@code key=value}, the value ending at a separator of URLs and property lists. */
    private static final Pattern PARAMETER = Pattern.compile("([A-Za-z0-9_.\\-]+)(\\s*=\\s*)([^&;)\\s'\",]*)");

    private Secrets() {
    }

    /**
     * @param key a property or URL parameter name
     * @return whether its value is a secret
     */
    public static boolean isSecretKey(String key) {
        return key != null && !NAMED_LIKE_SECRETS.contains(key) && SECRET_WORD.matcher(key).find();
    }

    /**
     * @param url a JDBC URL, or null
     * @return the URL with its user info's password and its secret parameters' values masked
     */
    public static String maskUrl(String url) {
        if (url == null || url.isEmpty()) {
            return url;
        }
        String masked = UrlUserInfo.of(url).map(info -> info.maskedIn(url, MASK)).orElse(url);
        masked = ORACLE.matcher(masked).replaceAll(m -> Matcher.quoteReplacement(m.group(1) + "/" + MASK + "@"));
        int query = queryStart(masked);
        String base = query < 0 ? masked : masked.substring(0, query);
        StringBuilder out = new StringBuilder(maskPairs(base, ";", true));
        if (query >= 0) {
            out.append('?').append(maskPairs(masked.substring(query + 1), "&", false));
        }
        // What the URL holds in other forms, such as MySQL's (host=h)(password=x).
        return mask(out.toString());
    }

    /**
     * @param text {@code key=value;key=value}, as {@code dataSourceProperties}, or null
     * @return the text with the whole value of every secret key masked
     */
    public static String maskProperties(String text) {
        return text == null ? null : maskPairs(text, ";", false);
    }

    /**
     * The index of the URL's query's {@code ?}, or -1 when it has none or takes its parameters
     * after semicolons ({@code jdbc:h2:mem:x;PASSWORD=a?b}), where a value may hold a {@code ?}.
     */
    private static int queryStart(String url) {
        int semicolon = url.indexOf(';');
        int query = url.indexOf('?');
        return semicolon >= 0 && semicolon < query ? -1 : query;
    }

    /** Masks the whole value of every secret {@code key=value} item of a text split at a separator. */
    private static String maskPairs(String text, String separator, boolean firstIsBase) {
        String[] items = text.split(Pattern.quote(separator), -1);
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < items.length; i++) {
            if (i > 0) {
                out.append(separator);
            }
            int eq = items[i].indexOf('=');
            boolean pair = eq > 0 && !(firstIsBase && i == 0);
            out.append(pair && isSecretKey(items[i].substring(0, eq).trim()) && eq + 1 < items[i].length()
                    ? items[i].substring(0, eq + 1) + MASK : items[i]);
        }
        return out.toString();
    }

    /** The whole values of the secret {@code key=value} items of a text split at a separator. */
    private static List<String> secretValues(String text, String separator, boolean firstIsBase) {
        List<String> values = new ArrayList<>();
        String[] items = text.split(Pattern.quote(separator), -1);
        for (int i = firstIsBase ? 1 : 0; i < items.length; i++) {
            int eq = items[i].indexOf('=');
            if (eq > 0 && isSecretKey(items[i].substring(0, eq).trim()) && eq + 1 < items[i].length()) {
                values.add(items[i].substring(eq + 1));
            }
        }
        return values;
    }

    /**
     * Masks what looks like a secret anywhere in a text: a URL's user info password and the value
     * of every {@code key=value} whose key is secret. For messages built from other code's texts,
     * such as a driver's exception.
     *
     * @param text a message, or null
     * @return the text with its secrets masked
     */
    public static String mask(String text) {
        if (text == null || text.isEmpty()) {
            return text;
        }
        String masked = USER_INFO.matcher(text)
                .replaceAll(m -> Matcher.quoteReplacement(m.group(1) + ":" + MASK + "@"));
        masked = ORACLE.matcher(masked).replaceAll(m -> Matcher.quoteReplacement(m.group(1) + "/" + MASK + "@"));
        Matcher parameters = PARAMETER.matcher(masked);
        StringBuilder out = new StringBuilder();
        while (parameters.find()) {
            String replacement = isSecretKey(parameters.group(1)) && !parameters.group(3).isEmpty()
                    ? parameters.group(1) + parameters.group(2) + MASK
                    : parameters.group();
            parameters.appendReplacement(out, Matcher.quoteReplacement(replacement));
        }
        parameters.appendTail(out);
        return out.toString();
    }

    /**
     * @param url a JDBC URL
     * @return the secret values in it: its user info's password, its secret parameters' values,
     *         each also percent-decoded, as a driver may show it
     */
    static List<String> secretsOfUrl(String url) {
        List<String> secrets = new ArrayList<>();
        Optional<UrlUserInfo> userInfo = UrlUserInfo.of(url);
        userInfo.map(UrlUserInfo::password).ifPresent(secrets::add);
        String rest = userInfo.map(info -> info.removedFrom(url)).orElse(url);
        int query = queryStart(rest);
        secrets.addAll(secretValues(query < 0 ? rest : rest.substring(0, query), ";", true));
        if (query >= 0) {
            secrets.addAll(secretValues(rest.substring(query + 1), "&", false));
        }
        USER_INFO.matcher(url).results().map(m -> m.group(2)).forEach(secrets::add);
        ORACLE.matcher(url).results().map(m -> m.group(2)).forEach(secrets::add);
        PARAMETER.matcher(url).results().filter(m -> isSecretKey(m.group(1))).map(m -> m.group(3))
                .forEach(secrets::add);
        List<String> decoded = new ArrayList<>();
        for (String secret : secrets) {
            try {
                decoded.add(URLDecoder.decode(secret, StandardCharsets.UTF_8));
                decoded.add(URLDecoder.decode(secret.replace("+", "%2B"), StandardCharsets.UTF_8));
            } catch (IllegalArgumentException notEncoded) {
                // kept as it is
            }
        }
        secrets.addAll(decoded);
        return secrets;
    }

    /**
     * How a property's value may be shown in a message.
     *
     * @param key the property's name
     * @param value its value, or null
     * @return {@code (hidden)} for a secret property, the masked URL or property list for
     *         {@code url} and {@code dataSourceProperties} (whole values), else the value as it is
     */
    public static String shown(String key, String value) {
        if (value == null) {
            return null;
        }
        if (isSecretKey(key)) {
            return "(hidden)";
        }
        String k = key == null ? "" : key.toLowerCase(Locale.ROOT);
        return k.equals("url") ? maskUrl(value) : k.equals("datasourceproperties") ? maskProperties(value) : value;
    }

    /**
     * Replaces every occurrence of the given secret values in a text, then masks what
     * {@link #mask(String)} masks. Values shorter than four characters are left alone: replacing
     * them would garble the message while hiding little.
     *
     * @param text a message, or null
     * @param secrets the secret values known to be in play
     * @return the text without them
     */
    public static String scrub(String text, Iterable<String> secrets) {
        if (text == null) {
            return null;
        }
        String scrubbed = text;
        for (String secret : secrets) {
            if (secret != null && secret.length() >= 4) {
                scrubbed = scrubbed.replace(secret, MASK);
            }
        }
        return mask(scrubbed);
    }
}
