package io.inboxra.it;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;

/**
 * An Open Liberty server of the test's own, started by {@code bin/server run}, which execs the server's
 * JVM in its own process (with the JVM options Liberty needs on Java 17): the test holds the server's
 * own process and can kill it. Its console, with the INFO messages, goes to a file the test reads.
 */
final class LibertyProcess {

    private LibertyProcess() {
    }

    /**
     * @param wlpHome the Liberty installation ({@code target/liberty/wlp})
     * @param server  the server's name, a folder of {@code wlpHome/usr/servers}
     * @param console where its standard output and error go
     * @return the process, read and stopped as Payara's is (an orderly stop within 60 s)
     */
    static ServerProcess start(Path wlpHome, String server, Path console) throws IOException {
        ProcessBuilder builder = new ProcessBuilder(wlpHome.resolve("bin").resolve("server").toString(), "run", server)
                .directory(wlpHome.toFile());
        builder.environment().put("JAVA_HOME", System.getProperty("java.home"));
        builder.environment().put("JVM_ARGS", String.join(" ", ServerProcess.jitOptions())
                + " -Xmx512m -Dcom.ibm.ws.logging.console.log.level=INFO");
        return ServerProcess.start(builder, console, Duration.ofSeconds(60));
    }
}
