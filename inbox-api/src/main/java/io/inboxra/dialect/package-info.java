/**
 * The dialect SPI: the SQL of one database, with the claim forms as capabilities
 * ({@link io.inboxra.dialect.RowLock}, {@link io.inboxra.dialect.Lease},
 * {@link io.inboxra.dialect.LeaseInSteps}, {@link io.inboxra.dialect.Advisory}), statements as
 * values ({@link io.inboxra.dialect.Statement}) and the table description
 * ({@link io.inboxra.dialect.TableSpec}). The claim rules are written once, in
 * {@link io.inboxra.dialect.ClaimClauses}; {@link io.inboxra.dialect.StandardDialect} and
 * {@link io.inboxra.dialect.StandardRowLock} build the statements from them, so a dialect of
 * one's own overrides only what its database spells otherwise.
 *
 * <p>Beyond the forms, a dialect may offer what its database can do besides, each a capability
 * interface: {@link io.inboxra.dialect.Notifications} (wake-up by notification),
 * {@link io.inboxra.dialect.BranchSessions} (a failed connection's session, seen gone from another),
 * {@link io.inboxra.dialect.LockWaits} (a session's lock wait, seen from another),
 * {@link io.inboxra.dialect.RowClaimGuard} (a guard of each claimed row) and
 * {@link io.inboxra.dialect.ClaimOrderIndex} (the index the claim order needs). Every dialect may
 * name the oldest version of its database it serves ({@link io.inboxra.dialect.MinimumVersion},
 * {@link io.inboxra.dialect.Dialect#requireVersion}). Nothing here depends on a JDBC driver.
 */
package io.inboxra.dialect;
