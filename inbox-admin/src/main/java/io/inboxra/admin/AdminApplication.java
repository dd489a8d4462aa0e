package io.inboxra.admin;

import jakarta.annotation.security.DeclareRoles;
import jakarta.ws.rs.ApplicationPath;
import jakarta.ws.rs.core.Application;

import java.util.Set;

/**
 * The operators' REST API, under {@code /inbox/api} of the application, beside the page at
 * {@code /inbox/}. It lists its classes, so that it serves only its own resource.
 */
@ApplicationPath(AdminApplication.PATH)
@DeclareRoles(AdminApplication.ROLE)
public class AdminApplication extends Application {

    /** Where the API is, in the application. */
    public static final String PATH = "inbox/api";

    /** The role an operator needs, for the page and the API alike. */
    public static final String ROLE = "inbox-admin";

    @Override
    public Set<Class<?>> getClasses() {
        return Set.of(SubscriptionsResource.class, RequireAdminRole.class);
    }
}
