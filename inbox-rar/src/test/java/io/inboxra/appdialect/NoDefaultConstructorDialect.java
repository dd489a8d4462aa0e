package io.inboxra.appdialect;

import io.inboxra.dialect.Dialect;

/** A dialect the adapter cannot create: it has no public no-argument constructor. */
public class NoDefaultConstructorDialect implements Dialect {

    private final String name;

    public NoDefaultConstructorDialect(String name) {
        this.name = name;
    }

    @Override
    public String name() {
        return name;
    }
}
