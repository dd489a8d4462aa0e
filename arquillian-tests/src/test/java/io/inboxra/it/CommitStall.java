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
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * A TCP proxy in front of the PostgreSQL at 127.0.0.1:5432 (clients must turn TLS off:
 * {@code sslmode=disable}) that, when armed, holds back the first {@code COMMIT PREPARED} a client
 * sends and says so: the second phase of that client's branch has begun at the transaction
 * manager, after its decision was logged, and has not reached the database. Armed for the
 * prepare instead, it lets the first {@code PREPARE TRANSACTION} through and holds back the
 * database's reply: the branch is prepared at the database, and the transaction manager, still
 * waiting for that prepare, has logged no decision. Everything else passes through unchanged,
 * and the second phases of prepared branches are counted.
 */
final class CommitStall implements AutoCloseable {

    private static final byte[] COMMIT_PREPARED = "COMMIT PREPARED".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] ROLLBACK_PREPARED = "ROLLBACK PREPARED".getBytes(StandardCharsets.US_ASCII);
    /** In the client's statement, and the tag of the database's CommandComplete reply to it. */
    private static final byte[] PREPARE_TRANSACTION = "PREPARE TRANSACTION".getBytes(StandardCharsets.US_ASCII);

    private final ServerSocket server;
    private final Set<Socket> sockets = ConcurrentHashMap.newKeySet();
    private volatile boolean armed;
    private volatile boolean armedForPrepare;
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

    /**
     * Lets the next {@code PREPARE TRANSACTION} through and holds the database's reply to it:
     * {@link #awaitHeld} returns once the database has prepared the branch.
     */
    void armForPrepare() {
        held = new CountDownLatch(1);
        heldStatement = null;
        armedForPrepare = true;
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
            throw new AssertionError("no statement to hold (COMMIT PREPARED, or PREPARE TRANSACTION's reply)"
                    + " came through the proxy within " + timeout);
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
                AtomicBoolean holdReply = new AtomicBoolean();
                pump(client, database, true, holdReply);
                pump(database, client, false, holdReply);
            } catch (IOException e) {
                // closed, or the database refused: the client sees its connection fail
            }
        }
    }

    /**
     * @param watch     whether this is the client's side, whose statements are watched
     * @param holdReply this connection's: set on the client's side when it forwards the prepare
     *                  to hold, for the database's side to hold the reply
     */
    private void pump(Socket from, Socket to, boolean watch, AtomicBoolean holdReply) {
        Thread thread = new Thread(() -> {
            byte[] buffer = new byte[16384];
            byte[] tail = new byte[0];
            try (InputStream in = from.getInputStream(); OutputStream out = to.getOutputStream()) {
                int n;
                while ((n = in.read(buffer)) > 0) {
                    if (!watch && holdReply.get()) {
                        byte[] window = new byte[tail.length + n];
                        System.arraycopy(tail, 0, window, 0, tail.length);
                        System.arraycopy(buffer, 0, window, tail.length, n);
                        if (indexOf(window, PREPARE_TRANSACTION, 0) >= 0) {
                            // Prepared at the database; the reply never reaches the client, and
                            // the connection stays open until the client goes (killed).
                            held.countDown();
                            released.await();
                            return;
                        }
                        int keep = Math.min(window.length, PREPARE_TRANSACTION.length - 1);
                        tail = java.util.Arrays.copyOfRange(window, window.length - keep, window.length);
                    }
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
                        int prepare = indexOf(window, PREPARE_TRANSACTION, 0);
                        if (prepare >= 0 && armedForPrepare) {
                            armedForPrepare = false;
                            heldStatement = new String(window, prepare, Math.min(window.length - prepare, 120),
                                    StandardCharsets.US_ASCII).split("\0")[0];
                            // Before it is forwarded: the reply may come before this thread runs on.
                            holdReply.set(true);
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
