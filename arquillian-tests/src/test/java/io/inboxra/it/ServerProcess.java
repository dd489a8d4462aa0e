package io.inboxra.it;

import io.inboxra.harness.Await;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A server of the test's own in a child process (the Arquillian container cannot be killed and
 * started again on the same files): a Payara Micro ({@link #startPayara}), a WildFly
 * ({@link WildFlyProcess}) or an Open Liberty ({@link LibertyProcess}). Its console goes to a file
 * the test reads.
 */
final class ServerProcess {

    private static final int TAIL_LINES = 30;

    /**
     * The JIT options of every server a test starts, its own or Arquillian's (the pom's
     * {@code inbox.test.jvm}: C1 only, which halves a server's start here; nothing a test asserts
     * depends on the JIT).
     */
    static List<String> jitOptions() {
        String options = System.getProperty("inbox.it.serverJvm", "").strip();
        return options.isEmpty() ? List.of() : List.of(options.split("\\s+"));
    }

    private final Process process;
    private final Path console;
    private final Duration stopWithin;
    private final long started = System.nanoTime();

    private ServerProcess(Process process, Path console, Duration stopWithin) {
        this.process = process;
        this.console = console;
        this.stopWithin = stopWithin;
    }

    /**
     * @param jvmOptions options of the child JVM (system properties)
     * @param microOptions Payara Micro's own options
     * @param console where its standard output and error go
     */
    static ServerProcess startPayara(List<String> jvmOptions, List<String> microOptions, Path console) throws IOException {
        List<String> arguments = new ArrayList<>();
        arguments.add("-Xmx768m");
        arguments.addAll(jitOptions());
        arguments.addAll(jvmOptions);
        arguments.add("-jar");
        arguments.add(System.getProperty("payara.microJar"));
        arguments.addAll(microOptions);
        return startJava(arguments, console);
    }

    /** Starts this JVM's {@code java} with the arguments (also WildFly's, see {@link WildFlyProcess}). */
    static ServerProcess startJava(List<String> arguments, Path console) throws IOException {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(arguments);
        return start(new ProcessBuilder(command), console, Duration.ofSeconds(30));
    }

    /**
     * @param builder the server's command, its output sent here to {@code console}
     * @param stopWithin how long {@link #stop} waits for an orderly stop before it kills
     */
    static ServerProcess start(ProcessBuilder builder, Path console, Duration stopWithin) throws IOException {
        Process process = builder.redirectErrorStream(true).redirectOutput(console.toFile()).start();
        // A test JVM that ends early (a failure, Ctrl-C) leaves no server behind.
        Runtime.getRuntime().addShutdownHook(new Thread(process::destroyForcibly));
        return new ServerProcess(process, console, stopWithin);
    }

    /** @return what the server has printed so far */
    String log() {
        try {
            return Files.readString(console, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new IllegalStateException("cannot read " + console, e);
        }
    }

    /** Waits until the console shows {@code text}; fails early if the server ends first. */
    void awaitLog(String text, Duration timeout) throws Exception {
        try {
            Await.until("the server logs '" + text + "' (console: " + console + ")", timeout, () -> {
                if (log().contains(text)) {
                    return true;
                }
                if (!process.isAlive()) {
                    throw new AssertionError("the server ended (exit " + process.exitValue() + ") before it logged '"
                            + text + "'; console: " + console);
                }
                return false;
            });
        } catch (AssertionError e) {
            // CI keeps only the report: the console's end goes into it, or the failure cannot be read.
            throw new AssertionError(e.getMessage() + "; the console ends with:\n" + tail() + "\n" + stuckThreads(), e);
        }
    }

    /**
     * A server that neither starts nor ends is stuck somewhere: the stacks of its main thread (which
     * deploys) and of its transaction recovery's threads, from {@code jcmd Thread.print}.
     */
    String stuckThreads() {
        return threads("the server's main and recovery threads",
                thread -> thread.startsWith("\"main\"") || thread.contains("Recovery"));
    }

    /**
     * A row not delivered in time: the stacks of the threads in the adapter's code (its workers,
     * and the container's threads that run its MDBs).
     */
    String adapterThreads() {
        return threads("the server's threads in the adapter", thread -> thread.contains("io.inboxra."));
    }

    private String threads(String title, java.util.function.Predicate<String> which) {
        if (!process.isAlive()) {
            return "";
        }
        Path jcmd = Path.of(System.getProperty("java.home"), "bin", "jcmd");
        try {
            Process dump = new ProcessBuilder(jcmd.toString(), String.valueOf(process.pid()), "Thread.print")
                    .redirectErrorStream(true).start();
            String threads = new String(dump.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            dump.waitFor(20, TimeUnit.SECONDS);
            StringBuilder stuck = new StringBuilder(title).append(":\n");
            for (String thread : threads.split("\n\n")) {
                if (which.test(thread)) {
                    String[] lines = thread.split("\n");
                    stuck.append(String.join("\n", List.of(lines).subList(0, Math.min(lines.length, 40)))).append("\n");
                }
            }
            return stuck.toString();
        } catch (IOException e) {
            return "(no thread dump: " + e + ")";
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "(no thread dump: interrupted)";
        }
    }

    /** @return the console's last lines, for a failure's message */
    String tail() {
        String[] lines = log().split("\n");
        return String.join("\n", List.of(lines).subList(Math.max(0, lines.length - TAIL_LINES), lines.length));
    }

    /** @return seconds since the JVM was started */
    double seconds() {
        return (System.nanoTime() - started) / 1e9;
    }

    boolean isAlive() {
        return process.isAlive();
    }

    /** @return the exit code, once the server has ended by itself within the timeout */
    int awaitExit(Duration timeout) throws InterruptedException {
        if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
            throw new AssertionError("the server did not end within " + timeout + "; console: " + console
                    + "; it ends with:\n" + tail() + "\n" + stuckThreads());
        }
        return process.exitValue();
    }

    /** SIGKILL: nothing of the server runs after this, not even a shutdown hook. */
    void kill() throws InterruptedException {
        process.destroyForcibly();
        process.waitFor();
    }

    /** An orderly stop (SIGTERM: the server stops its applications) if it comes within a while, a kill otherwise. */
    void stop() throws InterruptedException {
        if (!process.isAlive()) {
            return;
        }
        process.destroy();
        if (!process.waitFor(stopWithin.toMillis(), TimeUnit.MILLISECONDS)) {
            kill();
        }
    }
}
