package io.inboxra.ra;

import io.inboxra.dialect.Form;
import io.inboxra.harness.Harness;
import io.inboxra.harness.TcpForwarder;
import io.inboxra.harness.TestDatabase;

import java.time.Duration;
import java.util.Map;

/**
 * A harness whose subscriptions reach the database through a forwarder of the test's, which
 * the test freezes: the set-up of every half-open network case ({@link HalfOpenNetworkTest},
 * {@link HalfOpenLeaseTest}, {@link HalfOpenKeptConnectionTest}). Closes the harness, then the
 * forwarder.
 */
record FrozenNetworkSetUp(TestDatabase db, TcpForwarder network, Harness server) implements AutoCloseable {

    /** The workers of a subscription set up here. */
    static final int WORKERS = 2;
    /** Its network timeout, short: a frozen connection is given up within seconds. */
    static final Duration NETWORK_TIMEOUT = Duration.ofSeconds(4);

    static FrozenNetworkSetUp start(TestDatabase db) throws Exception {
        TcpForwarder network = new TcpForwarder(db == TestDatabase.MARIADB ? 3306 : 5432);
        try {
            network.open();
            return new FrozenNetworkSetUp(db, network, Harness.start());
        } catch (Exception | Error e) {
            network.close();
            throw e;
        }
    }

    /** The activation config, with the url through the forwarder and short timeouts. */
    Map<String, String> properties(Form form, String name, String table) {
        Map<String, String> p = DeliveryTest.properties(db, form, name, table);
        p.put("url", p.get("url").replace(":" + network.target() + "/", ":" + network.port() + "/"));
        p.put("workers", String.valueOf(WORKERS));
        p.put("connectTimeout", "PT2S");
        p.put("statementTimeout", "PT1S");
        p.put("networkTimeout", NETWORK_TIMEOUT.toString());
        return p;
    }

    @Override
    public void close() throws Exception {
        try (network) {
            server.close();
        }
    }
}
