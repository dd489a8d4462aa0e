/**
 * What an inbox MDB compiles against: {@link io.inboxra.InboxListener},
 * {@link io.inboxra.InboxMessage} and {@link io.inboxra.Outcome}.
 */
package io.inboxra;
