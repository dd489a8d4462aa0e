package io.inboxra.ra.dialect;

/** H2 2.2.220 and later (the first with {@code SKIP LOCKED}): the embedded default. */
public final class H2Dialect extends SkipLockedDialect {

    /** The name the {@code dialect} property takes. */
    public static final String NAME = "h2";

    @Override
    public String name() {
        return NAME;
    }
}
