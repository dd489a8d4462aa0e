package io.inboxra.ra.dialect.common;

/**
 * The JDBC driver through which a built-in dialect's database is reached by default: the URL
 * prefix the driver accepts and its {@link javax.sql.XADataSource}, so that a subscription with
 * such a URL needs no {@code dataSourceClass}.
 *
 * @param urlPrefix the URL prefix, such as {@code jdbc:postgresql:}
 * @param xaDataSource the data source class the adapter creates for such a URL
 */
public record DefaultDriver(String urlPrefix, String xaDataSource) {
}
