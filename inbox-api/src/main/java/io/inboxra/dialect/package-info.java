/**
 * The dialect SPI: the SQL of one database, with the claim forms as capabilities
 * ({@link io.inboxra.dialect.RowLock}), statements as values ({@link io.inboxra.dialect.Statement})
 * and the table description ({@link io.inboxra.dialect.TableSpec}).
 */
package io.inboxra.dialect;
