package io.inboxra.sample.admin;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.security.enterprise.authentication.mechanism.http.BasicAuthenticationMechanismDefinition;
import jakarta.security.enterprise.credential.UsernamePasswordCredential;
import jakarta.security.enterprise.identitystore.CredentialValidationResult;
import jakarta.security.enterprise.identitystore.IdentityStore;
import org.eclipse.microprofile.config.inject.ConfigProperty;

import java.util.Set;

/**
 * Who may use the operators' page and API that {@code inbox-admin} brings (under {@code /inbox/},
 * role {@code inbox-admin}): one operator, signed in with HTTP Basic, whose name and password
 * come from MicroProfile Config ({@code sample.admin.user}, {@code sample.admin.password}).
 * The defaults, {@code admin} / {@code admin}, are for trying the sample on your own machine
 * only: set both before the sample is reachable by anyone else. A real application signs its
 * operators in as it signs in anybody (its identity store, OpenID Connect) and gives them the
 * group that {@code WEB-INF/glassfish-web.xml} maps to the role.
 */
@BasicAuthenticationMechanismDefinition(realmName = "inbox-admin")
@ApplicationScoped
public class OperatorLogin implements IdentityStore {

    /** The group the operator is in, mapped to the role {@code inbox-admin}. */
    static final String GROUP = "inbox-admin";

    @Inject
    @ConfigProperty(name = "sample.admin.user", defaultValue = "admin")
    String user;

    @Inject
    @ConfigProperty(name = "sample.admin.password", defaultValue = "admin")
    String password;

    /**
     * @param credential the name and password the browser sent
     * @return the operator with the group, or invalid
     */
    public CredentialValidationResult validate(UsernamePasswordCredential credential) {
        if (credential.getCaller().equals(user) && credential.getPassword().compareTo(password)) {
            return new CredentialValidationResult(user, Set.of(GROUP));
        }
        return CredentialValidationResult.INVALID_RESULT;
    }
}
