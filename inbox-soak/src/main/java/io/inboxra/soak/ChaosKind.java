package io.inboxra.soak;

import java.util.EnumSet;
import java.util.Locale;
import java.util.Set;

/** The kinds of chaos event; {@code --chaos kill,backends,half-open,db-restart} (or {@code none}) picks them. */
enum ChaosKind {
    /** kill -9 of a random instance, restarted on the same {@code --rootDir} without {@code --deploy}. */
    KILL_INSTANCE("kill"),
    /** The database ends every session of the adapter's (pg_terminate_backend, MariaDB's KILL). */
    KILL_BACKENDS("backends"),
    /** The proxy in front of the database stops forwarding without closing anything, for a while. */
    HALF_OPEN("half-open"),
    /** The database server restarted, once per run (PostgreSQL only, and only when asked for: shared databases). */
    DB_RESTART("db-restart");

    final String option;

    ChaosKind(String option) {
        this.option = option;
    }

    static Set<ChaosKind> parse(String list) {
        Set<ChaosKind> kinds = EnumSet.noneOf(ChaosKind.class);
        if (list.equals("none")) {
            return kinds;
        }
        for (String name : list.split(",")) {
            ChaosKind found = null;
            for (ChaosKind k : values()) {
                if (k.option.equals(name.trim().toLowerCase(Locale.ROOT))) {
                    found = k;
                }
            }
            if (found == null) {
                throw new IllegalArgumentException("Option --chaos names '" + name
                        + "': use a comma-separated list of kill, backends, half-open, db-restart, or none");
            }
            kinds.add(found);
        }
        return kinds;
    }
}
