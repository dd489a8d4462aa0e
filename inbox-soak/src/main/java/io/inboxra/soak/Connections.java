package io.inboxra.soak;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The adapter's database connections per process: the established TCP connections to the proxy's
 * port, by owning process, as {@code ss -tnp} shows them. Only the adapter goes through the proxy
 * (its subscriptions and its producer factory); the effects' pool goes straight to the database.
 */
final class Connections {

    private static final Pattern PID = Pattern.compile("pid=(\\d+)");

    private Connections() {
    }

    static Map<Long, Integer> byProcess(int proxyPort) {
        Map<Long, Integer> counts = new HashMap<>();
        try {
            Process ss = new ProcessBuilder("ss", "-Htnp", "state", "established", "( dport = :" + proxyPort + " )")
                    .redirectErrorStream(true).start();
            String out = new String(ss.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            ss.waitFor();
            for (String line : out.split("\n")) {
                Matcher m = PID.matcher(line);
                if (m.find()) {
                    counts.merge(Long.parseLong(m.group(1)), 1, Integer::sum);
                }
            }
        } catch (IOException e) {
            throw new IllegalStateException("cannot run ss -tnp to count the adapter's connections", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return counts;
    }
}
