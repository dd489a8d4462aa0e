/**
 * Operating an application's own inbox subscriptions (those of its MDBs, never another
 * application's; the server's administrators see every one in JMX): add {@code inbox-admin} to the
 * WAR's {@code WEB-INF/lib} and it brings
 * <ul>
 * <li>a MicroProfile Health readiness check, {@code inbox} ({@link InboxReadiness});</li>
 * <li>MicroProfile Metrics per subscription, tagged {@code subscription} ({@link InboxMetrics});</li>
 * <li>a REST API under {@code /inbox/api} ({@link SubscriptionsResource}) and a page at
 * {@code /inbox/}, both for users in the role {@code inbox-admin}, which the application maps
 * (its own authentication, and its server's role mapping).</li>
 * </ul>
 * Everything reads and acts through {@link io.inboxra.operations.InboxSubscriptions}.
 */
package io.inboxra.admin;
