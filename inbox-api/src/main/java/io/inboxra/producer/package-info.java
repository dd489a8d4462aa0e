/**
 * Enqueueing rows from an application, in its own transaction: the resource adapter's outbound
 * connection factory, {@link io.inboxra.producer.InboxProducerFactory}, and an inbox partitioned
 * across several databases, {@link io.inboxra.producer.InboxShards}.
 */
package io.inboxra.producer;
