package io.inboxra.ra.recovery;

import java.sql.SQLException;
import javax.sql.XAConnection;

/** A subscription as a recovery pass sees it: its name, for the log, and a new connection to its database. */
public interface Recoverable {

    String name();

    /** @return a new connection of the subscription's database, which the recovery pass closes */
    XAConnection recoveryConnection() throws SQLException;
}
