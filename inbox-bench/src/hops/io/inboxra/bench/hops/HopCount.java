package io.inboxra.bench.hops;

import io.inboxra.Outcome;
import io.inboxra.dialect.Form;
import io.inboxra.harness.Harness;
import io.inboxra.harness.TestDatabase;

import java.io.IOException;
import java.lang.classfile.ClassFile;
import java.lang.classfile.ClassModel;
import java.lang.classfile.CodeModel;
import java.lang.classfile.Instruction;
import java.lang.classfile.MethodModel;
import java.lang.classfile.Opcode;
import java.lang.classfile.attribute.RecordAttribute;
import java.lang.classfile.attribute.RecordComponentInfo;
import java.lang.classfile.instruction.FieldInstruction;
import java.lang.classfile.instruction.LoadInstruction;
import java.lang.classfile.instruction.ReturnInstruction;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.logging.Level;
import java.util.logging.Logger;
import java.util.stream.Stream;

import jdk.jfr.Event;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordedFrame;
import jdk.jfr.consumer.RecordedMethod;
import jdk.jfr.consumer.RecordingFile;

/**
 * The method hops of one row lock delivery (issue 24: "one row lock delivery in at most 20 hops"),
 * counted from a JFR method trace (JDK 25, JEP 520) of every class of the adapter.
 *
 * <p>A single-file program for the JDK 25 source launcher, not part of the module's build: it
 * uses the class-file API and reads {@code jdk.MethodTrace} events, and the module compiles for
 * Java 17. {@code inbox-bench/hops} runs it, once on each tree; see docs/performance.md.
 *
 * <ul>
 * <li>{@code filter <classes>}: prints the method-trace filter naming every class under
 *     {@code io/inboxra/ra} of an inbox-rar classes directory.
 * <li>{@code run <warm-up rows> <rows>}: the bench's row lock subject (PostgreSQL, 1 worker,
 *     {@code batchSize} 1, a container transaction per row, the bench's polling), on a backlog of
 *     warm-up plus measured rows; each listener call commits a {@code Delivered} event.
 * <li>{@code count <out.md> <warm-up rows> (<label> <recording.jfr> <classes>)...}: per delivered
 *     row, the calls between one {@code Delivered} event and the next on the worker's thread.
 * </ul>
 *
 * <p>A <em>call</em> is one entry into a method of an adapter class. A <em>hop</em> is a call
 * whose caller is a method of another adapter class; constructors, record accessors and trivial
 * getters (a field read and a return) are not hops and are left out of the classes entered.
 */
public final class HopCount {

    private static final String ADAPTER = "io.inboxra.ra.";

    /** Marks one listener call; the interval from one to the next is one delivery's cycle. */
    @Name("io.inboxra.bench.hops.Delivered")
    @Label("Delivered")
    static final class Delivered extends Event {
        @Label("Row")
        long row;
    }

    public static void main(String[] args) throws Exception {
        switch (args.length == 0 ? "" : args[0]) {
            case "filter" -> System.out.print(String.join(";", adapterClasses(Path.of(args[1])).keySet()));
            case "run" -> run(Integer.parseInt(args[1]), Integer.parseInt(args[2]));
            case "count" -> count(args);
            default -> throw new IllegalArgumentException("usage: HopCount filter <classes> | run <warm-up rows> <rows>"
                    + " | count <out.md> <warm-up rows> (<label> <recording.jfr> <classes>)...; got "
                    + List.of(args));
        }
    }

    // ---- run: the bench's row lock subject, one worker, batchSize 1 ----

    /** Held here: JUL keeps loggers weakly, and a collected logger forgets its level. */
    private static final List<Logger> QUIET = List.of(Logger.getLogger("io.inboxra"), Logger.getLogger("com.arjuna"));

    private static void run(int warmUp, int rows) throws Exception {
        for (Logger logger : QUIET) {
            logger.setLevel(Level.WARNING);
        }
        TestDatabase db = TestDatabase.POSTGRES;
        int total = warmUp + rows;
        String table = db.newInbox();
        try {
            db.execute("INSERT INTO " + table + " (payload) SELECT REPEAT('x', 100) FROM " + db.series(total));
            // The bench's Busy properties for the row lock form with one worker.
            Map<String, String> p = db.properties("bench", table, Form.ROW_LOCK);
            p.put("workers", "1");
            p.put("connections", "4");
            p.put("pollInterval", "PT0.01S");
            p.put("maxPollInterval", "PT0.05S");
            AtomicLong delivered = new AtomicLong();
            long start = System.nanoTime();
            try (Harness server = Harness.start()) {
                server.activate(message -> {
                    Delivered mark = new Delivered();
                    mark.row = delivered.incrementAndGet();
                    mark.commit();
                    return Outcome.ack();
                }, p, true);
                while (delivered.get() < total || db.count("SELECT count(*) FROM " + table) > 0) {
                    Thread.sleep(20);
                }
            }
            System.out.printf(Locale.ROOT, "delivered %d rows (%d warm-up) in %.1f s%n", delivered.get(), warmUp,
                    (System.nanoTime() - start) / 1e9);
        } finally {
            db.execute("DROP TABLE " + table);
        }
    }

    // ---- the adapter's classes, read from their class files ----

    /** A method of an adapter class as the class file has it, and whether a call to it is a hop. */
    record MethodInfo(boolean constructor, boolean recordAccessor, boolean trivialGetter) {
        boolean excluded() {
            return constructor || recordAccessor || trivialGetter;
        }
    }

    /** @return every class under io/inboxra/ra, by binary name, with its methods by name and descriptor */
    static Map<String, Map<String, MethodInfo>> adapterClasses(Path classes) throws IOException {
        Map<String, Map<String, MethodInfo>> all = new TreeMap<>();
        Path root = classes.resolve("io/inboxra/ra");
        try (Stream<Path> files = Files.walk(root)) {
            for (Path file : files.filter(f -> f.toString().endsWith(".class")).sorted().toList()) {
                ClassModel model = ClassFile.of().parse(Files.readAllBytes(file));
                String name = model.thisClass().asInternalName().replace('/', '.');
                Set<String> accessors = new HashSet<>();
                model.findAttribute(java.lang.classfile.Attributes.record()).ifPresent((RecordAttribute r) -> {
                    for (RecordComponentInfo c : r.components()) {
                        accessors.add(c.name().stringValue() + "()" + c.descriptor().stringValue());
                    }
                });
                Map<String, MethodInfo> methods = new HashMap<>();
                for (MethodModel m : model.methods()) {
                    String key = m.methodName().stringValue() + m.methodType().stringValue();
                    methods.put(key, new MethodInfo(m.methodName().stringValue().startsWith("<"),
                            accessors.contains(key), trivialGetter(m)));
                }
                all.put(name, methods);
            }
        }
        return all;
    }

    /** A getter that only reads a field: {@code aload_0, getfield, return} or {@code getstatic, return}. */
    static boolean trivialGetter(MethodModel m) {
        if (!m.methodType().stringValue().startsWith("()")) {
            return false;
        }
        CodeModel code = m.code().orElse(null);
        if (code == null) {
            return false;
        }
        List<Instruction> ins = code.elementStream().filter(e -> e instanceof Instruction).map(e -> (Instruction) e)
                .toList();
        if (ins.size() == 3) {
            return ins.get(0) instanceof LoadInstruction load && load.slot() == 0
                    && ins.get(1) instanceof FieldInstruction f && f.opcode() == Opcode.GETFIELD
                    && ins.get(2) instanceof ReturnInstruction;
        }
        if (ins.size() == 2) {
            return ins.get(0) instanceof FieldInstruction f && f.opcode() == Opcode.GETSTATIC
                    && ins.get(1) instanceof ReturnInstruction;
        }
        return false;
    }

    // ---- count ----

    /** One adapter method entered: when, on which thread, by whom. */
    record Call(Instant start, long thread, String callee, String calleeMethod, String caller, String callerMethod) {
    }

    /** The figures of one delivered row's cycle. */
    record Cycle(int calls, int counted, int hops, int classes, List<Call> hopCalls) {
    }

    /** One side's results: the per-row cycles, the pairs, what other threads did meanwhile. */
    record Side(String label, List<Cycle> cycles, Map<String, Integer> classPairs, Map<String, Integer> methodPairs,
            int otherThreadCalls, int outsideEntries, Map<String, Integer> outsideCallers, int adapterClasses) {
    }

    private static void count(String[] args) throws Exception {
        Path out = Path.of(args[1]);
        int warmUp = Integer.parseInt(args[2]);
        List<Side> sides = new ArrayList<>();
        for (int i = 3; i + 2 < args.length; i += 3) {
            sides.add(side(args[i], Path.of(args[i + 1]), Path.of(args[i + 2]), warmUp));
        }
        String md = markdown(sides, warmUp);
        Files.createDirectories(out.toAbsolutePath().getParent());
        Files.writeString(out, md);
        System.out.print(md);
    }

    private static Side side(String label, Path jfr, Path classes, int warmUp) throws IOException {
        Map<String, Map<String, MethodInfo>> adapter = adapterClasses(classes);
        List<RecordedEvent> marks = new ArrayList<>();
        List<Call> calls = new ArrayList<>();
        try (RecordingFile file = new RecordingFile(jfr)) {
            while (file.hasMoreEvents()) {
                RecordedEvent e = file.readEvent();
                String type = e.getEventType().getName();
                if (type.equals("io.inboxra.bench.hops.Delivered")) {
                    marks.add(e);
                } else if (type.equals("jdk.MethodTrace")) {
                    RecordedMethod m = e.getValue("method");
                    String callee = m.getType().getName();
                    if (!callee.startsWith(ADAPTER)) {
                        continue;
                    }
                    // On JDK 25 the stack trace of a jdk.MethodTrace event starts at the caller:
                    // the traced method's own frame is not in it.
                    String caller = "?";
                    String callerMethod = "?";
                    // A lambda's or method reference's hidden class is skipped: the caller is the
                    // method that called the functional interface.
                    if (e.getStackTrace() != null) {
                        for (RecordedFrame f : e.getStackTrace().getFrames()) {
                            if (!f.getMethod().isHidden()) {
                                caller = f.getMethod().getType().getName();
                                callerMethod = f.getMethod().getName() + f.getMethod().getDescriptor();
                                break;
                            }
                        }
                    }
                    calls.add(new Call(e.getStartTime(), e.getThread() == null ? -1 : e.getThread().getId(), callee,
                            m.getName() + m.getDescriptor(), caller, callerMethod));
                }
            }
        }
        marks.sort(Comparator.comparingLong(e -> e.getLong("row")));
        calls.sort(Comparator.comparing(Call::start));
        if (marks.size() < warmUp + 2) {
            throw new IllegalStateException(label + ": " + jfr + " holds " + marks.size() + " deliveries, fewer than the "
                    + warmUp + " warm-up rows and two more; was it recorded by HopCount run?");
        }
        List<Cycle> cycles = new ArrayList<>();
        Map<String, Integer> classPairs = new HashMap<>();
        Map<String, Integer> methodPairs = new HashMap<>();
        Map<String, Integer> outsideCallers = new HashMap<>();
        int other = 0;
        int outside = 0;
        int next = 0;
        // Cycle k: from the listener call of row k to that of row k + 1, the measured rows only.
        for (int k = warmUp; k + 1 < marks.size(); k++) {
            Instant from = marks.get(k).getStartTime();
            Instant to = marks.get(k + 1).getStartTime();
            long worker = marks.get(k).getThread().getId();
            while (next < calls.size() && calls.get(next).start().isBefore(from)) {
                next++;
            }
            int all = 0;
            int counted = 0;
            List<Call> hops = new ArrayList<>();
            Set<String> entered = new HashSet<>();
            for (int j = next; j < calls.size() && calls.get(j).start().isBefore(to); j++) {
                Call c = calls.get(j);
                if (c.thread() != worker) {
                    other++;
                    continue;
                }
                all++;
                MethodInfo info = adapter.getOrDefault(c.callee(), Map.of()).get(c.calleeMethod());
                if (info != null && info.excluded()) {
                    continue;
                }
                counted++;
                entered.add(c.callee());
                if (!c.caller().startsWith(ADAPTER)) {
                    outside++;
                    outsideCallers.merge(c.caller() + " -> " + simple(c.callee()) + "." + name(c.calleeMethod()), 1,
                            Integer::sum);
                } else if (!c.caller().equals(c.callee())) {
                    hops.add(c);
                    classPairs.merge(simple(c.caller()) + " -> " + simple(c.callee()), 1, Integer::sum);
                    methodPairs.merge(simple(c.caller()) + "." + name(c.callerMethod()) + " -> " + simple(c.callee())
                            + "." + name(c.calleeMethod()), 1, Integer::sum);
                }
            }
            cycles.add(new Cycle(all, counted, hops.size(), entered.size(), hops));
        }
        return new Side(label, cycles, classPairs, methodPairs, other, outside, outsideCallers, adapter.size());
    }

    private static String simple(String className) {
        return className.substring(className.lastIndexOf('.') + 1);
    }

    private static String name(String methodWithDescriptor) {
        return methodWithDescriptor.substring(0, methodWithDescriptor.indexOf('('));
    }

    // ---- the report ----

    private static String markdown(List<Side> sides, int warmUp) {
        StringBuilder md = new StringBuilder();
        int rows = sides.get(0).cycles().size();
        md.append(String.format(Locale.ROOT, "Hops of one row lock delivery: the bench's row lock subject on PostgreSQL,"
                + " 1 worker, batchSize 1, a container transaction per row (Narayana), %,d rows measured after %,d"
                + " warm-up rows, every class of the adapter (io.inboxra.ra.*) traced by JFR (JDK 25 method tracing)."
                + " Per row: from one listener call to the next on the worker's thread. A hop is a call from a method"
                + " of one adapter class into a method of another; constructors, record accessors and trivial getters"
                + " are not counted, nor in the classes entered. \"All calls\" counts every adapter method entered,"
                + " those included.%n%n", rows, warmUp));
        md.append("| tree | rows | hops per row (median [min–max]) | classes entered | all adapter calls | calls without"
                + " constructors, accessors, getters | entries from outside the adapter | calls on other threads, per row"
                + " |\n|---|---|---|---|---|---|---|---|\n");
        for (Side s : sides) {
            md.append(String.format(Locale.ROOT, "| %s | %,d | %s | %s | %s | %s | %.1f | %.2f |%n", s.label(),
                    s.cycles().size(), stat(s, Cycle::hops), stat(s, Cycle::classes), stat(s, Cycle::calls),
                    stat(s, Cycle::counted), (double) s.outsideEntries() / s.cycles().size(),
                    (double) s.otherThreadCalls() / s.cycles().size()));
        }
        for (Side s : sides) {
            int n = s.cycles().size();
            md.append("\n## ").append(s.label()).append("\n\n");
            md.append(String.format(Locale.ROOT, "%d adapter classes traced. Top caller -> callee pairs, hops per row:%n%n"
                    + "| caller class -> callee class | per row |%n|---|---|%n", s.adapterClasses()));
            top(s.classPairs(), 15).forEach((k, v) -> md.append(String.format(Locale.ROOT, "| %s | %.2f |%n", k,
                    (double) v / n)));
            md.append("\n| caller method -> callee method | per row |\n|---|---|\n");
            top(s.methodPairs(), 20).forEach((k, v) -> md.append(String.format(Locale.ROOT, "| %s | %.2f |%n", k,
                    (double) v / n)));
            if (!s.outsideCallers().isEmpty()) {
                md.append("\nEntries into the adapter from outside it (the caller frame is not an adapter class), per row:"
                        + "\n\n| caller -> callee | per row |\n|---|---|\n");
                top(s.outsideCallers(), 10).forEach((k, v) -> md.append(String.format(Locale.ROOT, "| %s | %.2f |%n", k,
                        (double) v / n)));
            }
            Cycle typical = s.cycles().stream().filter(c -> c.hops() == median(s, Cycle::hops)).findFirst()
                    .orElse(s.cycles().get(0));
            md.append(String.format(Locale.ROOT, "%nThe hops of one row with the median count (%d), in order:%n%n",
                    typical.hops()));
            int i = 1;
            for (Call c : typical.hopCalls()) {
                md.append(String.format(Locale.ROOT, "%d. %s.%s -> %s.%s%n", i++, simple(c.caller()),
                        name(c.callerMethod()), simple(c.callee()), name(c.calleeMethod())));
            }
        }
        return md.toString();
    }

    private static Map<String, Integer> top(Map<String, Integer> counts, int n) {
        Map<String, Integer> top = new LinkedHashMap<>();
        counts.entrySet().stream().sorted(Map.Entry.<String, Integer>comparingByValue().reversed()
                .thenComparing(Map.Entry.comparingByKey())).limit(n).forEach(e -> top.put(e.getKey(), e.getValue()));
        return top;
    }

    private static int median(Side s, java.util.function.ToIntFunction<Cycle> f) {
        int[] v = s.cycles().stream().mapToInt(f).sorted().toArray();
        return v[v.length / 2];
    }

    private static String stat(Side s, java.util.function.ToIntFunction<Cycle> f) {
        int[] v = s.cycles().stream().mapToInt(f).sorted().toArray();
        return String.format(Locale.ROOT, "%d [%d–%d]", v[v.length / 2], v[0], v[v.length - 1]);
    }
}
