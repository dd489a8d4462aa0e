package io.inboxra.dialect;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A version as three whole numbers, compared number by number: {@code 9.5} is {@code 9.5.0}, and
 * comes before {@code 10.6} and after {@code 9.4.26}.
 *
 * <pre>{@code
 * Version.parse("2.2.224 (2023-09-17)")    // 2.2.224
 * Version.parse("10.11.6-MariaDB-1")       // 10.11.6
 * Version.of(9, 5).isBefore(Version.of(12, 0))   // true
 * }</pre>
 *
 * @param major the first number
 * @param minor the second, 0 when absent
 * @param patch the third, 0 when absent
 */
public record Version(int major, int minor, int patch) implements Comparable<Version> {

    private static final Pattern NUMBER = Pattern.compile("\\d+");

    /** Checks that no number is negative. */
    public Version {
        if (major < 0 || minor < 0 || patch < 0) {
            throw new IllegalArgumentException("a version's numbers are not negative: " + major + "." + minor + "." + patch);
        }
    }

    /**
     * @param major the first number
     * @param minor the second
     * @param patch the third
     * @return the version
     */
    public static Version of(int major, int minor, int patch) {
        return new Version(major, minor, patch);
    }

    /**
     * @param major the first number
     * @param minor the second
     * @return the version, with patch 0
     */
    public static Version of(int major, int minor) {
        return new Version(major, minor, 0);
    }

    /**
     * The first three numbers of a version's text, each a run of digits: whatever separates or
     * follows them is skipped, a number missing is 0.
     *
     * @param text a version as a database or driver writes it ({@code "2.2.224 (2023-09-17)"})
     * @return its first three numbers ({@code 2.2.224})
     */
    public static Version parse(String text) {
        int[] numbers = new int[3];
        Matcher m = NUMBER.matcher(text);
        for (int i = 0; i < 3 && m.find(); i++) {
            numbers[i] = Integer.parseInt(m.group());
        }
        return new Version(numbers[0], numbers[1], numbers[2]);
    }

    /**
     * @param other another version
     * @return whether this version comes before the other
     */
    public boolean isBefore(Version other) {
        return compareTo(other) < 0;
    }

    @Override
    public int compareTo(Version other) {
        int c = Integer.compare(major, other.major);
        if (c == 0) {
            c = Integer.compare(minor, other.minor);
        }
        return c == 0 ? Integer.compare(patch, other.patch) : c;
    }

    /** @return {@code major.minor}, with {@code .patch} when it is not 0: {@code 9.5}, {@code 8.0.1} */
    @Override
    public String toString() {
        return major + "." + minor + (patch > 0 ? "." + patch : "");
    }
}
