package io.inboxra.appdialect;

/** A class named as a dialect by mistake. */
public class NotADialect {
}
