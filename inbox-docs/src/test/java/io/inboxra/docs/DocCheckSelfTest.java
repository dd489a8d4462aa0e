package io.inboxra.docs;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The checks themselves: what they accept, what they refuse, and what their messages say. */
class DocCheckSelfTest {

    @TempDir
    Path root;

    @Test
    void anchorsFollowGitHubsRules() {
        assertEquals("enqueueing-from-the-application-inboxproducer",
                Markdown.slug("Enqueueing from the application: `InboxProducer`"));
        assertEquals("health-metrics-and-a-page-inbox-admin", Markdown.slug("Health, metrics and a page: `inbox-admin`"));
        assertEquals("the-sample-on-wildfly", Markdown.slug("The sample on [WildFly](https://wildfly.org)"));
        assertEquals("what_it-is-12--a", Markdown.slug("What_it **is** (1.2) — a"));
        Markdown md = Markdown.parse(root.resolve("x.md"), "# Title\n## Notes\n```sh\n# not a heading\n```\n## Notes\n");
        assertEquals(java.util.Set.of("title", "notes", "notes-1"), md.anchors());
    }

    @Test
    void aBrokenLinkIsNamedWithItsFileAndLine() throws Exception {
        Files.createDirectories(root.resolve("docs"));
        Files.writeString(root.resolve("docs/forms.md"), "# Forms\n\n## Row lock\n");
        Files.writeString(root.resolve("README.md"), String.join("\n",
                "# Readme",
                "[ok](docs/forms.md#row-lock) [ok too](#readme) [external](https://example.com/nowhere#x)",
                "`[in code](nowhere.md)`",
                "```md",
                "[in a block](nowhere.md)",
                "```",
                "[gone](docs/gone.md)",
                "![picture](docs/forms.md#lease)",
                "[ref]: docs/missing.png",
                ""));
        List<String> broken = new Links(root).check(root.resolve("README.md"));
        assertEquals(List.of(
                "README.md:7: the link (docs/gone.md) names docs/gone.md, which does not exist",
                "README.md:8: the link (docs/forms.md#lease) names the anchor #lease, which no heading of docs/forms.md makes",
                "README.md:9: the link (docs/missing.png) names docs/missing.png, which does not exist"), broken);
    }

    @Test
    void everyKindOfBlockCompilesAsTheConventionSays() {
        String text = String.join("\n",
                "```java",
                "public class IssueInvoice implements InboxListener {",
                "    @Override public Outcome onMessage(InboxMessage message) {",
                "        return message.json(Invoice.class).customer() == null ? Outcome.deadLetter(\"no customer\") : Outcome.ack();",
                "    }",
                "}",
                "```",
                "```java",
                "@ActivationConfigProperty(propertyName = \"notifyChannel\", propertyValue = \"invoice_jobs\")",
                "```",
                "```java",
                "@Resource(lookup = \"java:app/inbox/producers\")",
                "InboxProducerFactory producers;",
                "",
                "public Outcome onMessage(InboxMessage message) {",
                "    return Outcome.retry(Duration.ofSeconds(message.attempt()));",
                "}",
                "```",
                "```java",
                "import io.inboxra.dialect.Statement;",
                "",
                "Statement s = Statement.of(\"SELECT 1\");",
                "new IssueInvoice();",
                "```",
                "<!-- not compiled: a diff -->",
                "",
                "```java",
                "- this is not Java",
                "```",
                "");
        Markdown md = Markdown.parse(root.resolve("README.md"), text);
        assertEquals(4, JavaBlocks.compiled(md).size());
        assertEquals(List.of(JavaBlocks.BlockKind.UNIT, JavaBlocks.BlockKind.ACTIVATION_CONFIG, JavaBlocks.BlockKind.MEMBERS,
                JavaBlocks.BlockKind.STATEMENTS), JavaBlocks.compiled(md).stream().map(f -> JavaBlocks.kind(f.content())).toList());
        assertEquals(List.of(), JavaBlocks.compile("README.md", md, DocFiles.classpath()));
    }

    @Test
    void aBlockThatDoesNotCompileIsNamedWithItsFileItsLineAndJavacsError() {
        String text = String.join("\n",
                "# Title",
                "",
                "  ```java",
                "  Outcome o = Outcome.ack();",
                "  o.settle();",
                "  ```",
                "");
        List<String> errors = JavaBlocks.compile("docs/x.md", Markdown.parse(root.resolve("x.md"), text), DocFiles.classpath());
        assertEquals(1, errors.size(), errors.toString());
        String error = errors.get(0);
        assertTrue(error.startsWith("docs/x.md:5: the java block at line 3 (statements, wrapped in a method) does not compile: "
                + "cannot find symbol"), error);
        assertTrue(error.contains("method settle()") && error.endsWith("o.settle();"), error);
    }
}
