package io.inboxra.ra.config;

import java.time.Duration;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * A subscription's activation config as text, and the problems found in it so far. Each part
 * of the settings is read from here and reports here, so that every problem is reported at
 * once, in the order the properties are read, and a user fixes them all in one round.
 */
final class ActivationValues {

    private final Map<String, String> values = new LinkedHashMap<>();
    private final List<String> problems = new ArrayList<>();
    /** Whether a value was refused: checks that compare values would only repeat the problem. */
    private boolean valueRefused;

    /** @param values property name to value; blank values count as absent, others are trimmed */
    ActivationValues(Map<String, String> values) {
        values.forEach((key, value) -> {
            if (value != null && !value.isBlank()) {
                this.values.put(key, value.trim());
            }
        });
    }

    /** @return every property set, name to trimmed value */
    Map<String, String> all() {
        return Collections.unmodifiableMap(values);
    }

    boolean isSet(Property property) {
        return values.containsKey(property.key());
    }

    /** @return the property's value as written, or empty when it is not set */
    Optional<String> text(Property property) {
        return Optional.ofNullable(values.get(property.key()));
    }

    /** @return the number, or the property's default when it is not set or refused */
    int whole(Property property, Bounds.Whole bounds) {
        return validWhole(property, bounds).orElse(property.wholeDefault());
    }

    /** @return the number, or empty when it is not set or refused (the refusal is reported) */
    OptionalInt validWhole(Property property, Bounds.Whole bounds) {
        Optional<String> value = text(property);
        if (value.isEmpty()) {
            return OptionalInt.empty();
        }
        try {
            int n = Integer.parseInt(value.get());
            if (n >= bounds.min() && n <= bounds.max()) {
                return OptionalInt.of(n);
            }
        } catch (NumberFormatException e) {
            // reported below, with the fix
        }
        refuse("Property '" + property.key() + "' is '" + value.get() + "': it must be a whole number from "
                + bounds.min() + " to " + bounds.max() + bounds.why() + "; set it within that range.");
        return OptionalInt.empty();
    }

    /** @return the duration, or the property's default when it is not set or refused */
    Duration duration(Property property, Bounds.Span bounds) {
        return validDuration(property, bounds).orElseGet(property::durationDefault);
    }

    /** @return the duration, or empty when it is not set or refused (the refusal is reported) */
    Optional<Duration> validDuration(Property property, Bounds.Span bounds) {
        Optional<String> value = text(property);
        if (value.isEmpty()) {
            return Optional.empty();
        }
        Duration d;
        try {
            d = Duration.parse(value.get());
        } catch (DateTimeParseException e) {
            d = Duration.ZERO;
        }
        if (d.isNegative() || d.isZero()) {
            refuse("Property '" + property.key() + "' is '" + value.get()
                    + "': it must be a positive ISO-8601 duration, for example PT1S or PT0.5S.");
        } else if (d.compareTo(bounds.min()) < 0 || d.compareTo(bounds.max()) > 0) {
            refuse("Property '" + property.key() + "' is '" + value.get() + "': it must be from "
                    + bounds.minText() + " to " + bounds.maxText() + bounds.why() + "; set it within that range.");
        } else {
            return Optional.of(d);
        }
        return Optional.empty();
    }

    /** @param problem what is wrong, naming the property, its value and the fix */
    void report(String problem) {
        problems.add(problem);
    }

    /** Reports a value that cannot be taken as it is, so that no comparison with it is made. */
    void refuse(String problem) {
        problems.add(problem);
        valueRefused = true;
    }

    /** @return whether every value so far was taken, so that comparing them says something new */
    boolean noValueRefused() {
        return !valueRefused;
    }

    /** @throws InvalidSettingsException listing every problem reported, when there is one */
    void failIfAnyProblem(String subscription) throws InvalidSettingsException {
        if (!problems.isEmpty()) {
            throw new InvalidSettingsException(subscription, problems);
        }
    }
}
