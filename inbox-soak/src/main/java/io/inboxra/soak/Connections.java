package io.inboxra.soak;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.sql.SQLException;
import java.util.HashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The database connections of each process through the proxy (only the adapter goes through it;
 * the effects' pool goes straight to the database), by owner. {@code ss -tnp} gives each
 * process's established connections to the proxy's port, the proxy pairs each with its connection
 * to the database, and the database names the session at the other end: a subscription's
 * ({@code inbox-ra:<subscription>}: its workers', listener's and recovery's, which the adapter
 * opens and replaces itself) or the producer factory's ({@code inbox-ra:producer}: the
 * connections of the server's pool for {@code java:app/inbox/producers}, which the server opens,
 * keeps and replaces by its own pool settings). On MariaDB, whose sessions carry no name, every
 * connection counts as a subscription's and the producer pool's count is unknown.
 */
final class Connections {

    private static final Pattern PID = Pattern.compile("pid=(\\d+)");
    private static final String PRODUCER = "inbox-ra:producer";

    /**
     * One process's connections through the proxy.
     *
     * @param total every established one
     * @param subscriptions the subscriptions' (on MariaDB: every one)
     * @param producerPool the server's pool of the producer factory ({@code NaN} on MariaDB)
     */
    record Owned(double total, double subscriptions, double producerPool) {
        static final Owned NONE = new Owned(0, 0, 0);
    }

    private Connections() {
    }

    static Map<Long, Owned> byProcess(HalfOpenProxy proxy, SoakDatabase db) {
        Map<Integer, Integer> backendByClient = proxy.backendPortsByClientPort();
        Map<Integer, String> names;
        try {
            names = db.applicationNames(backendByClient.values());
        } catch (SQLException e) {
            names = Map.of();
        }
        boolean named = db.postgres();
        Map<Long, int[]> counts = new HashMap<>();
        for (String line : ss(proxy.port()).split("\n")) {
            Matcher m = PID.matcher(line);
            if (!m.find()) {
                continue;
            }
            int[] c = counts.computeIfAbsent(Long.parseLong(m.group(1)), pid -> new int[3]);
            c[0]++;
            // -H, state established: Recv-Q Send-Q Local:Port Peer:Port Process
            String[] fields = line.trim().split("\\s+");
            String local = fields.length > 2 ? fields[2] : "";
            Integer backend = backendByClient.get(port(local));
            String name = backend == null ? null : names.get(backend);
            if (!named) {
                c[1]++;
            } else if (PRODUCER.equals(name)) {
                c[2]++;
            } else if (name != null && name.startsWith("inbox-ra:")) {
                c[1]++;
            }
            // Else no session yet at the other end (a connection the half-open proxy holds in its handshake).
        }
        Map<Long, Owned> owned = new HashMap<>();
        counts.forEach((pid, c) -> owned.put(pid, new Owned(c[0], c[1], named ? c[2] : Double.NaN)));
        return owned;
    }

    private static int port(String address) {
        try {
            return Integer.parseInt(address.substring(address.lastIndexOf(':') + 1));
        } catch (NumberFormatException e) {
            return -1;
        }
    }

    private static String ss(int proxyPort) {
        try {
            Process ss = new ProcessBuilder("ss", "-Htnp", "state", "established", "( dport = :" + proxyPort + " )")
                    .redirectErrorStream(true).start();
            String out = new String(ss.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            ss.waitFor();
            return out;
        } catch (IOException e) {
            throw new IllegalStateException("cannot run ss -tnp to count the adapter's connections", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "";
        }
    }
}
