package io.inboxra.soak;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;

/**
 * The soak WAR: the classes of {@code io.inboxra.soak.app} and a {@code web.xml} that defines the
 * producer's connection factory on the run's database, through the proxy (the same url and user
 * as the subscriptions, so the shared writer's connection is the claim's own).
 */
final class WarFile {

    private WarFile() {
    }

    static Path write(Path classes, Path war, String url, String user) throws IOException {
        return write(classes, "io/inboxra/soak/app", war, webXml(url, user));
    }

    /**
     * @param pkg    the folder of the application's classes under {@code classes}
     * @param webXml the WAR's {@code web.xml}, or null for none
     */
    static Path write(Path classes, String pkg, Path war, String webXml) throws IOException {
        Path app = classes.resolve(pkg);
        List<Path> files;
        try (Stream<Path> walk = Files.walk(app)) {
            files = walk.filter(Files::isRegularFile).sorted().toList();
        }
        try (OutputStream out = Files.newOutputStream(war); ZipOutputStream zip = new ZipOutputStream(out)) {
            for (Path f : files) {
                zip.putNextEntry(new ZipEntry("WEB-INF/classes/" + classes.relativize(f).toString().replace('\\', '/')));
                zip.write(Files.readAllBytes(f));
                zip.closeEntry();
            }
            if (webXml != null) {
                zip.putNextEntry(new ZipEntry("WEB-INF/web.xml"));
                zip.write(webXml.getBytes(StandardCharsets.UTF_8));
                zip.closeEntry();
            }
        }
        return war;
    }

    private static String webXml(String url, String user) {
        return """
                <?xml version="1.0" encoding="UTF-8"?>
                <web-app xmlns="https://jakarta.ee/xml/ns/jakartaee" version="6.0">
                  <connection-factory>
                    <name>java:app/inbox/producers</name>
                    <interface-name>io.inboxra.producer.InboxProducerFactory</interface-name>
                    <resource-adapter>inbox-rar</resource-adapter>
                    <transaction-support>XATransaction</transaction-support>
                    <property><name>url</name><value>%s</value></property>
                    <property><name>user</name><value>%s</value></property>
                  </connection-factory>
                </web-app>
                """.formatted(url.replace("&", "&amp;"), user);
    }
}
