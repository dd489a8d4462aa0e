package io.inboxra.tck;

import io.inboxra.dialect.Form;

/**
 * The advisory lock form's contract ({@link FormContract}), with {@code advisoryLock} on the
 * key column: extend it in a test of your own, as {@link RowLockConformance} shows.
 */
public abstract class AdvisoryConformance extends FormContract {

    protected AdvisoryConformance() {
        super(Form.ADVISORY);
    }
}
