package io.inboxra.soak;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * The adapter's way to its database: a TCP proxy on a port of its own, in front of the real one.
 * {@link #halfOpen()} stops it forwarding, in both directions, on every connection, open or new,
 * without closing any (what a failover or a NAT or firewall dropping the flows does); {@link
 * #heal()} closes what was cut off then (the database's sessions end, the clients' sockets fail)
 * and forwards new connections again. The local ports of its connections to the database name the
 * adapter's backends there ({@link #backendPorts()}).
 */
final class HalfOpenProxy implements AutoCloseable {

    private static final Logger LOG = Logger.getLogger(HalfOpenProxy.class.getName());

    private final int target;
    private final ServerSocket listening;
    private final List<Link> links = new CopyOnWriteArrayList<>();
    private volatile boolean cut;

    /** One client's connection and its connection to the database. */
    private record Link(Socket client, Socket database, AtomicBoolean cutOff) {
    }

    HalfOpenProxy(int target) throws IOException {
        this.target = target;
        this.listening = new ServerSocket(0, 100, InetAddress.getLoopbackAddress());
        Thread accept = new Thread(this::accept, "soak-proxy-accept");
        accept.setDaemon(true);
        accept.start();
    }

    int port() {
        return listening.getLocalPort();
    }

    /** @return the database side's local ports of the connections forwarded now: the adapter's backends */
    Set<Integer> backendPorts() {
        Set<Integer> ports = ConcurrentHashMap.newKeySet();
        for (Link l : links) {
            if (!l.database.isClosed()) {
                ports.add(l.database.getLocalPort());
            }
        }
        return ports;
    }

    /**
     * @return for each connection forwarded now, the client's port (the instance's end of it, as
     *         {@code ss} shows it) and the database side's local port (the session's client port
     *         there): what names the owner of each of an instance's connections
     */
    Map<Integer, Integer> backendPortsByClientPort() {
        Map<Integer, Integer> ports = new HashMap<>();
        for (Link l : links) {
            if (!l.database.isClosed()) {
                ports.put(l.client.getPort(), l.database.getLocalPort());
            }
        }
        return ports;
    }

    /** Nothing is forwarded from now on, and nothing closed. @return the connections cut off */
    int halfOpen() {
        cut = true;
        for (Link l : links) {
            l.cutOff.set(true);
        }
        return links.size();
    }

    /** Closes every connection cut off, and forwards new ones again. */
    void heal() {
        cut = false;
        for (Link l : links) {
            if (l.cutOff.get()) {
                close(l);
            }
        }
    }

    private void accept() {
        while (!listening.isClosed()) {
            Socket client;
            try {
                client = listening.accept();
            } catch (IOException e) {
                return;
            }
            try {
                Socket database = new Socket(InetAddress.getLoopbackAddress(), target);
                Link link = new Link(client, database, new AtomicBoolean(cut));
                links.add(link);
                pipe(link, client, database);
                pipe(link, database, client);
            } catch (IOException e) {
                // The database is down (restarting): the client sees its connection closed, as it would.
                LOG.log(Level.FINE, "soak proxy: no connection to the database", e);
                closeQuietly(client);
            }
        }
    }

    private void pipe(Link link, Socket from, Socket to) throws IOException {
        InputStream in = from.getInputStream();
        OutputStream out = to.getOutputStream();
        Thread copy = new Thread(() -> {
            byte[] buffer = new byte[65536];
            try {
                int n;
                while ((n = in.read(buffer)) >= 0) {
                    if (!link.cutOff.get()) {
                        out.write(buffer, 0, n);
                        out.flush();
                    }
                }
            } catch (IOException e) {
                // One side closed, or heal() closed both.
            }
            // A cut-off link's other end hears nothing until heal().
            if (!link.cutOff.get()) {
                close(link);
            }
        }, "soak-proxy-pipe");
        copy.setDaemon(true);
        copy.start();
    }

    private void close(Link l) {
        closeQuietly(l.client);
        closeQuietly(l.database);
        links.remove(l);
    }

    private static void closeQuietly(Socket s) {
        try {
            s.close();
        } catch (IOException e) {
            // Closed already.
        }
    }

    @Override
    public void close() throws IOException {
        listening.close();
        for (Link l : links) {
            close(l);
        }
    }
}
