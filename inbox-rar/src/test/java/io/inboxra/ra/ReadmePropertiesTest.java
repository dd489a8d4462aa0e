package io.inboxra.ra;

import io.inboxra.ra.config.Property;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The README's property table says what the adapter takes: every property, with its default. */
class ReadmePropertiesTest {

    private static final Pattern ROW = Pattern.compile("^\\| `(\\w+)` \\| ([^|]*) \\|", Pattern.MULTILINE);

    @Test
    void theReadmeListsEveryPropertyWithItsDefault() throws IOException {
        String readme = Files.readString(Path.of("..", "docs", "activation-properties.md"));
        String section = readme.substring(readme.indexOf("## The properties"));
        section = section.substring(0, section.indexOf("\n## ", 5));
        Map<String, String> documented = new LinkedHashMap<>();
        Matcher m = ROW.matcher(section);
        while (m.find()) {
            documented.put(m.group(1), m.group(2).trim());
        }
        Map<String, String> actual = new LinkedHashMap<>();
        Arrays.stream(Property.values()).forEach(p -> actual.put(p.key(), p.defaultValue().orElse("—")));
        assertEquals(actual, documented);
    }

    @Test
    void everyPropertyIsAJavaBeanPropertyOfTheActivationSpec() throws Exception {
        InboxActivationSpec spec = new InboxActivationSpec();
        for (Property p : Property.values()) {
            String suffix = Character.toUpperCase(p.key().charAt(0)) + p.key().substring(1);
            InboxActivationSpec.class.getMethod("set" + suffix, String.class).invoke(spec, "x");
            assertEquals("x", InboxActivationSpec.class.getMethod("get" + suffix).invoke(spec), p.key());
        }
    }
}
