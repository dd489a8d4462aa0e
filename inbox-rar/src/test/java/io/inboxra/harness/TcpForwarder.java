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
 * the bytes the database sends them ({@link #bytesReceived()}).
 */
public final class TcpForwarder implements AutoCloseable {

    private final int port;
    private final int target;
    private final List<Socket> sockets = new CopyOnWriteArrayList<>();
    private final AtomicLong requests = new AtomicLong();
    private final AtomicLong received = new AtomicLong();
    private final AtomicLong accepted = new AtomicLong();
    private volatile ServerSocket server;

    /** @param target the real database's port on 127.0.0.1 */
    public TcpForwarder(int target) throws IOException {
        this.target = target;
        try (ServerSocket free = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            this.port = free.getLocalPort();
        }
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
                    pipe(client.getInputStream(), database.getOutputStream(), requests, new AtomicLong());
                    pipe(database.getInputStream(), client.getOutputStream(), new AtomicLong(), received);
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

    private void pipe(InputStream in, OutputStream out, AtomicLong arrivals, AtomicLong bytes) {
        Thread copy = new Thread(() -> {
            try (in; out) {
                byte[] buffer = new byte[65536];
                int n;
                while ((n = in.read(buffer)) >= 0) {
                    arrivals.incrementAndGet();
                    bytes.addAndGet(n);
                    out.write(buffer, 0, n);
                    out.flush();
                }
            } catch (IOException e) {
                // One side closed: so does the other.
            }
        }, "tcp-forwarder-pipe-" + port);
        copy.setDaemon(true);
        copy.start();
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
