package io.inboxra.docs;

import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;

/** Every relative link of README.md and docs/ names a file that exists, and an anchor a heading. */
class LinksInDocsTest {

    private final Path root = DocFiles.root();

    @TestFactory
    List<DynamicTest> everyRelativeLinkResolves() {
        Links links = new Links(root);
        return DocFiles.all(root).stream().map(file -> DynamicTest.dynamicTest(DocFiles.name(root, file), () -> {
            List<String> broken = links.check(file);
            if (!broken.isEmpty()) {
                fail(broken.size() + " broken link(s) in " + DocFiles.name(root, file) + ":\n" + String.join("\n", broken));
            }
        })).toList();
    }

    /** The README's table of contents names every page of docs/: a new page gets its line there. */
    @Test
    void theReadmeLinksEveryPageOfTheDocs() {
        Set<String> linked = Markdown.read(root.resolve("README.md")).links().stream()
                .map(l -> l.target().split("#", 2)[0]).collect(Collectors.toSet());
        List<String> missing = DocFiles.all(root).stream().map(f -> DocFiles.name(root, f))
                .filter(n -> n.startsWith("docs/") && !linked.contains(n)).toList();
        assertEquals(List.of(), missing, "pages of docs/ that README.md's Documentation table does not link");
    }
}
