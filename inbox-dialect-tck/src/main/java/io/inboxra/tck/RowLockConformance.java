package io.inboxra.tck;

import io.inboxra.dialect.Form;

/**
 * The row lock form's contract ({@link FormContract}): extend it in a test of your own.
 *
 * <pre>{@code
 * class SqlServerRowLockTest extends RowLockConformance {
 *     static final DialectUnderTest TARGET = DialectUnderTest.of(SqlServerDialect.class.getName(),
 *             "jdbc:sqlserver://127.0.0.1:1433;databaseName=test;encrypt=false", "sa", "Secret-123",
 *             new ColumnTypes("BIGINT IDENTITY PRIMARY KEY", "NVARCHAR(200)", "DATETIMEOFFSET(6)",
 *                     "DATEADD(MILLISECOND, {ms}, SYSDATETIMEOFFSET())"));
 *
 *     @Override
 *     protected DialectUnderTest dialectUnderTest() {
 *         return TARGET;
 *     }
 * }
 * }</pre>
 */
public abstract class RowLockConformance extends FormContract {

    protected RowLockConformance() {
        super(Form.ROW_LOCK);
    }
}
