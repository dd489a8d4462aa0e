/**
 * Enqueueing rows from an application, in its own transaction: the resource adapter's outbound
 * connection factory, {@link io.inboxra.producer.InboxProducerFactory}.
 */
package io.inboxra.producer;
