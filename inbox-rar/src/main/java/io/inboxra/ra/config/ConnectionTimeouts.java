package io.inboxra.ra.config;

import java.time.Duration;

/**
 * How long the adapter waits for its database on every connection it opens (the workers', the
 * lease form's pool, the wake-up listener's, recovery's, the operators', the producer's): so that
 * a network that stops answering without closing the connection (a failover, a NAT or firewall
 * dropping the flow) costs a worker one timeout, never the socket's two hours.
 *
 * @param connect the longest wait to connect and log in ({@code DataSource.setLoginTimeout})
 * @param network the longest wait for any reply on an open connection ({@code Connection.setNetworkTimeout});
 *        a connection whose reply does not come in time is closed and replaced
 * @param statement the longest a statement of the adapter's may run ({@code Statement.setQueryTimeout}):
 *        the database cancels it and the connection stays usable; shorter than {@code network}
 */
public record ConnectionTimeouts(Duration connect, Duration network, Duration statement) {

    /** The defaults, as {@link Property} states them. */
    public static final ConnectionTimeouts DEFAULT = new ConnectionTimeouts(
            Property.CONNECT_TIMEOUT.durationDefault(), Property.NETWORK_TIMEOUT.durationDefault(),
            Property.STATEMENT_TIMEOUT.durationDefault());

    /** @return the connect timeout in whole seconds, at least one, as {@code setLoginTimeout} takes it */
    public int connectSeconds() {
        return seconds(connect);
    }

    /** @return the network timeout in milliseconds, as {@code setNetworkTimeout} takes it */
    public int networkMillis() {
        return (int) network.toMillis();
    }

    /** @return the statement timeout in whole seconds, at least one, as {@code setQueryTimeout} takes it */
    public int statementSeconds() {
        return seconds(statement);
    }

    private static int seconds(Duration d) {
        return (int) Math.max(1, (d.toMillis() + 999) / 1000);
    }

    /** @return the timeouts, each the default when not set or refused; a network timeout not above the statement timeout is refused */
    static ConnectionTimeouts read(ActivationValues values) {
        Duration connect = values.duration(Property.CONNECT_TIMEOUT, Bounds.CONNECT_TIMEOUT);
        Duration network = values.duration(Property.NETWORK_TIMEOUT, Bounds.NETWORK_TIMEOUT);
        Duration statement = values.duration(Property.STATEMENT_TIMEOUT, Bounds.STATEMENT_TIMEOUT);
        if (values.noValueRefused() && seconds(statement) * 1000L >= network.toMillis()) {
            values.report("Property 'networkTimeout' is '" + network + "', not longer than 'statementTimeout' ('"
                    + statement + "', in whole seconds " + seconds(statement) + "): a statement the database is"
                    + " still running would be cut off with its connection instead of cancelled; set"
                    + " 'networkTimeout' above 'statementTimeout' (the defaults are PT30S and PT20S).");
        }
        return new ConnectionTimeouts(connect, network, statement);
    }
}
