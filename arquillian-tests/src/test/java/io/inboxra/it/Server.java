package io.inboxra.it;

import org.jboss.shrinkwrap.api.asset.StringAsset;
import org.jboss.shrinkwrap.api.spec.WebArchive;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * The server the suite runs on, chosen by the Maven profile ({@code -Pwildfly} and
 * {@code -Popenliberty} set the system property {@code inbox.it.server}; Payara Micro otherwise),
 * and the few things the test classes do differently on it. Everything else of a test class is
 * the same on every server.
 */
enum Server {

    PAYARA,
    WILDFLY,
    OPENLIBERTY;

    /** The system property the profiles set, for {@code @DisabledIfSystemProperty} of a test one server cannot run. */
    static final String PROPERTY = "inbox.it.server";

    static Server current() {
        return valueOf(System.getProperty(PROPERTY, "payara").toUpperCase(java.util.Locale.ROOT));
    }

    static boolean wildFly() {
        return current() == WILDFLY;
    }

    static boolean openLiberty() {
        return current() == OPENLIBERTY;
    }

    /**
     * What the server logged so far: Payara's and WildFly's console as the Arquillian container
     * copies it to this JVM's output ({@link ServerLog}, captured from the first deployment on);
     * Liberty's {@code logs/messages.log}, which has every level (its console only the warnings
     * and errors, and Arquillian's Liberty container does not copy it here).
     */
    String log() throws IOException {
        if (this == OPENLIBERTY) {
            Path messages = OpenLiberty.serverDir().resolve("logs").resolve("messages.log");
            return Files.exists(messages) ? Files.readString(messages, java.nio.charset.StandardCharsets.UTF_8) : "";
        }
        return ServerLog.text();
    }

    /**
     * A {@code <message-driven>} element of {@code ejb-jar.xml} (or WildFly's {@code jboss-ejb3.xml})
     * that sets (or replaces) one activation config property: the deployment descriptor overrides
     * the annotation's value (Jakarta EE).
     */
    static String activationProperty(String ejbName, String name, String value) {
        return "    <message-driven>\n      <ejb-name>" + ejbName + "</ejb-name>\n      <activation-config>\n"
                + "        <activation-config-property>\n"
                + "          <activation-config-property-name>" + name + "</activation-config-property-name>\n"
                + "          <activation-config-property-value>" + value + "</activation-config-property-value>\n"
                + "        </activation-config-property>\n      </activation-config>\n    </message-driven>\n";
    }

    /**
     * Binds every MDB of the archive to the adapter as this server wants it: Payara reads the
     * activation property {@code resourceAdapter=inbox-rar} the MDBs carry, and shows a
     * stand-alone RAR's classes to every application. WildFly ignores that property and takes a
     * {@code jboss-ejb3.xml} binding ({@code *}: every MDB of the module), and an application sees
     * the RAR's classes ({@code inbox-api}'s listener interfaces) only with a module dependency on
     * the RAR's deployment, here in the WAR's manifest. Liberty binds each MDB by an
     * {@code <activationSpec id="application/bean">} of its {@code server.xml}, and shows the RAR's
     * classes to an application whose {@code <classloader>} names it as class provider (both in
     * the server's configuration, {@code src/test/liberty}, none in the WAR).
     */
    WebArchive bind(WebArchive war) {
        return bind(war, "");
    }

    /**
     * @param enterpriseBeans WildFly and Liberty: {@code <message-driven>} elements
     *     ({@link #activationProperty}) of WildFly's {@code jboss-ejb3.xml} (activation config that
     *     WildFly substitutes from its system properties, {@code ${key}}) or of the WAR's
     *     {@code ejb-jar.xml} on Liberty (plain values: Liberty substitutes nothing there); ignored on Payara
     */
    WebArchive bind(WebArchive war, String enterpriseBeans) {
        if (this == WILDFLY) {
            war.addAsWebInfResource(new StringAsset(WildFly.jbossEjb3(enterpriseBeans)), "jboss-ejb3.xml");
            war.setManifest(new StringAsset(WildFly.MANIFEST));
        } else if (this == OPENLIBERTY && !enterpriseBeans.isEmpty()) {
            war.addAsWebInfResource(new StringAsset(OpenLiberty.ejbJar(enterpriseBeans)), "ejb-jar.xml");
        }
        return war;
    }

    /**
     * The PostgreSQL driver for the application's own data source: in the WAR on Payara. On
     * WildFly the WAR sees the RAR's copy through its module dependency, and a second copy in the
     * WAR is worse than none: after one test class's WAR with it was undeployed, the next one's
     * subscriptions found "No suitable driver" for PostgreSQL. Liberty loads a data source's
     * driver only from a library of the server the application references ({@code jdbc-drivers}),
     * never from {@code WEB-INF/lib}.
     */
    java.io.File[] postgresDriver() {
        return this != PAYARA ? new java.io.File[0]
                : new java.io.File[] {BootCommands.dir().resolve("postgresql.jar").toFile()};
    }

    /** WildFly's side of the differences. */
    static final class WildFly {

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

    /**
     * Liberty's side of the differences. The server is {@code src/test/liberty/server/server.xml}
     * (copied to {@code target/liberty/wlp/usr/servers/inbox-it}): the RAR as a standalone
     * {@code <resourceAdapter id="inbox-rar">}, an {@code <activationSpec>} for each MDB of the
     * test's WAR, the JDBC drivers as the library {@code jdbc-drivers}; Arquillian declares each
     * test WAR there with {@code src/test/liberty/classloader.xml}'s class provider.
     */
    static final class OpenLiberty {

        private OpenLiberty() {
        }

        /** The running server's folder ({@code wlp/usr/servers/inbox-it}). */
        static Path serverDir() {
            return Path.of(System.getProperty("liberty.itServerDir"));
        }

        /** {@code src/test/liberty}: the Liberty files of the tests. */
        static Path testDir() {
            return Path.of(System.getProperty("liberty.testDir"));
        }

        /** A WAR's {@code WEB-INF/ejb-jar.xml} of {@code <message-driven>} elements. */
        static String ejbJar(String enterpriseBeans) {
            return """
                    <?xml version="1.0" encoding="UTF-8"?>
                    <ejb-jar xmlns="https://jakarta.ee/xml/ns/jakartaee"
                             xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"
                             xsi:schemaLocation="https://jakarta.ee/xml/ns/jakartaee https://jakarta.ee/xml/ns/jakartaee/ejb-jar_4_0.xsd"
                             version="4.0">
                      <enterprise-beans>
                    """ + enterpriseBeans + """
                      </enterprise-beans>
                    </ejb-jar>
                    """;
        }

        /**
         * Deploys a WAR as the running server's application {@code name} (as a user declares one in
         * {@code server.xml}; a dropins application cannot have the class provider): the WAR into
         * the server's {@code apps}, its {@code <application>} with the test WARs' class loader and
         * an {@code <activationSpec>} per MDB into {@code configDropins/overrides/<name>.xml}, which
         * the server reads within its configuration's monitor interval. A deployment that fails
         * shows in the log, not here. The pom deletes both before the next run's server starts.
         *
         * @param beans the MDBs' names, each an {@code InboxListener}
         */
        static void deploy(Path war, String name, String... beans) throws IOException {
            Path apps = Files.createDirectories(serverDir().resolve("apps"));
            Files.copy(war, apps.resolve(name + ".war"), StandardCopyOption.REPLACE_EXISTING);
            StringBuilder config = new StringBuilder("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<server>\n")
                    .append("    <application id=\"").append(name).append("\" name=\"").append(name)
                    .append("\" location=\"").append(name).append(".war\" type=\"war\">\n")
                    .append("        ").append(Files.readString(testDir().resolve("classloader.xml"))
                            .replaceAll("(?s)<!--.*?-->", "").strip()).append("\n")
                    .append("    </application>\n");
            for (String bean : beans) {
                config.append("    <activationSpec id=\"").append(name).append('/').append(bean).append("\">\n")
                        .append("        <properties.inbox-rar.InboxListener/>\n    </activationSpec>\n");
            }
            config.append("</server>\n");
            Path overrides = Files.createDirectories(serverDir().resolve("configDropins").resolve("overrides"));
            Files.writeString(overrides.resolve(name + ".xml"), config);
        }
    }
}
