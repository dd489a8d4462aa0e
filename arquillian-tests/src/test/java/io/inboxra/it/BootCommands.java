package io.inboxra.it;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * The command files Payara Micro runs at the start of each test class's server (named by
 * {@code payara.extraMicroOptions} in the pom): the pre-boot commands, written fresh for each
 * class so that one class's settings never reach another's server, and the post-boot commands,
 * which deploy the RAR before the test's WAR.
 */
final class BootCommands {

    private BootCommands() {
    }

    static Path dir() {
        return Path.of(System.getProperty("inbox.it.dir"));
    }

    /**
     * @param preBoot  asadmin commands run before the server boots (configuration)
     * @param postBoot commands run after the RAR's deployment, before the test's WAR
     */
    static void write(List<String> preBoot, List<String> postBoot) throws IOException {
        Files.writeString(dir().resolve("preboot.txt"), lines(preBoot));
        Files.writeString(dir().resolve("postboot.txt"),
                "deploy --name inbox-rar " + dir().resolve("inbox-rar.rar").toAbsolutePath() + "\n" + lines(postBoot));
    }

    private static String lines(List<String> commands) {
        StringBuilder text = new StringBuilder();
        commands.forEach(command -> text.append(command).append('\n'));
        return text.toString();
    }
}
