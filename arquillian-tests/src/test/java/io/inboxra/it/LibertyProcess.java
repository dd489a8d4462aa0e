package io.inboxra.it;

import io.inboxra.harness.Await;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

/**
 * An Open Liberty server of the test's own, started by {@code bin/server run}, which execs the server's
 * JVM in its own process (with the JVM options Liberty needs on Java 17): the test holds the server's
 * own process and can kill it. Its console, with the INFO messages, goes to a file the test reads.
 */
final class LibertyProcess {

    private final Process process;
    private final Path console;

    private LibertyProcess(Process process, Path console) {
        this.process = process;
        this.console = console;
    }

    /**
     * @param wlpHome the Liberty installation ({@code target/liberty/wlp})
     * @param server  the server's name, a folder of {@code wlpHome/usr/servers}
     * @param console where its standard output and error go
     */
    static LibertyProcess start(Path wlpHome, String server, Path console) throws IOException {
        ProcessBuilder builder = new ProcessBuilder(wlpHome.resolve("bin").resolve("server").toString(), "run", server)
                .directory(wlpHome.toFile()).redirectErrorStream(true).redirectOutput(console.toFile());
        builder.environment().put("JAVA_HOME", System.getProperty("java.home"));
        builder.environment().put("JVM_ARGS", "-Xmx512m -Dcom.ibm.ws.logging.console.log.level=INFO");
        Process process = builder.start();
        // A test JVM that ends early (a failure, Ctrl-C) leaves no server behind.
        Runtime.getRuntime().addShutdownHook(new Thread(process::destroyForcibly));
        return new LibertyProcess(process, console);
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
    }

    boolean isAlive() {
        return process.isAlive();
    }

    /** SIGKILL: nothing of the server runs after this, not even a shutdown hook. */
    void kill() throws InterruptedException {
        process.destroyForcibly();
        process.waitFor();
    }

    /** An orderly stop (SIGTERM: Liberty stops its applications) if it comes within a while, a kill otherwise. */
    void stop() throws InterruptedException {
        if (!process.isAlive()) {
            return;
        }
        process.destroy();
        if (!process.waitFor(60, TimeUnit.SECONDS)) {
            kill();
        }
    }
}
