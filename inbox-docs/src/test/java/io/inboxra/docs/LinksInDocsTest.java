package io.inboxra.docs;

import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

import java.nio.file.Path;
import java.util.List;

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
}
