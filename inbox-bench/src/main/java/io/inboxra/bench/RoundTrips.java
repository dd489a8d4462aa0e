package io.inboxra.bench;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Round trips counted on the wire: a TCP forwarder in this JVM between the JDBC drivers and the
 * database. One round trip is a burst of the client's bytes followed by the server's reply,
 * however many reads either takes; server messages nobody asked for (a notice) count nothing.
 * A pipelined statement batch the driver sends in one burst is one trip, as the client waits once.
 *
 * <p>It costs CPU and latency per trip, so the bench runs subjects through it only to count
 * trips, never while it times them.
 */
final class RoundTrips implements AutoCloseable {

    private static final Pattern HOST_PORT = Pattern.compile("//([^/:?]+):(\\d+)");

    private final ServerSocket server;
    private final int target;
    private final AtomicLong trips = new AtomicLong();
    private final List<Socket> sockets = new CopyOnWriteArrayList<>();

    /** Listens on a free port of 127.0.0.1 and forwards every connection to {@code target} there. */
    RoundTrips(int target) throws IOException {
        this.target = target;
        this.server = new ServerSocket(0, 100, InetAddress.getLoopbackAddress());
        Thread accept = new Thread(this::accept, "round-trips-accept-" + server.getLocalPort());
        accept.setDaemon(true);
        accept.start();
    }

    /** A forwarder to the port of {@code jdbcUrl} (which must name one: {@code //host:port}). */
    static RoundTrips to(String jdbcUrl) throws IOException {
        Matcher m = HOST_PORT.matcher(jdbcUrl);
        if (!m.find()) {
            throw new IllegalArgumentException("cannot count round trips to " + jdbcUrl
                    + ": the URL names no port (//host:port)");
        }
        return new RoundTrips(Integer.parseInt(m.group(2)));
    }

    /** @return {@code jdbcUrl} pointed at this forwarder instead of the database */
    String route(String jdbcUrl) {
        Matcher m = HOST_PORT.matcher(jdbcUrl);
        if (!m.find() || Integer.parseInt(m.group(2)) != target) {
            throw new IllegalArgumentException(jdbcUrl + " does not point at port " + target);
        }
        return m.replaceFirst("//127.0.0.1:" + server.getLocalPort());
    }

    /** @return the round trips of every connection so far */
    long count() {
        return trips.get();
    }

    private void accept() {
        while (!server.isClosed()) {
            try {
                Socket client = server.accept();
                Socket database = new Socket(InetAddress.getLoopbackAddress(), target);
                client.setTcpNoDelay(true);
                database.setTcpNoDelay(true);
                sockets.add(client);
                sockets.add(database);
                AtomicBoolean asked = new AtomicBoolean();
                pipe(client.getInputStream(), database.getOutputStream(), asked, false);
                pipe(database.getInputStream(), client.getOutputStream(), asked, true);
            } catch (IOException e) {
                // The forwarder was closed: no more connections.
            }
        }
    }

    /**
     * Copies one direction. The client's side marks the connection as waiting before it passes
     * its bytes on (so a reply cannot overtake the mark); the server's side counts a trip at the
     * first bytes after a mark.
     */
    private void pipe(InputStream in, OutputStream out, AtomicBoolean asked, boolean reply) {
        Thread copy = new Thread(() -> {
            byte[] buffer = new byte[65536];
            try (in; out) {
                int n;
                while ((n = in.read(buffer)) >= 0) {
                    if (!reply) {
                        asked.set(true);
                    } else if (asked.getAndSet(false)) {
                        trips.incrementAndGet();
                    }
                    out.write(buffer, 0, n);
                    out.flush();
                }
            } catch (IOException e) {
                // One side closed the connection: closing both streams ends the other direction too.
            }
        }, "round-trips-pipe");
        copy.setDaemon(true);
        copy.start();
    }

    @Override
    public void close() throws IOException {
        server.close();
        for (Socket s : sockets) {
            s.close();
        }
    }
}
