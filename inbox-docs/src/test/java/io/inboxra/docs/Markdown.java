package io.inboxra.docs;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One Markdown file as the checks read it: its fenced code blocks, the anchors its headings make
 * (GitHub's rules), and the links of its text (not of its code). Only what the docs use is read:
 * ATX headings ({@code ## Title}), fences of backticks or tildes (indented in a list too), inline
 * links and images, reference definitions, and {@code href}/{@code src} of HTML tags.
 */
record Markdown(Path path, List<String> lines, List<Fence> fences, Set<String> anchors, List<Link> links) {

    /** A fenced block: the line of its opening fence (1-based), its info string, its content lines. */
    record Fence(int line, String info, List<String> content) {

        /** The first word of the info string, lower case: {@code java} for {@code ```java}. */
        String language() {
            String[] words = info.trim().split("\\s+", 2);
            return words[0].toLowerCase(Locale.ROOT);
        }

        /** The Markdown line of content line {@code i} (0-based). */
        int lineOf(int i) {
            return line + 1 + i;
        }
    }

    /** A link's target as written, and its line. */
    record Link(int line, String target) {
    }

    private static final Pattern FENCE = Pattern.compile("^(\\s*)(`{3,}|~{3,})(.*)$");
    private static final Pattern HEADING = Pattern.compile("^ {0,3}(#{1,6})\\s+(.*?)(?:\\s+#+)?\\s*$");
    private static final Pattern HTML_ANCHOR = Pattern.compile("<a\\s[^>]*(?:name|id)=\"([^\"]+)\"");
    private static final Pattern INLINE_LINK = Pattern.compile("\\]\\(\\s*(<[^>]*>|[^)\\s]+)(?:\\s+\"[^\"]*\")?\\s*\\)");
    private static final Pattern REFERENCE = Pattern.compile("^ {0,3}\\[[^\\]]+\\]:\\s*(<[^>]*>|\\S+)");
    private static final Pattern HTML_LINK = Pattern.compile("(?:href|src)=\"([^\"]+)\"");
    private static final Pattern CODE_SPAN = Pattern.compile("(`+)(.+?)\\1");
    private static final Pattern NOT_IN_SLUG = Pattern.compile("[^\\p{L}\\p{M}\\p{N}\\p{Pc} -]");

    static Markdown read(Path path) {
        try {
            return parse(path, Files.readString(path, StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static Markdown parse(Path path, String text) {
        List<String> lines = List.of(text.split("\n", -1));
        List<Fence> fences = new ArrayList<>();
        Set<String> anchors = new LinkedHashSet<>();
        Map<String, Integer> seen = new HashMap<>();
        List<Link> links = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i);
            Matcher fence = FENCE.matcher(line);
            if (fence.matches() && !(fence.group(2).startsWith("`") && fence.group(3).contains("`"))) {
                int indent = fence.group(1).length();
                String marker = fence.group(2);
                List<String> content = new ArrayList<>();
                int open = i;
                for (i = i + 1; i < lines.size(); i++) {
                    String inner = lines.get(i);
                    String trimmed = inner.strip();
                    if (trimmed.startsWith(marker) && trimmed.chars().allMatch(c -> c == marker.charAt(0))) {
                        break;
                    }
                    content.add(unindent(inner, indent));
                }
                fences.add(new Fence(open + 1, fence.group(3).strip(), List.copyOf(content)));
                continue;
            }
            Matcher heading = HEADING.matcher(line);
            if (heading.matches()) {
                String slug = slug(heading.group(2));
                int n = seen.merge(slug, 1, Integer::sum);
                anchors.add(n == 1 ? slug : slug + "-" + (n - 1));
            }
            Matcher html = HTML_ANCHOR.matcher(line);
            while (html.find()) {
                anchors.add(html.group(1));
            }
            String prose = CODE_SPAN.matcher(line).replaceAll(m -> " ".repeat(m.group().length()));
            for (Pattern p : List.of(INLINE_LINK, REFERENCE, HTML_LINK)) {
                Matcher m = p.matcher(prose);
                while (m.find()) {
                    String target = m.group(1);
                    if (target.startsWith("<") && target.endsWith(">")) {
                        target = target.substring(1, target.length() - 1);
                    }
                    links.add(new Link(i + 1, target));
                }
            }
        }
        return new Markdown(path, lines, List.copyOf(fences), Set.copyOf(anchors), List.copyOf(links));
    }

    /**
     * GitHub's anchor for a heading: its text as rendered (code spans, emphasis and links reduced
     * to their text), lower case, every character but letters, digits, {@code _}, {@code -} and
     * spaces dropped, spaces turned into {@code -}. A repeated heading gets {@code -1}, {@code -2}.
     */
    static String slug(String heading) {
        String text = heading.replaceAll("!?\\[([^\\]]*)\\]\\([^)]*\\)", "$1")
                .replaceAll("<[^>]+>", "")
                .replace("`", "");
        return NOT_IN_SLUG.matcher(text.toLowerCase(Locale.ROOT)).replaceAll("").replace(' ', '-');
    }

    private static String unindent(String line, int indent) {
        int i = 0;
        while (i < indent && i < line.length() && line.charAt(i) == ' ') {
            i++;
        }
        return line.substring(i);
    }

    /** The text of the file's line {@code n} (1-based), or "" past the end. */
    String line(int n) {
        return n >= 1 && n <= lines.size() ? lines.get(n - 1) : "";
    }
}
