package io.inboxra.harness;

import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;

/** A {@link ChildServer} JVM, started and killed by a test. */
public final class ChildProcess implements AutoCloseable {

    private final Process process;
    private final List<String> lines = new CopyOnWriteArrayList<>();

    private ChildProcess(Process process) {
        this.process = process;
        Thread reader = new Thread(() -> {
            try (BufferedReader in = new BufferedReader(new InputStreamReader(process.getInputStream(),
                    StandardCharsets.UTF_8))) {
                String line;
                while ((line = in.readLine()) != null) {
                    lines.add(line);
                }
            } catch (IOException e) {
                // the process died: that is what these tests do to it
            }
        }, "child-output");
        reader.setDaemon(true);
        reader.start();
    }

    /** Starts a child server with the given arguments and waits until its subscription is active. */
    public static ChildProcess start(Map<String, String> arguments, File log) throws Exception {
        return start(arguments, log, Map.of());
    }

    /**
     * As {@link #start(Map, File)}, with system properties of the child's JVM: {@code inbox.harness.node}
     * and {@code inbox.harness.store} make it the same transaction manager as an earlier child's.
     */
    public static ChildProcess start(Map<String, String> arguments, File log, Map<String, String> system)
            throws Exception {
        List<String> command = new ArrayList<>(List.of(Path.java(), "-cp", System.getProperty("java.class.path")));
        if (!system.containsKey("inbox.harness.node")) {
            command.add("-Dinbox.harness.node=child" + ProcessHandle.current().pid() + "-" + System.nanoTime() % 100000);
        }
        // The child connects to MariaDB as its parent's adapter user: the parent's test counts and kills its connections.
        String mariaDbUser = System.getProperty(TestDatabase.MARIADB_USER_PROPERTY);
        if (mariaDbUser != null && !system.containsKey(TestDatabase.MARIADB_USER_PROPERTY)) {
            command.add("-D" + TestDatabase.MARIADB_USER_PROPERTY + "=" + mariaDbUser);
        }
        system.forEach((k, v) -> command.add("-D" + k + "=" + v));
        command.add(ChildServer.class.getName());
        arguments.forEach((k, v) -> command.add(k + "=" + v));
        Process process = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.appendTo(log)).start();
        ChildProcess child = new ChildProcess(process);
        Await.until("the child server is ready", Duration.ofSeconds(60),
                () -> child.lines.contains("READY") || !process.isAlive());
        // A child halted between the phases may halt before it prints READY: its workers start with the activation.
        if (!process.isAlive() && !child.lines.contains("READY") && process.exitValue() != ChildServer.HALTED) {
            throw new IllegalStateException("the child server died before it was ready; see " + log);
        }
        return child;
    }

    /** @return whether the child printed the line */
    public boolean printed(String line) {
        return lines.contains(line);
    }

    /** @return the ids the child printed as {@code BLOCKED <id>} */
    public List<Long> blocked() {
        return lines.stream().filter(l -> l.startsWith("BLOCKED ")).map(l -> Long.parseLong(l.substring(8))).toList();
    }

    public boolean isAlive() {
        return process.isAlive();
    }

    /** Kills the JVM as {@code kill -9} does, and waits until it is gone. */
    public void kill() throws InterruptedException {
        process.destroyForcibly();
        process.waitFor();
    }

    /** Waits for the JVM to end by itself. */
    public int awaitExit(Duration timeout) throws InterruptedException {
        if (!process.waitFor(timeout.toMillis(), java.util.concurrent.TimeUnit.MILLISECONDS)) {
            throw new AssertionError("the child server did not end within " + timeout);
        }
        return process.exitValue();
    }

    @Override
    public void close() throws InterruptedException {
        if (process.isAlive()) {
            kill();
        }
    }

    private static final class Path {
        static String java() {
            return System.getProperty("java.home") + File.separator + "bin" + File.separator + "java";
        }
    }
}
