package io.inboxra.tck;

/** The built-in h2 dialect on an in-memory H2 database, kept open for the JVM's life. */
class H2ConformanceTest extends DialectConformance {

    @Override
    protected DialectUnderTest dialectUnderTest() {
        return DialectUnderTest.of("h2", "jdbc:h2:mem:inbox_tck;DB_CLOSE_DELAY=-1", "sa", "",
                new ColumnTypes("BIGINT AUTO_INCREMENT PRIMARY KEY", "VARCHAR(255)", "TIMESTAMP WITH TIME ZONE",
                        "DATEADD(MILLISECOND, {ms}, CURRENT_TIMESTAMP)"));
    }
}
