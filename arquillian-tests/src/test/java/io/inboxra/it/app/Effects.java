package io.inboxra.it.app;

import jakarta.annotation.Resource;
import jakarta.annotation.sql.DataSourceDefinition;
import jakarta.ejb.Stateless;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import javax.sql.DataSource;

/**
 * The MDBs' own work: an effect row per delivery, written through the application's XA data
 * source in the caller's transaction (the delivery's), so it commits with the settlement.
 */
@DataSourceDefinition(
        name = "java:app/jdbc/effects",
        className = "org.postgresql.xa.PGXADataSource",
        url = "jdbc:postgresql://127.0.0.1:5432/test",
        user = "postgres",
        password = "postgres",
        maxPoolSize = 16,
        transactional = true)
@Stateless
public class Effects {

    @Resource(lookup = "java:app/jdbc/effects")
    private DataSource dataSource;

    public void write(Object rowId, String mdb) {
        try (Connection c = dataSource.getConnection();
             PreparedStatement insert = c.prepareStatement("INSERT INTO it_effects (row_id, mdb) VALUES (?, ?)")) {
            insert.setLong(1, ((Number) rowId).longValue());
            insert.setString(2, mdb);
            insert.executeUpdate();
        } catch (SQLException e) {
            throw new IllegalStateException("cannot write the effect of row " + rowId, e);
        }
    }
}
