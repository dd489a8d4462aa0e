package io.inboxra.docs;

import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * Checks the relative links of Markdown files: the file or folder a link names exists, and an
 * anchor ({@code #section}) names a heading of the Markdown file it points into (GitHub's
 * anchors, see {@link Markdown#slug}). Links with a scheme (http, https, mailto) are not checked.
 */
final class Links {

    private static final Pattern SCHEME = Pattern.compile("^[a-zA-Z][a-zA-Z0-9+.-]*:");

    private final Path root;
    private final Map<Path, Markdown> read = new HashMap<>();

    Links(Path root) {
        this.root = root;
    }

    /** One message per broken link of the file, each naming the file, the line and the link. */
    List<String> check(Path file) {
        Markdown md = markdown(file);
        List<String> broken = new ArrayList<>();
        String name = DocFiles.name(root, file);
        for (Markdown.Link link : md.links()) {
            String target = link.target();
            if (SCHEME.matcher(target).find()) {
                continue;
            }
            int hash = target.indexOf('#');
            String pathPart = hash < 0 ? target : target.substring(0, hash);
            String anchor = hash < 0 ? null : target.substring(hash + 1);
            Path resolved;
            if (pathPart.isEmpty()) {
                resolved = file;
            } else {
                String decoded = URLDecoder.decode(pathPart.replace("+", "%2B"), StandardCharsets.UTF_8);
                resolved = (decoded.startsWith("/") ? root.resolve(decoded.substring(1)) : file.getParent().resolve(decoded))
                        .normalize();
                if (!Files.exists(resolved)) {
                    broken.add(name + ":" + link.line() + ": the link (" + target + ") names "
                            + DocFiles.name(root, resolved) + ", which does not exist");
                    continue;
                }
            }
            if (anchor != null && resolved.toString().endsWith(".md") && Files.isRegularFile(resolved)) {
                Markdown into = markdown(resolved);
                if (!into.anchors().contains(anchor)) {
                    broken.add(name + ":" + link.line() + ": the link (" + target + ") names the anchor #" + anchor
                            + ", which no heading of " + DocFiles.name(root, resolved) + " makes");
                }
            }
        }
        return broken;
    }

    private Markdown markdown(Path file) {
        return read.computeIfAbsent(file.toAbsolutePath().normalize(), Markdown::read);
    }
}
