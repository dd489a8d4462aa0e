package io.inboxra.admin;

import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerRequestFilter;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.SecurityContext;
import jakarta.ws.rs.ext.Provider;

/**
 * Guards the operators' API: it answers only under {@code /inbox/api} (where the JAR's
 * {@code web-fragment.xml} has the container authenticate every request), and only to users in
 * the role {@code inbox-admin}; no request may come from another site's page ({@code
 * Sec-Fetch-Site: cross-site}), and one that changes something must carry a JSON body type. The path check matters where the application's own JAX-RS
 * application scans the WAR and so serves the API's resource under its own path too.
 */
@Provider
@InboxAdminApi
public class RequireAdminRole implements ContainerRequestFilter {

    @Override
    public void filter(ContainerRequestContext request) {
        String base = request.getUriInfo().getBaseUri().getPath();
        SecurityContext security = request.getSecurityContext();
        if (!base.endsWith("/" + AdminApplication.PATH + "/") && !base.endsWith("/" + AdminApplication.PATH)) {
            request.abortWith(Answers.error(Response.Status.NOT_FOUND, "the inbox admin API is under /"
                    + AdminApplication.PATH + " of the application"));
        } else if (changes(request) && !MediaType.APPLICATION_JSON_TYPE.isCompatible(request.getMediaType())) {
            // A POST without a JSON body type is what a page of another site can send without asking
            // (a form, sendBeacon) with the operator's cached credentials: refused before anything runs.
            request.abortWith(Answers.error(Response.Status.UNSUPPORTED_MEDIA_TYPE, "send 'Content-Type:"
                    + " application/json' (with {} when there is nothing to send)"));
        } else if ("cross-site".equals(request.getHeaderString("Sec-Fetch-Site"))) {
            // GETs too: each one reads the database, and a page of another site must not make the
            // operator's browser do so, nor read what it answers.
            request.abortWith(Answers.error(Response.Status.FORBIDDEN, "a page of another site may not use"
                    + " the inbox admin API"));
        } else if (security.getUserPrincipal() == null) {
            request.abortWith(Answers.error(Response.Status.UNAUTHORIZED, "sign in as a user in the role '"
                    + AdminApplication.ROLE + "'"));
        } else if (!security.isUserInRole(AdminApplication.ROLE)) {
            request.abortWith(Answers.error(Response.Status.FORBIDDEN, "user '" + security.getUserPrincipal().getName()
                    + "' is not in the role '" + AdminApplication.ROLE + "'; map the role to the user's group"));
        }
    }

    private static boolean changes(ContainerRequestContext request) {
        return !"GET".equals(request.getMethod()) && !"HEAD".equals(request.getMethod());
    }
}
