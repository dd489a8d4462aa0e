package io.inboxra.ra;

import org.junit.platform.suite.api.ConfigurationParameter;
import org.junit.platform.suite.api.IncludeTags;
import org.junit.platform.suite.api.SelectPackages;
import org.junit.platform.suite.api.Suite;

/**
 * The exclusive phase's MariaDB cases, in a JVM of their own beside {@link ExclusiveOnPostgres}'s
 * (inbox-rar's surefire execution {@code exclusive}): the two disturb different database servers.
 */
@Suite
@SelectPackages("io.inboxra")
@IncludeTags("exclusive")
@ConfigurationParameter(key = ExclusivePhase.DATABASE, value = "MARIADB")
class ExclusiveOnMariaDb {
}
