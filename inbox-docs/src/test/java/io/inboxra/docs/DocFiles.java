package io.inboxra.docs;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;

/** Where the docs are, and the classpath their Java blocks compile with (both from the pom). */
final class DocFiles {

    private DocFiles() {
    }

    /** The repository's root: {@code -Ddocs.root}, as the pom sets it, or the module's parent. */
    static Path root() {
        return Path.of(System.getProperty("docs.root", "..")).toAbsolutePath().normalize();
    }

    /** README.md, CHANGELOG.md, every Markdown file under docs/, and this module's README.md. */
    static List<Path> all(Path root) {
        List<Path> files = new ArrayList<>();
        for (String name : List.of("README.md", "CHANGELOG.md", "inbox-docs/README.md")) {
            if (Files.isRegularFile(root.resolve(name))) {
                files.add(root.resolve(name));
            }
        }
        Path docs = root.resolve("docs");
        if (Files.isDirectory(docs)) {
            try (Stream<Path> walk = Files.walk(docs)) {
                walk.filter(p -> p.toString().endsWith(".md")).sorted().forEach(files::add);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return files;
    }

    /** The test classpath, as maven-dependency-plugin wrote it ({@code -Ddocs.classpath.file}). */
    static List<String> classpath() {
        String file = System.getProperty("docs.classpath.file");
        if (file == null) {
            return Arrays.asList(System.getProperty("java.class.path").split(java.io.File.pathSeparator));
        }
        try {
            return Arrays.asList(Files.readString(Path.of(file), StandardCharsets.UTF_8).strip()
                    .split(java.io.File.pathSeparator));
        } catch (IOException e) {
            throw new UncheckedIOException("the classpath file " + file + " (written by maven-dependency-plugin)", e);
        }
    }

    /** The file's path from the root, with forward slashes, as the messages name it. */
    static String name(Path root, Path file) {
        return root.relativize(file).toString().replace('\\', '/');
    }
}
