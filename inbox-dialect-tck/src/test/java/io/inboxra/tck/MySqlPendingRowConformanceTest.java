package io.inboxra.tck;

/** The built-in mysql dialect (on the MariaDB server)'s look-up and cancel statements keep their contracts. */
class MySqlPendingRowConformanceTest extends PendingRowConformance {

    @Override
    protected DialectUnderTest dialectUnderTest() {
        return BuiltInTargets.MYSQL;
    }
}
