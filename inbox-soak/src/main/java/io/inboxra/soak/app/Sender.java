package io.inboxra.soak.app;

import io.inboxra.producer.InboxProducer;
import io.inboxra.producer.InboxProducerFactory;
import jakarta.annotation.Resource;
import jakarta.ejb.Stateless;

/** Sends rows in one container transaction: alternately to the XA writer's and the shared writer's table. */
@Stateless
public class Sender {

    @Resource(lookup = "java:app/inbox/producers")
    private InboxProducerFactory producers;

    /** @param first the sequence number of the first row: even ones go to soak_xa, odd ones to soak_shared */
    public void send(long first, int rows) {
        try (InboxProducer inbox = producers.open()) {
            for (long s = first; s < first + rows; s++) {
                inbox.send(s % 2 == 0 ? "soak_xa" : "soak_shared", Meter.payload(s));
            }
        }
    }
}
