/**
 * Operating inbox subscriptions: what each active subscription is doing
 * ({@link io.inboxra.operations.SubscriptionSnapshot}), its rows in the database
 * ({@link io.inboxra.operations.Backlog}), pause and resume, and its dead letters' requeue and
 * discard, through {@link io.inboxra.operations.InboxSubscriptions}. The resource adapter shows
 * the same as one platform MBean per subscription, {@code io.inboxra:type=Subscription,name=<subscription>}.
 */
package io.inboxra.operations;
