package io.inboxra.it;

import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

/**
 * Payara Micro's console, as the Arquillian container copies it to this JVM's standard
 * output: kept, so that tests can read what the server logged.
 */
final class ServerLog {

    private static final StringBuffer LOG = new StringBuffer();
    private static boolean capturing;

    private ServerLog() {
    }

    static synchronized void capture() {
        if (capturing) {
            return;
        }
        capturing = true;
        PrintStream original = System.out;
        System.setOut(new PrintStream(new OutputStream() {
            @Override
            public void write(int b) {
                original.write(b);
                LOG.append((char) b);
            }

            @Override
            public void write(byte[] b, int off, int len) {
                original.write(b, off, len);
                LOG.append(new String(b, off, len, StandardCharsets.UTF_8));
            }
        }, true, StandardCharsets.UTF_8));
    }

    static String text() {
        return LOG.toString();
    }
}
