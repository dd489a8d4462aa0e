package io.inboxra.producer;

/**
 * The resource adapter's outbound connection factory: producers that insert rows into inbox
 * tables inside the caller's JTA transaction, as an XA resource of it, so a row is enqueued if
 * and only if the caller's work commits. After the commit, the subscriptions of that table in
 * this server are woken at once, without waiting for their next poll.
 *
 * <p>Define it in the application (or in the server) and inject it:
 *
 * <pre>{@code
 * @ConnectionFactoryDefinition(name = "java:app/inbox/producers",
 *         interfaceName = "io.inboxra.producer.InboxProducerFactory", resourceAdapter = "inbox-rar",
 *         transactionSupport = TransactionSupport.TransactionSupportLevel.XATransaction,
 *         properties = {"url=jdbc:postgresql://db/app", "user=app", "queueColumn=queue", "dueColumn=due_at"})
 * public class Orders {
 *     @Resource(lookup = "java:app/inbox/producers")
 *     InboxProducerFactory producers;
 *
 *     @Transactional
 *     public void place(Order order) {
 *         orders.persist(order);
 *         try (InboxProducer inbox = producers.open()) {
 *             inbox.send("invoice_jobs", json(order), SendOptions.now().queue("eu"));
 *         }
 *     }
 * }
 * }</pre>
 */
public interface InboxProducerFactory {

    /**
     * Opens a producer on the factory's database, enlisted in the caller's transaction when
     * there is one (without one, each {@code send} commits by itself). Close it when done.
     *
     * @return the producer
     * @throws InboxProducerException when no connection can be had
     */
    InboxProducer open();

    /**
     * A JDBC connection on the factory's database, for the application's own writes. Called by an
     * MDB during a row lock delivery of a subscription on the same database (same {@code url},
     * {@code user} and data source properties), it is the claim's own connection: the MDB's
     * writes are in the claim's XA branch and commit in one phase with the settlement, with no
     * second XA resource in the transaction; ending its transaction is refused, closing it leaves
     * it to the delivery. Anywhere else it is an ordinary XA connection of the server's pool,
     * enlisted in the caller's transaction. Close it when done.
     *
     * <p>The claim's connection is lent to the delivery's own transaction only, while its branch
     * is active: once the delivery has ended, timed out or rolled back, every call on it (and on
     * its statements and result sets) fails with an {@code SQLException} rather than commit
     * outside the transaction; {@code unwrap} gives no driver connection. A bean method the MDB
     * calls with {@code REQUIRES_NEW} or {@code NOT_SUPPORTED} runs in another transaction or in
     * none, and gets the ordinary connection there.
     *
     * <pre>{@code
     * public Outcome onMessage(InboxMessage message) {
     *     try (Connection c = producers.connection();
     *          PreparedStatement insert = c.prepareStatement("INSERT INTO issued (number) VALUES (?)")) {
     *         insert.setString(1, message.text());
     *         insert.executeUpdate();
     *     }
     *     return Outcome.ack();
     * }
     * }</pre>
     *
     * @return the connection
     * @throws InboxProducerException when no connection can be had
     */
    java.sql.Connection connection();
}
