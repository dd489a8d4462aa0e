package io.inboxra.it;

import java.nio.file.Path;

/**
 * The sample's WAR as it is built for WildFly and Open Liberty,
 * {@code inbox-ejb-sample-wildfly-liberty.war}, deployed beside the test's WAR as the README tells
 * a user to: its tables from its MariaDB script first, the server's XA data source on MariaDB,
 * the subscription's database from the server's system properties {@code invoices.db.*} (the
 * profile's), then the WAR itself. On Payara Micro the test's WAR carries the sample's classes
 * instead, and {@code SampleOnBarePayaraTest} deploys Payara's WAR as it ships.
 */
final class ShippedSample {

    /** The name the WAR is deployed under: its context root, as a user gets it by renaming the file. */
    static final String NAME = "inbox-ejb-sample.war";

    private ShippedSample() {
    }

    static Path war() {
        return BootCommands.dir().resolve("inbox-ejb-sample-wildfly-liberty.war");
    }

    /**
     * WildFly: MariaDB's driver and the WAR dropped into {@code standalone/deployments} (as a user
     * copies them; the build empties that folder, so a later start finds neither), and between them
     * the XA data source {@code java:jboss/datasources/invoices} that the WAR's {@code jboss-web.xml}
     * refers to, by the server's CLI (one an earlier run left is replaced).
     */
    static void deployOnWildFly() throws Exception {
        SampleDatabase.createTables();
        WildFly.dropIn(BootCommands.dir().resolve("mariadb-java-client.jar"));
        WildFly.awaitDeployed("mariadb-java-client.jar");
        WildFly.cliIfPresent("/subsystem=datasources/xa-data-source=invoices:remove");
        WildFly.cli("xa-data-source add --name=invoices --jndi-name=java:jboss/datasources/invoices"
                + " --driver-name=mariadb-java-client.jar --xa-datasource-class=org.mariadb.jdbc.MariaDbDataSource"
                + " --user-name=inbox_sample --password=inbox"
                + " --xa-datasource-properties={\"Url\"=>\"jdbc:mariadb://127.0.0.1:3306/test\"}");
        WildFly.dropIn(war(), NAME);
        WildFly.awaitDeployed(NAME);
    }

    /**
     * WildFly: the data source removed again, which the server keeps in its configuration and
     * {@code CrashRecoveryInWildFlyTest} copies for a server of its own.
     */
    static void undeployFromWildFly() throws Exception {
        WildFly.cliIfPresent("/subsystem=datasources/xa-data-source=invoices:remove");
    }

    /**
     * Open Liberty: the WAR as the server's application {@code inbox-ejb-sample}, with an
     * activation spec for its MDB; its data source {@code jdbc/invoices}, that the WAR's
     * {@code ibm-web-bnd.xml} refers to, and {@code invoices.db.*} are in the test server's
     * {@code server.xml} and {@code jvm.options} ({@code src/test/liberty/server}).
     */
    static void deployOnLiberty() throws Exception {
        SampleDatabase.createTables();
        OpenLiberty.deploy(war(), "inbox-ejb-sample", "IssueInvoice");
    }
}
