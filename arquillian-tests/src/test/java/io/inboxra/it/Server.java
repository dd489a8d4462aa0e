package io.inboxra.it;

import org.jboss.shrinkwrap.api.asset.StringAsset;
import org.jboss.shrinkwrap.api.spec.WebArchive;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

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
}
