package io.inboxra.soak;

import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * One Payara Micro of the soak, a child process with a root folder of its own. The first boot
 * runs the pre-boot commands (automatic recovery on, the effects' XA pool) and deploys the RAR and
 * the soak WAR; a restart after a kill -9 passes the same {@code --rootDir} and port and deploys
 * nothing, so the kept deployments start before Payara's recovery pass (docs/servers.md).
 */
final class PayaraInstance {

    private static final Duration BOOT = Duration.ofMinutes(4);

    final int number;
    private final Path dir;
    private final int httpPort;
    private final List<String> jvmOptions;
    private final Path microJar;
    private final List<String> firstBoot;
    private final Path driver;
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
    /** The console lines that say the instance is up, and the application path that must answer then (null: none). */
    private final List<String> readyLines;
    private final String readyPath;
    private final String name;
    private final long pollMillis;
    private volatile Process process;
    private volatile Path console;
    private int boots;

    PayaraInstance(int number, Path dir, List<String> jvmOptions, Path microJar, Path driver, List<String> firstBoot)
            throws IOException {
        this(number, dir, jvmOptions, microJar, driver, firstBoot, "soak-",
                List.of("Inbox subscription 'SoakXa' delivers rows", "Inbox subscription 'SoakShared' delivers rows"),
                "/soak/api/stats", 500);
    }

    /**
     * @param readyLines what the console must show before {@link #boot} returns
     * @param readyPath  an application path that must answer a POST with 200 then, or null to ask nothing
     *                   (the end-to-end run: its cold start must find the application untouched)
     * @param pollMillis how often the console is read while booting
     */
    PayaraInstance(int number, Path dir, List<String> jvmOptions, Path microJar, Path driver, List<String> firstBoot,
            String name, List<String> readyLines, String readyPath, long pollMillis) throws IOException {
        this.name = name;
        this.readyLines = readyLines;
        this.readyPath = readyPath;
        this.pollMillis = pollMillis;
        this.number = number;
        this.dir = dir;
        this.jvmOptions = jvmOptions;
        this.microJar = microJar;
        this.driver = driver;
        this.firstBoot = firstBoot;
        try (ServerSocket free = new ServerSocket(0)) {
            this.httpPort = free.getLocalPort();
        }
        Files.createDirectories(dir);
    }

    /** Starts the server and waits until both subscriptions deliver. */
    void boot() throws IOException, InterruptedException {
        boots++;
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx384m"));
        command.addAll(jvmOptions);
        command.addAll(List.of("-jar", microJar.toString(), "--nocluster", "--rootDir", dir.resolve("root").toString(),
                "--name", name + number, "--port", String.valueOf(httpPort), "--addLibs", driver.toString()));
        if (boots == 1) {
            command.addAll(firstBoot);
        }
        Path console = dir.resolve("console-" + boots + ".log");
        this.console = console;
        process = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(console.toFile()).start();
        Process started = process;
        Runtime.getRuntime().addShutdownHook(new Thread(started::destroyForcibly));
        long deadline = System.nanoTime() + BOOT.toNanos();
        while (true) {
            String log = Files.readString(console, StandardCharsets.UTF_8);
            if (readyLines.stream().allMatch(log::contains) && (readyPath == null || answers())) {
                return;
            }
            if (!started.isAlive()) {
                throw new IllegalStateException("instance " + number + " ended (exit " + started.exitValue()
                        + ") before its subscriptions ran; console: " + console);
            }
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException("instance " + number + " did not run its subscriptions within " + BOOT
                        + "; console: " + console);
            }
            Thread.sleep(pollMillis);
        }
    }

    /** @return the console of the latest boot */
    Path console() {
        return console;
    }

    int httpPort() {
        return httpPort;
    }

    /** kill -9: nothing of the server runs after this. */
    void kill() throws InterruptedException {
        Process p = process;
        if (p != null) {
            p.destroyForcibly();
            p.waitFor();
        }
    }

    /** An orderly stop (SIGTERM), a kill after 30 s. */
    void stop() throws InterruptedException {
        Process p = process;
        if (p != null && p.isAlive()) {
            p.destroy();
            if (!p.waitFor(30, java.util.concurrent.TimeUnit.SECONDS)) {
                kill();
            }
        }
    }

    boolean alive() {
        Process p = process;
        return p != null && p.isAlive();
    }

    long pid() {
        Process p = process;
        return p == null ? -1 : p.pid();
    }

    int boots() {
        return boots;
    }

    /** Whether the soak application answers (its first request starts JAX-RS: a sample, its figures thrown away). */
    private boolean answers() throws InterruptedException {
        try {
            return http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + httpPort + readyPath))
                    .timeout(Duration.ofSeconds(30)).POST(HttpRequest.BodyPublishers.noBody()).build(),
                    HttpResponse.BodyHandlers.ofString()).statusCode() == 200;
        } catch (IOException e) {
            return false;
        }
    }

    /** @return the soak application's figures since the last sample, empty when it does not answer */
    Optional<String> sample() {
        try {
            HttpResponse<String> r = http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + httpPort + "/soak/api/stats"))
                    .timeout(Duration.ofSeconds(5)).POST(HttpRequest.BodyPublishers.noBody()).build(),
                    HttpResponse.BodyHandlers.ofString());
            return r.statusCode() == 200 ? Optional.of(r.body()) : Optional.empty();
        } catch (IOException e) {
            return Optional.empty();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Optional.empty();
        }
    }
}
