package io.inboxra.soak;

import java.util.HashMap;
import java.util.Map;
import java.util.TreeMap;

/** The end-to-end run's options: {@code --name value} pairs over the defaults docs/production.md lists. */
final class E2eOptions {

    private final Map<String, String> values;

    private E2eOptions(Map<String, String> values) {
        this.values = values;
    }

    static E2eOptions parse(String[] args) {
        Map<String, String> o = new HashMap<>(Map.of("rows-b1", "10000", "rows-b50", "50000", "latency-rows", "1000",
                "rate", "20", "rounds", "3", "instances", "2", "diagnose", "false", "phases", "latency,throughput,two"));
        for (int i = 0; i + 1 < args.length; i += 2) {
            o.put(args[i].replaceFirst("^--", ""), args[i + 1]);
        }
        return new E2eOptions(o);
    }

    String get(String name) {
        return values.get(name);
    }

    int integer(String name) {
        return Integer.parseInt(values.get(name));
    }

    boolean has(String name) {
        return values.containsKey(name);
    }

    /** All options, sorted by name: the report's record of the run. */
    @Override
    public String toString() {
        return new TreeMap<>(values).toString();
    }
}
