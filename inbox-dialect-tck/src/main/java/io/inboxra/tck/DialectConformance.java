package io.inboxra.tck;

import io.inboxra.dialect.Form;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Nested;

/**
 * The dialect conformance kit: extend this class in a test of your own, say which dialect and
 * database to check, and the build runs the delivery contract ({@link FormContract},
 * {@link LeaseContract}) in each of the three forms. A form the dialect does not offer, or a
 * case whose table it refuses (FIFO groups, say), is reported skipped with the dialect's reason.
 *
 * <pre>{@code
 * class SqlServerDialectConformanceTest extends DialectConformance {
 *     @Override
 *     protected DialectUnderTest dialectUnderTest() {
 *         return DialectUnderTest.of(SqlServerDialect.class.getName(),
 *                 "jdbc:sqlserver://127.0.0.1:1433;databaseName=test;encrypt=false", "sa", "Secret-123",
 *                 new ColumnTypes("BIGINT IDENTITY PRIMARY KEY", "NVARCHAR(200)", "DATETIMEOFFSET(6)",
 *                         "DATEADD(MILLISECOND, {ms}, SYSDATETIMEOFFSET())"));
 *     }
 * }
 * }</pre>
 */
public abstract class DialectConformance {

    /**
     * Called once per case.
     *
     * @return the dialect to check and the database to check it on
     */
    protected abstract DialectUnderTest dialectUnderTest();

    /** The row lock form's contract. */
    @Nested
    @DisplayName("row lock form")
    class RowLockForm extends FormContract {
        RowLockForm() {
            super(dialectUnderTest(), Form.ROW_LOCK);
        }
    }

    /** The lease form's contract. */
    @Nested
    @DisplayName("lease form")
    class LeaseForm extends LeaseContract {
        LeaseForm() {
            super(dialectUnderTest());
        }
    }

    /** The advisory lock form's contract. */
    @Nested
    @DisplayName("advisory lock form")
    class AdvisoryForm extends FormContract {
        AdvisoryForm() {
            super(dialectUnderTest(), Form.ADVISORY);
        }
    }
}
