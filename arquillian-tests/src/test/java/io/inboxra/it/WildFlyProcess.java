package io.inboxra.it;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * A WildFly of the test's own, in a child JVM started as {@code standalone.sh} would start it (the
 * same options as Arquillian's managed container), on a server base folder of its own that keeps
 * its configuration, its deployments and its transaction log from one start to the next.
 */
final class WildFlyProcess {

    private WildFlyProcess() {
    }

    /**
     * @param base the server's base folder (configuration, deployments, data)
     * @param jvmOptions more options of the child JVM (system properties)
     * @param console where its standard output and error go
     * @return the process, read and stopped as Payara's is
     */
    static ServerProcess start(Path base, List<String> jvmOptions, Path console) throws IOException {
        Path home = WildFly.home();
        List<String> command = new ArrayList<>(List.of("-D[Standalone]", "-Xmx768m"));
        command.addAll(ServerProcess.jitOptions());
        command.addAll(jvmOptions);
        command.addAll(List.of(
                "--add-exports=java.desktop/sun.awt=ALL-UNNAMED",
                "--add-exports=java.naming/com.sun.jndi.ldap=ALL-UNNAMED",
                "--add-exports=java.naming/com.sun.jndi.url.ldap=ALL-UNNAMED",
                "--add-exports=java.naming/com.sun.jndi.url.ldaps=ALL-UNNAMED",
                "--add-exports=jdk.naming.dns/com.sun.jndi.dns=ALL-UNNAMED",
                "--add-opens=java.base/java.lang=ALL-UNNAMED",
                "--add-opens=java.base/java.lang.invoke=ALL-UNNAMED",
                "--add-opens=java.base/java.lang.reflect=ALL-UNNAMED",
                "--add-opens=java.base/java.io=ALL-UNNAMED",
                "--add-opens=java.base/java.net=ALL-UNNAMED",
                "--add-opens=java.base/java.security=ALL-UNNAMED",
                "--add-opens=java.base/java.util=ALL-UNNAMED",
                "--add-opens=java.base/java.util.concurrent=ALL-UNNAMED",
                "--add-opens=java.management/javax.management=ALL-UNNAMED",
                "--add-opens=java.naming/javax.naming=ALL-UNNAMED",
                "--add-modules=java.se",
                "-Djboss.home.dir=" + home,
                "-Djboss.server.base.dir=" + base,
                "-Dorg.jboss.boot.log.file=" + base.resolve("log").resolve("server.log"),
                "-Dlogging.configuration=file:" + base.resolve("configuration").resolve("logging.properties"),
                "-jar", home.resolve("jboss-modules.jar").toString(),
                "-mp", home.resolve("modules").toString(),
                "org.jboss.as.standalone", "-c=standalone-full.xml"));
        return ServerProcess.startJava(command, console);
    }
}
