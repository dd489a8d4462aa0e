package io.inboxra.ra.config;

import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Keeps secrets out of messages, log lines and {@code toString}: every URL, data source
 * property and driver message the adapter shows goes through here.
 *
 * <p>A key is secret when it contains (in any case) {@code password}, {@code passwd},
 * {@code pwd}, {@code secret}, {@code token}, {@code key} or {@code credential}. In a URL the
 * password of its user info ({@code //bob:secret@host}, Oracle's {@code thin:bob/secret@host})
 * and the values of secret parameters ({@code ?password=x}, {@code ;password=x},
 * {@code &sslkey=x}, {@code (password=x)}) are replaced by {@value #MASK}.
 */
public final class Secrets {

    /** What a secret is replaced by. */
    public static final String MASK = "***";

    private static final Pattern SECRET_WORD =
            Pattern.compile("password|passwd|pwd|secret|token|key|credential", Pattern.CASE_INSENSITIVE);
    /**
     * {@code //user:password@}: the user info of a URL's authority, which holds no {@code /},
     * {@code ?} or {@code #}; the password runs to the authority's last {@code @}.
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
        return key != null && SECRET_WORD.matcher(key).find();
    }

    /**
     * @param url a JDBC URL, or null
     * @return the URL with its user info's password and its secret parameters' values masked
     */
    public static String maskUrl(String url) {
        return mask(url);
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
        USER_INFO.matcher(url).results().map(m -> m.group(2)).forEach(secrets::add);
        ORACLE.matcher(url).results().map(m -> m.group(2)).forEach(secrets::add);
        PARAMETER.matcher(url).results().filter(m -> isSecretKey(m.group(1))).map(m -> m.group(3))
                .forEach(secrets::add);
        List<String> decoded = new ArrayList<>();
        for (String secret : secrets) {
            try {
                decoded.add(URLDecoder.decode(secret, StandardCharsets.UTF_8));
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
     *         {@code url} and {@code dataSourceProperties}, else the value as it is
     */
    public static String shown(String key, String value) {
        if (value == null) {
            return null;
        }
        if (isSecretKey(key)) {
            return "(hidden)";
        }
        String k = key == null ? "" : key.toLowerCase(Locale.ROOT);
        return k.equals("url") || k.equals("datasourceproperties") ? mask(value) : value;
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
