package io.inboxra.ra;

import io.inboxra.harness.TestDatabase;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.extension.ExtendWith;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * A test class that disturbs every other test on the database it uses (a restart, roles and
 * grants, recovery of every prepared branch, killed sessions) or measures that database as a
 * whole (vacuum): it runs in the exclusive phase, after the others, where nothing else uses its
 * database server (one whose timings need an idle machine is {@link Alone} instead). That phase
 * runs two JVMs at once, one per database server ({@link ExclusiveOnPostgres},
 * {@link ExclusiveOnMariaDb}): each case runs in the JVM of the database its arguments name, or
 * that {@link Uses} names ({@link ExclusivePhase}).
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@Tag("exclusive")
@ExtendWith(ExclusivePhase.class)
public @interface Exclusive {

    /**
     * On a case of an {@link Exclusive} class whose arguments name no database (or on its class):
     * the database server it disturbs. Without it, such a case runs beside the PostgreSQL cases.
     */
    @Target({ElementType.TYPE, ElementType.METHOD})
    @Retention(RetentionPolicy.RUNTIME)
    @interface Uses {
        TestDatabase value();
    }
}
