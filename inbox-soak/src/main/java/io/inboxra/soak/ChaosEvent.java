package io.inboxra.soak;

/**
 * One chaos event on the run's clock (seconds since the producers started).
 *
 * @param kind what happened
 * @param detail which instance, how many sessions
 * @param start when it began
 * @param end when the system was whole again (the instance restarted, the proxy forwarding again)
 */
record ChaosEvent(ChaosKind kind, String detail, double start, double end) {

    String csv() {
        return String.format(java.util.Locale.ROOT, "%.1f,%.1f,%s,%s", start, end, kind.option, detail.replace(',', ';'));
    }
}
