package io.inboxra.ra.outbound;

import jakarta.resource.spi.ConnectionRequestInfo;

/** Which handle an application asked for: a producer, or a plain JDBC connection. Both share the pool. */
enum Handle implements ConnectionRequestInfo {
    PRODUCER,
    JDBC
}
