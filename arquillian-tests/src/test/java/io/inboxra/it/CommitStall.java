package io.inboxra.it;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * A TCP proxy in front of the PostgreSQL at 127.0.0.1:5432 (clients must turn TLS off:
 * {@code sslmode=disable}) that, when armed, holds back the first {@code COMMIT PREPARED} a client
 * sends and says so: the second phase of that client's branch has begun at the transaction
 * manager, after its decision was logged, and has not reached the database. Everything else
 * passes through unchanged, and the second phases of prepared branches are counted.
 */
final class CommitStall implements AutoCloseable {

    private static final byte[] COMMIT_PREPARED = "COMMIT PREPARED".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] ROLLBACK_PREPARED = "ROLLBACK PREPARED".getBytes(StandardCharsets.US_ASCII);

    private final ServerSocket server;
    private final Set<Socket> sockets = ConcurrentHashMap.newKeySet();
    private volatile boolean armed;
    private volatile CountDownLatch held = new CountDownLatch(1);
    private volatile String heldStatement;
    private final CountDownLatch released = new CountDownLatch(1);
    private final java.util.concurrent.atomic.AtomicInteger commits = new java.util.concurrent.atomic.AtomicInteger();
    private final java.util.concurrent.atomic.AtomicInteger rollbacks = new java.util.concurrent.atomic.AtomicInteger();

    CommitStall() throws IOException {
        server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        Thread acceptor = new Thread(this::accept, "commit-stall-accept");
        acceptor.setDaemon(true);
        acceptor.start();
    }

    int port() {
        return server.getLocalPort();
    }

    /** Holds the next {@code COMMIT PREPARED}. */
    void arm() {
        held = new CountDownLatch(1);
        heldStatement = null;
        armed = true;
    }

    /** @return how many {@code COMMIT PREPARED} the clients have sent through, the one held back included */
    int commitsPrepared() {
        return commits.get();
    }

    /** @return how many {@code ROLLBACK PREPARED} the clients have sent through */
    int rollbacksPrepared() {
        return rollbacks.get();
    }

    /** @return the statement held back, once one is */
    String awaitHeld(Duration timeout) throws InterruptedException {
        if (!held.await(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
            throw new AssertionError("no COMMIT PREPARED came through the proxy within " + timeout);
        }
        return heldStatement;
    }

    private void accept() {
        while (!server.isClosed()) {
            try {
                Socket client = server.accept();
                Socket database = new Socket(InetAddress.getLoopbackAddress(), 5432);
                sockets.add(client);
                sockets.add(database);
                pump(client, database, true);
                pump(database, client, false);
            } catch (IOException e) {
                // closed, or the database refused: the client sees its connection fail
            }
        }
    }

    private void pump(Socket from, Socket to, boolean watch) {
        Thread thread = new Thread(() -> {
            byte[] buffer = new byte[16384];
            byte[] tail = new byte[0];
            try (InputStream in = from.getInputStream(); OutputStream out = to.getOutputStream()) {
                int n;
                while ((n = in.read(buffer)) > 0) {
                    if (watch) {
                        byte[] window = new byte[tail.length + n];
                        System.arraycopy(tail, 0, window, 0, tail.length);
                        System.arraycopy(buffer, 0, window, tail.length, n);
                        int at = indexOf(window, COMMIT_PREPARED, 0);
                        if (at >= 0 && armed) {
                            armed = false;
                            heldStatement = new String(window, at, Math.min(window.length - at, 120),
                                    StandardCharsets.US_ASCII).split("\0")[0];
                            held.countDown();
                            // Never forwarded, and the connection stays open: a closed one would
                            // send the adapter to finish the branch from a new connection.
                            released.await();
                            return;
                        }
                        commits.addAndGet(count(window, COMMIT_PREPARED, tail.length));
                        rollbacks.addAndGet(count(window, ROLLBACK_PREPARED, tail.length));
                        int keep = Math.min(window.length, ROLLBACK_PREPARED.length - 1);
                        tail = java.util.Arrays.copyOfRange(window, window.length - keep, window.length);
                    }
                    out.write(buffer, 0, n);
                    out.flush();
                }
            } catch (IOException e) {
                // one side closed
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } finally {
                close(from);
                close(to);
            }
        }, "commit-stall-pump");
        thread.setDaemon(true);
        thread.start();
    }

    /** @return how many times the pattern ends in {@code data} after {@code from} (the bytes new to this read) */
    private static int count(byte[] data, byte[] pattern, int from) {
        int found = 0;
        for (int at = indexOf(data, pattern, 0); at >= 0; at = indexOf(data, pattern, at + 1)) {
            if (at + pattern.length > from) {
                found++;
            }
        }
        return found;
    }

    private static int indexOf(byte[] data, byte[] pattern, int start) {
        outer:
        for (int i = start; i + pattern.length <= data.length; i++) {
            for (int j = 0; j < pattern.length; j++) {
                if (data[i + j] != pattern[j]) {
                    continue outer;
                }
            }
            return i;
        }
        return -1;
    }

    private void close(Socket socket) {
        sockets.remove(socket);
        try {
            socket.close();
        } catch (IOException e) {
            // already closed
        }
    }

    @Override
    public void close() throws IOException {
        released.countDown();
        server.close();
        sockets.forEach(this::close);
    }
}
