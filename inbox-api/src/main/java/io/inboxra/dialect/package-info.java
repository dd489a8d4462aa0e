/**
 * The dialect SPI: the SQL of one database, with the claim forms as capabilities
 * ({@link io.inboxra.dialect.RowLock}, {@link io.inboxra.dialect.Lease},
 * {@link io.inboxra.dialect.LeaseInSteps}, {@link io.inboxra.dialect.Advisory}), statements as
 * values ({@link io.inboxra.dialect.Statement}) and the table description
 * ({@link io.inboxra.dialect.TableSpec}). The claim rules are written once, in
 * {@link io.inboxra.dialect.ClaimClauses}; {@link io.inboxra.dialect.StandardDialect} and
 * {@link io.inboxra.dialect.StandardRowLock} build the statements from them, so a dialect of
 * one's own overrides only what its database spells otherwise.
 */
package io.inboxra.dialect;
