/**
 * Operating inbox subscriptions: what each active subscription is doing
 * ({@link io.inboxra.operations.SubscriptionSnapshot}), its rows in the database
 * ({@link io.inboxra.operations.Backlog}), pause and resume, and its dead letters' requeue and
 * discard, through {@link io.inboxra.operations.InboxSubscriptions}, which shows each application
 * its own subscriptions only. The resource adapter shows every subscription of the server, for
 * its administrators, as one platform MBean each, {@code io.inboxra:type=Subscription,name=<subscription>}.
 */
package io.inboxra.operations;
