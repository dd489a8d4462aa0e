package io.inboxra.ra.outbound;

import io.inboxra.producer.InboxProducer;
import io.inboxra.producer.InboxProducerException;
import io.inboxra.producer.InboxProducerFactory;
import jakarta.resource.Referenceable;
import jakarta.resource.ResourceException;
import jakarta.resource.spi.ConnectionManager;

import java.io.Serializable;
import java.sql.Connection;
import java.util.Optional;
import javax.naming.Reference;

/** What the application looks up: producers from the server's pool, enlisted by the server. */
public final class ProducerFactory implements InboxProducerFactory, Serializable, Referenceable {

    private static final long serialVersionUID = 1L;

    private final transient ProducerConnectionFactory managed;
    private final transient ConnectionManager manager;
    private Reference reference;

    ProducerFactory(ProducerConnectionFactory managed, ConnectionManager manager) {
        this.managed = managed;
        this.manager = manager;
    }

    @Override
    public InboxProducer open() {
        try {
            return (InboxProducer) manager.allocateConnection(managed, Handle.PRODUCER);
        } catch (ResourceException e) {
            throw new InboxProducerException("No inbox producer could be opened: " + e.getMessage(), e);
        }
    }

    @Override
    public Connection connection() {
        Optional<Connection> shared = SharedBranch.on(managed.synchronizations(), managed.database());
        if (shared.isPresent()) {
            return shared.get();
        }
        try {
            return (Connection) manager.allocateConnection(managed, Handle.JDBC);
        } catch (ResourceException e) {
            throw new InboxProducerException("No connection could be opened: " + e.getMessage(), e);
        }
    }

    @Override
    public void setReference(Reference reference) {
        this.reference = reference;
    }

    @Override
    public Reference getReference() {
        return reference;
    }
}
