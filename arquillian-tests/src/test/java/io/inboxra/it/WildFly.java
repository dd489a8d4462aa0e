package io.inboxra.it;


import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/** WildFly's side of the differences of {@link Server}. */
final class WildFly {

    /** What a user adds to a WAR's WEB-INF (or an EJB jar's META-INF) on WildFly. */
    static String jbossEjb3(String enterpriseBeans) {
        return """
                <?xml version="1.0" encoding="UTF-8"?>
                <jboss:ejb-jar xmlns:jboss="urn:jboss:jakartaee:1.0"
                               xmlns="https://jakarta.ee/xml/ns/jakartaee"
                               xmlns:mdb="urn:resource-adapter-binding"
                               version="4.0" impl-version="2.0">
                """ + (enterpriseBeans.isEmpty() ? "" : "  <enterprise-beans>\n" + enterpriseBeans + "  </enterprise-beans>\n")
                + """
                  <assembly-descriptor>
                    <mdb:resource-adapter-binding>
                      <ejb-name>*</ejb-name>
                      <mdb:resource-adapter-name>inbox-rar.rar</mdb:resource-adapter-name>
                    </mdb:resource-adapter-binding>
                  </assembly-descriptor>
                </jboss:ejb-jar>
                """;
    }

    /**
     * Runs one management operation on the running server, through its own CLI (which signs in
     * as the local user, as Arquillian's container does): for settings a deployment cannot make.
     */
    static void cli(String operation) throws IOException, InterruptedException {
        Process cli = new ProcessBuilder(home().resolve("bin").resolve("jboss-cli.sh").toString(), "--connect",
                "--controller=127.0.0.1:10090", "--command=" + operation)
                .redirectErrorStream(true).start();
        String output = new String(cli.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        // An operation (/subsystem=...:op) prints its outcome; a command (deploy, xa-data-source add) prints
        // nothing when it succeeds, and either ends the CLI with a non-zero status when it fails.
        boolean operationFailed = operation.startsWith("/") && !output.contains("\"outcome\" => \"success\"");
        if (cli.waitFor() != 0 || operationFailed) {
            throw new IllegalStateException("WildFly's CLI failed on " + operation + ":\n" + output);
        }
    }

    /** Runs one management operation on a resource that may not be there (a remove of what an earlier run left). */
    static void cliIfPresent(String operation) throws IOException, InterruptedException {
        try {
            cli(operation);
        } catch (IllegalStateException failed) {
            if (!failed.getMessage().contains("WFLYCTL0216")) {   // not "Management resource not found"
                throw failed;
            }
        }
    }

    /** The module dependency on the RAR's deployment ({@code standalone/deployments/inbox-rar.rar}). */
    static final String MANIFEST = "Manifest-Version: 1.0\nDependencies: deployment.inbox-rar.rar\n";

    private WildFly() {
    }

    static Path home() {
        return Path.of(System.getProperty("jboss.home"));
    }

    /**
     * Deploys an archive through the deployment scanner of the running server (as a user
     * copies it into {@code standalone/deployments}); the scanner picks it up within its
     * 5 s interval, and a deployment that fails leaves a {@code .failed} marker, not an error here.
     */
    static void dropIn(Path archive) throws IOException {
        dropIn(archive, archive.getFileName().toString());
    }

    /** As {@link #dropIn(Path)}, under another file name (the deployment's name, a WAR's context root). */
    static void dropIn(Path archive, String name) throws IOException {
        Path deployments = home().resolve("standalone").resolve("deployments");
        for (String marker : new String[] {"", ".failed", ".deployed", ".undeployed", ".isdeploying", ".pending"}) {
            Files.deleteIfExists(deployments.resolve(name + marker));
        }
        Files.copy(archive, deployments.resolve(name), StandardCopyOption.REPLACE_EXISTING);
    }

    /** Waits for the deployment scanner's marker of a dropped-in archive; a {@code .failed} one fails with its reason. */
    static void awaitDeployed(String name) throws Exception {
        Path deployments = home().resolve("standalone").resolve("deployments");
        io.inboxra.harness.Await.until(name + " is deployed", java.time.Duration.ofSeconds(60), () -> {
            Path failed = deployments.resolve(name + ".failed");
            if (Files.exists(failed)) {
                throw new IllegalStateException(name + " failed to deploy: " + Files.readString(failed));
            }
            return Files.exists(deployments.resolve(name + ".deployed"));
        });
    }
}
