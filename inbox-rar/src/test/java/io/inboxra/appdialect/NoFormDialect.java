package io.inboxra.appdialect;

import io.inboxra.dialect.Dialect;

/** A dialect with no claim form at all. */
public class NoFormDialect implements Dialect {

    @Override
    public String name() {
        return "no-form";
    }
}
