package io.inboxra.ra;

import io.inboxra.harness.TestDatabase;
import org.junit.jupiter.api.TestTemplate;
import org.junit.jupiter.api.extension.ConditionEvaluationResult;
import org.junit.jupiter.api.extension.ExecutionCondition;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.platform.commons.support.AnnotationSupport;

import java.lang.reflect.AnnotatedElement;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * Runs each case of an {@link Exclusive} class in the JVM of its database server only: the suite
 * that runs the exclusive phase on one server names it ({@value #DATABASE}). A case's database is
 * the one its parameterized invocation names (its display name lists its arguments), else the
 * one {@link Exclusive.Uses} names on the method or class, else PostgreSQL. Run any other way (a
 * class named with {@code -Dtest}), every case runs.
 */
public final class ExclusivePhase implements ExecutionCondition {

    /** The configuration parameter naming the database server of this JVM's exclusive phase. */
    public static final String DATABASE = "inbox.test.exclusive.database";

    @Override
    public ConditionEvaluationResult evaluateExecutionCondition(ExtensionContext context) {
        Optional<String> here = context.getConfigurationParameter(DATABASE);
        if (here.isEmpty() || context.getTestMethod().isEmpty()) {
            return ConditionEvaluationResult.enabled("not split by database");
        }
        boolean invocation = context.getParent().flatMap(ExtensionContext::getTestMethod).isPresent();
        boolean template = !invocation
                && AnnotationSupport.isAnnotated(context.getTestMethod(), TestTemplate.class);
        if (template) {
            return ConditionEvaluationResult.enabled("its invocations decide");
        }
        TestDatabase database = invocation ? named(context) : declared(context);
        return database.name().equals(here.get())
                ? ConditionEvaluationResult.enabled("on " + database)
                : ConditionEvaluationResult.disabled("runs in the exclusive phase's " + database + " JVM");
    }

    /** The database an invocation's arguments name; one naming none runs where its method or class says. */
    private static TestDatabase named(ExtensionContext invocation) {
        List<TestDatabase> named = new ArrayList<>();
        for (TestDatabase db : TestDatabase.values()) {
            if (Pattern.compile("\\b" + db.name() + "\\b").matcher(invocation.getDisplayName()).find()) {
                named.add(db);
            }
        }
        if (named.size() > 1) {
            throw new IllegalStateException(invocation.getDisplayName() + " names " + named
                    + ": an exclusive case uses one database server");
        }
        if (named.isEmpty() && Arrays.asList(invocation.getRequiredTestMethod().getParameterTypes())
                .contains(TestDatabase.class)) {
            throw new IllegalStateException(invocation.getDisplayName() + " takes a database but its name does not"
                    + " say which: keep the arguments in the @ParameterizedTest's name");
        }
        return named.isEmpty() ? declared(invocation) : named.get(0);
    }

    private static TestDatabase declared(ExtensionContext context) {
        return uses(context.getRequiredTestMethod())
                .or(() -> uses(context.getRequiredTestClass()))
                .orElse(TestDatabase.POSTGRES);
    }

    private static Optional<TestDatabase> uses(AnnotatedElement element) {
        return Optional.ofNullable(element.getAnnotation(Exclusive.Uses.class)).map(Exclusive.Uses::value);
    }
}
