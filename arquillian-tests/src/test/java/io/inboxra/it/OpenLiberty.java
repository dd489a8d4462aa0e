package io.inboxra.it;


import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * Liberty's side of the differences of {@link Server}. The server is {@code src/test/liberty/server/server.xml}
 * (copied to {@code target/liberty/wlp/usr/servers/inbox-it}): the RAR as a standalone
 * {@code <resourceAdapter id="inbox-rar">}, an {@code <activationSpec>} for each MDB of the
 * test's WAR, the JDBC drivers as the library {@code jdbc-drivers}; Arquillian declares each
 * test WAR there with {@code src/test/liberty/classloader.xml}'s class provider.
 */
final class OpenLiberty {

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

    /**
     * A WAR's {@code WEB-INF/ibm-ejb-jar-ext.xml} that gives one MDB's container transactions
     * (the delivery's, begun in {@code beforeDelivery}) a timeout of their own: Liberty's
     * {@code <global-transaction transaction-time-out>}, in place of the server's
     * {@code <transaction totalTranLifetimeTimeout>} for that bean.
     */
    static String transactionTimeout(String bean, int seconds) {
        return transactionTimeout(seconds, bean);
    }

    /** As {@link #transactionTimeout(String, int)}, for several MDBs of one application. */
    static String transactionTimeout(int seconds, String... beans) {
        StringBuilder mdbs = new StringBuilder();
        for (String bean : beans) {
            mdbs.append("""
                      <message-driven name="%s">
                        <global-transaction transaction-time-out="%d"/>
                      </message-driven>
                    """.formatted(bean, seconds));
        }
        return """
                <?xml version="1.0" encoding="UTF-8"?>
                <ejb-jar-ext xmlns="http://websphere.ibm.com/xml/ns/javaee"
                             xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"
                             xsi:schemaLocation="http://websphere.ibm.com/xml/ns/javaee http://websphere.ibm.com/xml/ns/javaee/ibm-ejb-jar-ext_1_1.xsd"
                             version="1.1">
                %s</ejb-jar-ext>
                """.formatted(mdbs);
    }
}
