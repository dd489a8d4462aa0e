package io.inboxra.ra.config;

import java.util.Optional;
import java.util.regex.Pattern;

/**
 * Where a URL's user info is ({@code jdbc:mysql://bob:secret@host/db}): from the {@code //} to
 * the last {@code @} that a host list follows, so that a password may hold unencoded {@code /},
 * {@code #}, {@code ?}, {@code @} or spaces. Neither the PostgreSQL nor the MariaDB driver takes
 * user info at all (they read {@code bob:secret} as a host, and log the URL they refuse), and
 * MySQL's refuses those characters unencoded; the adapter takes the user info out itself.
 *
 * <p>A URL that reads as well without user info ({@code //host:5432/db?email=a@b.c}: a valid
 * host list first, no {@code @} in the path, each query item with one a {@code key=value}) is
 * read without: a password that begins with digits and then {@code /}, {@code ?}, {@code #} or {@code ;}
 * may read as a port, and must be percent-encoded.
 *
 * @param start the index of the user info's first character (after {@code //})
 * @param end the index of the {@code @} that ends it
 * @param user the user, as written (not decoded)
 * @param password the password, as written; null when the user info has no {@code :}
 */
public record UrlUserInfo(int start, int end, String user, String password) {

    /** {@code host[:port]}, comma-separated; IPv6 in brackets. */
    private static final Pattern HOSTS = Pattern.compile(
            "(?:\\[[0-9A-Fa-f:.%\\w]+]|[\\w.\\-%]+)(?::\\d+)?(?:,(?:\\[[0-9A-Fa-f:.%\\w]+]|[\\w.\\-%]+)(?::\\d+)?)*");
    private static final Pattern QUERY_ITEM = Pattern.compile("[\\w.\\-]+=.*", Pattern.DOTALL);

    /**
     * @param url a JDBC URL, or null
     * @return its user info, or empty when it has none
     */
    public static Optional<UrlUserInfo> of(String url) {
        int slashes = url == null ? -1 : url.indexOf("//");
        if (slashes < 0) {
            return Optional.empty();
        }
        int start = slashes + 2;
        if (readsWithout(url, start)) {
            return Optional.empty();
        }
        for (int at = url.lastIndexOf('@'); at >= start; at = url.lastIndexOf('@', at - 1)) {
            int hostsEnd = endOfSegment(url, at + 1);
            if (hostsEnd > at + 1 && HOSTS.matcher(url.substring(at + 1, hostsEnd)).matches()) {
                String info = url.substring(start, at);
                int colon = info.indexOf(':');
                return Optional.of(colon < 0 ? new UrlUserInfo(start, at, info, null)
                        : new UrlUserInfo(start, at, info.substring(0, colon), info.substring(colon + 1)));
            }
        }
        return Optional.empty();
    }

    /** Whether the authority is a host list followed by a path and query that hold no user info's {@code @}. */
    private static boolean readsWithout(String url, int start) {
        int end = endOfSegment(url, start);
        if (!HOSTS.matcher(url.substring(start, end)).matches()) {
            return false;
        }
        String rest = url.substring(end);
        int query = rest.indexOf('?');
        String path = query < 0 ? rest : rest.substring(0, query);
        path = path.indexOf(';') < 0 ? path : path.substring(0, path.indexOf(';'));
        if (path.indexOf('@') >= 0) {
            return false;
        }
        if (query >= 0) {
            for (String item : rest.substring(query + 1).split("&", -1)) {
                if (item.indexOf('@') >= 0 && !QUERY_ITEM.matcher(item).matches()) {
                    return false;
                }
            }
        }
        return true;
    }

    /** The index of the first {@code /}, {@code ?}, {@code #} or {@code ;} from {@code from}, or the length. */
    private static int endOfSegment(String url, int from) {
        for (int i = from; i < url.length(); i++) {
            char c = url.charAt(i);
            if (c == '/' || c == '?' || c == '#' || c == ';') {
                return i;
            }
        }
        return url.length();
    }

    /** @return the URL without this user info, {@code //host...} */
    public String removedFrom(String url) {
        return url.substring(0, start) + url.substring(end + 1);
    }

    /** @return the URL with this user info's password replaced by the mask */
    public String maskedIn(String url, String mask) {
        return password == null ? url : url.substring(0, start) + user + ":" + mask + url.substring(end);
    }
}
