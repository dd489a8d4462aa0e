package io.inboxra.ra.dialect.common;

import java.util.List;

/** Row value comparisons, as the built-in dialects write a FIFO group's order: {@code (ROW(e.p, e.id)) < (ROW(h.p, h.id))}. */
public final class RowValues {

    private RowValues() {
    }

    /**
     * @param keyword the keyword before a row value's parentheses ({@code ROW}, or empty where there is none)
     * @param first the first row's key
     * @param second the second row's key
     * @return the condition that the first row comes before the second
     */
    public static String precedes(String keyword, List<String> first, List<String> second) {
        return "(" + value(keyword, first) + ") < (" + value(keyword, second) + ")";
    }

    private static String value(String keyword, List<String> key) {
        return key.size() == 1 ? key.get(0) : keyword + "(" + String.join(", ", key) + ")";
    }
}
