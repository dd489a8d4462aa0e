package io.inboxra.docs;

import javax.tools.Diagnostic;
import javax.tools.DiagnosticCollector;
import javax.tools.FileObject;
import javax.tools.ForwardingJavaFileManager;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileManager;
import javax.tools.JavaFileObject;
import javax.tools.SimpleJavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;
import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Compiles the Java blocks of one Markdown file, in process, with {@code javax.tools}. The
 * convention (also in this module's README.md):
 *
 * <ul>
 * <li>Every {@code ```java} block is compiled, unless the line before its fence (blank lines
 * aside) is an HTML comment {@code <!-- not compiled: why -->}.</li>
 * <li>Each block gets the {@link #IMPORTS standard imports} (on demand, so a block's own imports
 * win), and may use the context types {@link #CONTEXT Invoice and Order}.</li>
 * <li>A block that declares a top-level type (a line at column 0 such as {@code public class X})
 * or a {@code package} is a compilation unit: compiled as it is.</li>
 * <li>A block that begins with {@code @ActivationConfigProperty} is activation config: wrapped in
 * {@code @MessageDriven(activationConfig = { ... }) class DocBlock_N {}}.</li>
 * <li>A block that begins with an access modifier or an annotation is class members: wrapped in
 * {@code class DocBlock_N { ... }}.</li>
 * <li>Any other block is statements: wrapped in {@code class DocBlock_N { void block() throws
 * Exception { ... } }}. Its leading {@code import} lines stay imports.</li>
 * <li>The blocks of one file are compiled together, so a block may use a type that another
 * block of the same file declares.</li>
 * </ul>
 */
final class JavaBlocks {

    /** Imported (on demand) into every block: the packages the docs' examples use. */
    static final List<String> IMPORTS = List.of("io.inboxra", "io.inboxra.producer", "io.inboxra.operations",
            "jakarta.annotation", "jakarta.ejb", "jakarta.inject", "jakarta.json.bind", "jakarta.transaction",
            "jakarta.ws.rs", "java.math", "java.sql", "java.time", "java.util");

    /** Types the examples may use without declaring them: the sample's invoice, and an order. */
    static final Map<String, String> CONTEXT = Map.of(
            "Invoice", "public record Invoice(String number, String customer, java.math.BigDecimal amount) {}\n",
            "Order", "public record Order(String number, String customer, java.math.BigDecimal amount) {}\n");

    static final String NOT_COMPILED = "<!-- not compiled:";

    private static final Pattern TYPE = Pattern.compile(
            "^(@\\S+\\s+)*((public|protected|private|abstract|final|sealed|non-sealed|static|strictfp)\\s+)*"
                    + "(class|interface|enum|record|@interface)\\s+(\\w+)");
    private static final Pattern PACKAGE = Pattern.compile("^package\\s+[\\w.]+\\s*;");
    private static final Pattern IMPORT = Pattern.compile("^import\\s+(static\\s+)?[\\w.*]+\\s*;\\s*$");
    private static final Pattern MEMBER = Pattern.compile("^(public|protected|private|@)");

    enum BlockKind { UNIT, ACTIVATION_CONFIG, MEMBERS, STATEMENTS }

    /** A block turned into a source file: each of its lines with the Markdown line it comes from. */
    record Source(Markdown.Fence block, BlockKind kind, String className, List<String> text, List<Integer> origin) {

        String content() {
            return String.join("\n", text) + "\n";
        }
    }

    private JavaBlocks() {
    }

    /** The Java blocks of the file that are to be compiled. */
    static List<Markdown.Fence> compiled(Markdown md) {
        List<Markdown.Fence> blocks = new ArrayList<>();
        for (Markdown.Fence f : md.fences()) {
            if (f.language().equals("java") && !markedNotCompiled(md, f)) {
                blocks.add(f);
            }
        }
        return blocks;
    }

    static boolean markedNotCompiled(Markdown md, Markdown.Fence f) {
        int n = f.line() - 1;
        while (n >= 1 && md.line(n).isBlank()) {
            n--;
        }
        return md.line(n).strip().startsWith(NOT_COMPILED);
    }

    static BlockKind kind(List<String> code) {
        for (String line : code) {
            if (PACKAGE.matcher(line).find() || TYPE.matcher(line).find()) {
                return BlockKind.UNIT;
            }
        }
        String first = code.stream().map(String::strip)
                .filter(l -> !l.isEmpty() && !l.startsWith("//") && !IMPORT.matcher(l).matches())
                .findFirst().orElse("");
        if (first.startsWith("@ActivationConfigProperty")) {
            return BlockKind.ACTIVATION_CONFIG;
        }
        return MEMBER.matcher(first).find() ? BlockKind.MEMBERS : BlockKind.STATEMENTS;
    }

    static Source source(Markdown.Fence block) {
        List<String> code = block.content();
        BlockKind kind = kind(code);
        String imports = String.join(" ", IMPORTS.stream().map(p -> "import " + p + ".*;").toList());
        List<String> text = new ArrayList<>();
        List<Integer> origin = new ArrayList<>();
        String wrapper = "DocBlock_" + block.line();
        if (kind == BlockKind.UNIT) {
            String name = null;
            int packageLine = -1;
            for (int i = 0; i < code.size(); i++) {
                Matcher type = TYPE.matcher(code.get(i));
                if (name == null && type.find() && code.get(i).contains("public ")) {
                    name = type.group(5);
                }
                if (packageLine < 0 && PACKAGE.matcher(code.get(i)).find()) {
                    packageLine = i;
                }
            }
            if (name == null) {
                for (String line : code) {
                    Matcher type = TYPE.matcher(line);
                    if (type.find()) {
                        name = type.group(5);
                        break;
                    }
                }
            }
            if (packageLine < 0) {
                add(text, origin, imports, block.lineOf(0));
            }
            for (int i = 0; i < code.size(); i++) {
                add(text, origin, i == packageLine ? code.get(i) + " " + imports : code.get(i), block.lineOf(i));
            }
            return new Source(block, kind, name != null ? name : wrapper, text, origin);
        }
        add(text, origin, imports, block.lineOf(0));
        int i = 0;
        while (i < code.size() && (code.get(i).isBlank() || IMPORT.matcher(code.get(i).strip()).matches())) {
            add(text, origin, code.get(i), block.lineOf(i));
            i++;
        }
        String open = switch (kind) {
            case ACTIVATION_CONFIG -> "@MessageDriven(activationConfig = {";
            case MEMBERS -> "class " + wrapper + " {";
            default -> "class " + wrapper + " { void block() throws Exception {";
        };
        String close = switch (kind) {
            case ACTIVATION_CONFIG -> "}) class " + wrapper + " {}";
            case MEMBERS -> "}";
            default -> "} }";
        };
        add(text, origin, open, block.lineOf(i));
        for (; i < code.size(); i++) {
            add(text, origin, code.get(i), block.lineOf(i));
        }
        add(text, origin, close, block.lineOf(Math.max(0, code.size() - 1)));
        return new Source(block, kind, wrapper, text, origin);
    }

    private static void add(List<String> text, List<Integer> origin, String line, int mdLine) {
        text.add(line);
        origin.add(mdLine);
    }

    /**
     * Compiles the file's blocks together; returns one message per error, each naming the file,
     * the Markdown line, the block's line and javac's message. Empty when they all compile.
     */
    static List<String> compile(String file, Markdown md, List<String> classpath) {
        List<Markdown.Fence> blocks = compiled(md);
        if (blocks.isEmpty()) {
            return List.of();
        }
        Map<JavaFileObject, Source> sources = new HashMap<>();
        List<JavaFileObject> units = new ArrayList<>();
        for (Markdown.Fence block : blocks) {
            Source s = source(block);
            JavaFileObject object = new InMemorySource(s.className() + "_at_" + block.line(), s.className(), s.content());
            sources.put(object, s);
            units.add(object);
        }
        CONTEXT.forEach((name, text) -> units.add(new InMemorySource("context", name, text)));

        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        DiagnosticCollector<JavaFileObject> diagnostics = new DiagnosticCollector<>();
        StandardJavaFileManager standard = javac.getStandardFileManager(diagnostics, Locale.ENGLISH, StandardCharsets.UTF_8);
        List<String> options = List.of("--release", "17", "-proc:none", "-implicit:none", "-Xlint:none",
                "-classpath", String.join(java.io.File.pathSeparator, classpath));
        boolean ok = javac.getTask(null, new Discarding(standard), diagnostics, options, null, units).call();
        List<Diagnostic<? extends JavaFileObject>> found = new ArrayList<>(diagnostics.getDiagnostics());
        found.sort(java.util.Comparator.comparingInt(d -> {
            Source s = sources.get(d.getSource());
            int g = (int) d.getLineNumber();
            return s == null ? 0 : g >= 1 && g <= s.origin().size() ? s.origin().get(g - 1) : s.block().line();
        }));
        List<String> errors = new ArrayList<>();
        for (Diagnostic<? extends JavaFileObject> d : found) {
            if (d.getKind() != Diagnostic.Kind.ERROR) {
                continue;
            }
            Source s = sources.get(d.getSource());
            String message = d.getMessage(Locale.ENGLISH);
            if (s == null) {
                errors.add(file + ": " + message);
                continue;
            }
            int generated = (int) d.getLineNumber();
            int mdLine = generated >= 1 && generated <= s.origin().size() ? s.origin().get(generated - 1) : s.block().line();
            errors.add(file + ":" + mdLine + ": the java block at line " + s.block().line() + " (" + describe(s.kind())
                    + ") does not compile: " + message + "\n    " + md.line(mdLine).strip());
        }
        if (!ok && errors.isEmpty()) {
            errors.add(file + ": javac failed without an error message");
        }
        return errors;
    }

    private static String describe(BlockKind kind) {
        return switch (kind) {
            case UNIT -> "a compilation unit";
            case ACTIVATION_CONFIG -> "activation config, wrapped in @MessageDriven";
            case MEMBERS -> "class members, wrapped in a class";
            case STATEMENTS -> "statements, wrapped in a method";
        };
    }

    private static final class InMemorySource extends SimpleJavaFileObject {
        private final String text;

        InMemorySource(String folder, String className, String text) {
            super(URI.create("string:///" + folder + "/" + className + JavaFileObject.Kind.SOURCE.extension), JavaFileObject.Kind.SOURCE);
            this.text = text;
        }

        @Override
        public CharSequence getCharContent(boolean ignoreEncodingErrors) {
            return text;
        }
    }

    /** Keeps the class files javac writes in memory, and drops them. */
    private static final class Discarding extends ForwardingJavaFileManager<JavaFileManager> {
        Discarding(JavaFileManager manager) {
            super(manager);
        }

        @Override
        public JavaFileObject getJavaFileForOutput(Location location, String className, JavaFileObject.Kind kind,
                FileObject sibling) {
            return new SimpleJavaFileObject(URI.create("mem:///" + className.replace('.', '/') + kind.extension), kind) {
                @Override
                public OutputStream openOutputStream() {
                    return new ByteArrayOutputStream();
                }
            };
        }
    }
}
