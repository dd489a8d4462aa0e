package io.inboxra.bench;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The command line, {@code --name value} pairs, checked before anything runs: an unknown option,
 * a value without its option (a subject name the shell split at a space) or an option without a
 * value is refused by name, with what is accepted.
 */
final class Arguments {

    static final Set<String> OPTIONS = Set.of("modes", "rows", "payload", "repeats", "workers", "databases", "out",
            "lease-batch", "subjects", "rates", "seconds", "small-backlog", "large-backlog", "window", "forms",
            "trip-rows", "warm-up", "claims");

    private Arguments() {
    }

    /** @throws IllegalArgumentException naming the argument and the fix */
    static Map<String, String> parse(String[] argv) {
        Map<String, String> args = new LinkedHashMap<>();
        for (int i = 0; i < argv.length; i += 2) {
            String option = argv[i];
            if (!option.startsWith("--")) {
                throw new IllegalArgumentException("'" + option + "' follows no option (after "
                        + (i == 0 ? "nothing" : "'" + argv[i - 2] + " " + argv[i - 1] + "'") + "): the arguments are"
                        + " --name value pairs; a value with spaces needs quotes (subjects have names without"
                        + " spaces: --subjects row-lock,lease)");
            }
            String name = option.substring(2);
            if (!OPTIONS.contains(name)) {
                throw new IllegalArgumentException("unknown option " + option + "; the options are --"
                        + String.join(", --", OPTIONS.stream().sorted().toList()));
            }
            if (i + 1 >= argv.length || argv[i + 1].startsWith("--")) {
                throw new IllegalArgumentException(option + " has no value: write " + option + " VALUE");
            }
            args.put(name, argv[i + 1]);
        }
        return args;
    }

    /** @return the comma-separated integers of an option, or its default's */
    static List<Integer> integers(Map<String, String> args, String name, String defaults) {
        String value = args.getOrDefault(name, defaults);
        try {
            return List.of(value.split(",")).stream().map(String::trim).map(Integer::parseInt).toList();
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("--" + name + " " + value + " is not a comma-separated list of whole"
                    + " numbers (for example --" + name + " " + defaults + ")", e);
        }
    }
}
