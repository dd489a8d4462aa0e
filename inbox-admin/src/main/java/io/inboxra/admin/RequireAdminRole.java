package io.inboxra.admin;

import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerRequestFilter;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.SecurityContext;
import jakarta.ws.rs.ext.Provider;

/**
 * Guards the operators' API: it answers only under {@code /inbox/api} (where the JAR's
 * {@code web-fragment.xml} has the container authenticate every request), and only to users in
 * the role {@code inbox-admin}. The path check matters where the application's own JAX-RS
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
        } else if (security.getUserPrincipal() == null) {
            request.abortWith(Answers.error(Response.Status.UNAUTHORIZED, "sign in as a user in the role '"
                    + AdminApplication.ROLE + "'"));
        } else if (!security.isUserInRole(AdminApplication.ROLE)) {
            request.abortWith(Answers.error(Response.Status.FORBIDDEN, "user '" + security.getUserPrincipal().getName()
                    + "' is not in the role '" + AdminApplication.ROLE + "'; map the role to the user's group"));
        }
    }
}
