package io.inboxra.docs;

import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/** Every Java block of README.md and docs/ compiles (the convention: {@link JavaBlocks}). */
class JavaBlocksInDocsTest {

    private final Path root = DocFiles.root();

    @TestFactory
    List<DynamicTest> everyJavaBlockCompiles() {
        List<String> classpath = DocFiles.classpath();
        return DocFiles.all(root).stream().map(file -> DynamicTest.dynamicTest(DocFiles.name(root, file), () -> {
            List<String> errors = JavaBlocks.compile(DocFiles.name(root, file), Markdown.read(file), classpath);
            if (!errors.isEmpty()) {
                fail(errors.size() + " error(s) in the Java blocks of " + DocFiles.name(root, file) + ":\n"
                        + String.join("\n", errors));
            }
        })).toList();
    }

    @Test
    void theDocsHaveJavaBlocksToCompile() {
        long blocks = DocFiles.all(root).stream().mapToLong(f -> JavaBlocks.compiled(Markdown.read(f)).size()).sum();
        assertTrue(blocks >= 8, "only " + blocks + " Java blocks found under " + root + ": is docs.root right?");
        assertTrue(JavaBlocks.compiled(Markdown.read(root.resolve("README.md"))).size() >= 1,
                "README.md has its minimal MDB");
    }
}
