package io.inboxra.ra.config;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What {@code advisoryLock} accepts: a column, or columns joined by {@code ||}, {@code +} or
 * {@code ,}, grouped by parentheses. No function calls, literals, keywords, quotes, comments,
 * semicolons or {@code $}: the text goes into the claim's SQL as written.
 *
 * <pre>
 * expression := term (("||" | "+" | ",") term)*
 * term       := column | "(" expression ")"
 * column     := [A-Za-z_][A-Za-z0-9_]{0,62}
 * </pre>
 */
final class AdvisoryKey {

    static final String RULE = "a column, or columns joined by ||, + or , and grouped by parentheses"
            + " (no function calls, literals, quotes, semicolons, comments or $)";

    private static final Pattern TOKEN =
            Pattern.compile("\\s*(\\|\\||[+,()]|[A-Za-z_][A-Za-z0-9_]{0,62}(?![A-Za-z0-9_]))");

    private final List<String> tokens;
    private int next;

    private AdvisoryKey(List<String> tokens) {
        this.tokens = tokens;
    }

    /**
     * @param text the property's value
     * @return whether it is a column or an accepted expression of columns
     */
    static boolean isValid(String text) {
        List<String> tokens = tokens(text);
        if (tokens == null) {
            return false;
        }
        AdvisoryKey parser = new AdvisoryKey(tokens);
        return parser.expression(0) && parser.next == tokens.size();
    }

    /** @return the tokens, or null when some text is none */
    private static List<String> tokens(String text) {
        List<String> tokens = new ArrayList<>();
        Matcher m = TOKEN.matcher(text);
        int at = 0;
        while (at < text.length()) {
            if (!m.find(at) || m.start() != at) {
                return text.substring(at).isBlank() ? tokens : null;
            }
            tokens.add(m.group(1));
            at = m.end();
        }
        return tokens;
    }

    private boolean expression(int depth) {
        if (!term(depth)) {
            return false;
        }
        while (next < tokens.size() && isOperator(tokens.get(next))) {
            next++;
            if (!term(depth)) {
                return false;
            }
        }
        return true;
    }

    private boolean term(int depth) {
        if (next >= tokens.size() || depth > 16) {
            return false;
        }
        String token = tokens.get(next++);
        if (token.equals("(")) {
            if (!expression(depth + 1) || next >= tokens.size() || !tokens.get(next).equals(")")) {
                return false;
            }
            next++;
            return true;
        }
        // A column. A function's name would be followed by "(", which no rule lets follow a term.
        return Character.isLetter(token.charAt(0)) || token.charAt(0) == '_';
    }

    private static boolean isOperator(String token) {
        return token.equals("||") || token.equals("+") || token.equals(",");
    }
}
