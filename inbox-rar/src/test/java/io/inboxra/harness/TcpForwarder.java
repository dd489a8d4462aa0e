package io.inboxra.harness;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A database "coming up" on a port of the test's own: until {@link #open()} nothing listens
 * there (connections are refused, as by a database that is down); then every connection is
 * forwarded to the real database. It also counts what the clients send ({@link #requests()}) and
 * the bytes the database sends them ({@link #bytesReceived()}), and can make a half-open network
 * ({@link #freeze()}): the connections open at that moment stop carrying bytes, in both
 * directions, without being closed, while new ones pass.
 */
public final class TcpForwarder implements AutoCloseable {

    private final int port;
    private final int target;
    private final List<Socket> sockets = new CopyOnWriteArrayList<>();
    private final AtomicLong requests = new AtomicLong();
    private final AtomicLong received = new AtomicLong();
    private final AtomicLong accepted = new AtomicLong();
    private final List<Link> links = new CopyOnWriteArrayList<>();
    private volatile ServerSocket server;

    /** One forwarded connection: once frozen, its bytes are dropped and neither end hears of the other's close. */
    private static final class Link {
        /** Read: a pipe passing bytes on (both directions at once); write: the freeze, once none is in flight. */
        private final java.util.concurrent.locks.ReadWriteLock lock = new java.util.concurrent.locks.ReentrantReadWriteLock();
        private volatile boolean frozen;

        boolean frozen() {
            return frozen;
        }

        /** Passes the bytes on unless frozen: nothing passes once {@link #freeze} has returned. */
        void pass(OutputStream out, byte[] buffer, int n) throws IOException {
            lock.readLock().lock();
            try {
                if (!frozen) {
                    out.write(buffer, 0, n);
                    out.flush();
                }
            } finally {
                lock.readLock().unlock();
            }
        }

        /** @return whether it was not frozen before */
        boolean freeze() {
            lock.writeLock().lock();
            try {
                boolean was = frozen;
                frozen = true;
                return !was;
            } finally {
                lock.writeLock().unlock();
            }
        }
    }

    /** @param target the real database's port on 127.0.0.1 */
    public TcpForwarder(int target) throws IOException {
        this.target = target;
        try (ServerSocket free = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            this.port = free.getLocalPort();
        }
    }

    /** @return the port this forwards to, on the loopback address */
    public int target() {
        return target;
    }

    /** @return the port the database "comes up" on */
    public int port() {
        return port;
    }

    /** The database comes up: from now on connections to {@link #port()} reach it. */
    public void open() throws IOException {
        ServerSocket listening = new ServerSocket(port, 50, InetAddress.getLoopbackAddress());
        server = listening;
        Thread accept = new Thread(() -> {
            while (!listening.isClosed()) {
                try {
                    Socket client = listening.accept();
                    accepted.incrementAndGet();
                    Socket database = new Socket(InetAddress.getLoopbackAddress(), target);
                    sockets.add(client);
                    sockets.add(database);
                    Link link = new Link();
                    links.add(link);
                    pipe(link, client.getInputStream(), database.getOutputStream(), requests, new AtomicLong());
                    pipe(link, database.getInputStream(), client.getOutputStream(), new AtomicLong(), received);
                } catch (IOException e) {
                    // Closed: the forwarder ends.
                }
            }
        }, "tcp-forwarder-" + port);
        accept.setDaemon(true);
        accept.start();
    }

    /**
     * @return how many times a client's bytes arrived and were passed on since the forwarder
     *         opened: about one per request, since a driver flushes each statement's messages at once
     */
    public long requests() {
        return requests.get();
    }

    /** @return how many connections clients opened through the forwarder since it opened */
    public long connections() {
        return accepted.get();
    }

    /** @return how many bytes the database sent the clients since the forwarder opened */
    public long bytesReceived() {
        return received.get();
    }

    /**
     * The network stops answering for every connection open now, as a failover or a NAT or
     * firewall dropping the flows does: what either end sends is lost, and neither learns that
     * the other closed (the database keeps its sessions until {@link #close()}). Connections
     * made afterwards pass as before.
     *
     * @return how many connections were frozen
     */
    public int freeze() {
        int frozen = 0;
        for (Link link : links) {
            if (link.freeze()) {
                frozen++;
            }
        }
        links.clear();
        return frozen;
    }

    private void pipe(Link link, InputStream in, OutputStream out, AtomicLong arrivals, AtomicLong bytes) {
        Thread copy = new Thread(() -> {
            try {
                byte[] buffer = new byte[65536];
                int n;
                while ((n = in.read(buffer)) >= 0) {
                    if (!link.frozen()) {
                        arrivals.incrementAndGet();
                        bytes.addAndGet(n);
                    }
                    link.pass(out, buffer, n);
                }
            } catch (IOException e) {
                // One side closed, or the forwarder did.
            }
            if (!link.frozen()) {
                // One side closed: so does the other. A frozen link's other end never hears of it.
                closeQuietly(out);
                closeQuietly(in);
            }
        }, "tcp-forwarder-pipe-" + port);
        copy.setDaemon(true);
        copy.start();
    }

    private static void closeQuietly(java.io.Closeable c) {
        try {
            c.close();
        } catch (IOException e) {
            // Closed already.
        }
    }

    @Override
    public void close() throws IOException {
        if (server != null) {
            server.close();
        }
        for (Socket s : sockets) {
            s.close();
        }
    }
}
