package io.inboxra.harness;

import io.inboxra.dialect.Form;

import java.sql.SQLException;
import java.util.Map;

/**
 * A database user with no privilege but the ones a test grants it, table by table, for running
 * the adapter as the README's "Database roles" say (never as a superuser or root). Created by
 * the tests themselves, idempotently; grants go on the tests' own fresh tables, so tests that
 * run at the same time do not disturb each other.
 */
public final class LeastPrivilege {

    public static final String USER = "inbox_least";

    private LeastPrivilege() {
    }

    /** Grants the privileges (comma-separated) on the table to the least-privilege user. */
    public static void grant(TestDatabase db, String privileges, String table) throws SQLException {
        create(db);
        db.execute("GRANT " + privileges + " ON " + table + " TO " + grantee(db));
    }

    /** @return the test's activation config in the given form, connecting as the least-privilege user */
    public static Map<String, String> properties(TestDatabase db, String name, String table, Form form) {
        Map<String, String> p = db.properties(name, table, form);
        p.put("user", USER);
        return p;
    }

    private static String grantee(TestDatabase db) {
        return db == TestDatabase.POSTGRES ? USER : "'" + USER + "'@'%'";
    }

    private static synchronized void create(TestDatabase db) throws SQLException {
        if (db == TestDatabase.POSTGRES) {
            // LOGIN and nothing else: no superuser, no CREATE; reaches the database and schema public as PUBLIC does.
            db.execute("DO $$ BEGIN IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = '" + USER + "') THEN"
                    + " CREATE ROLE " + USER + " LOGIN; END IF; END $$");
        } else {
            db.execute("CREATE USER IF NOT EXISTS " + grantee(db));
        }
    }
}
