package io.inboxra.ra;

import org.junit.jupiter.api.Tag;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * A test class whose assertions hold only on an otherwise idle machine (windows of a second or
 * less between what it holds back and what it expects): it runs after every other class, one at
 * a time, in a JVM of its own (inbox-rar's surefire execution {@code alone}). Such a class may
 * also disturb its database server as an {@link Exclusive} one does.
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@Tag("alone")
public @interface Alone {
}
