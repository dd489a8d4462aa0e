package io.inboxra.sample.admin;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.context.Initialized;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import jakarta.security.enterprise.authentication.mechanism.http.BasicAuthenticationMechanismDefinition;
import jakarta.security.enterprise.credential.UsernamePasswordCredential;
import jakarta.security.enterprise.identitystore.CredentialValidationResult;
import jakarta.security.enterprise.identitystore.IdentityStore;
import org.eclipse.microprofile.config.inject.ConfigProperty;

import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.PrintStream;
import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.Optional;
import java.util.Set;

/**
 * Who may use the operators' page and API that {@code inbox-admin} brings (under {@code /inbox/},
 * role {@code inbox-admin}), and void issued invoices: one operator, signed in with HTTP Basic,
 * whose name and password come from MicroProfile Config ({@code sample.admin.user}, default
 * {@code admin}; {@code sample.admin.password}). Without a password set, one is made at each start
 * and printed once on the server's console (its standard output, written past the server's
 * logging, so that no log file, log handler or log shipping gets it), so that no deployment of
 * the sample opens with a password anybody knows; the log says only that it was printed. A real
 * application signs its operators in as it signs in anybody (its identity store, OpenID Connect)
 * and gives them the group that {@code WEB-INF/glassfish-web.xml} maps to the role.
 */
@BasicAuthenticationMechanismDefinition(realmName = "inbox-admin")
@ApplicationScoped
public class OperatorLogin implements IdentityStore {

    private static final Logger LOG = System.getLogger(OperatorLogin.class.getName());

    /** The group the operator is in, mapped to the role {@code inbox-admin}. */
    public static final String GROUP = "inbox-admin";

    @Inject
    @ConfigProperty(name = "sample.admin.user", defaultValue = "admin")
    String user;

    @Inject
    @ConfigProperty(name = "sample.admin.password")
    Optional<String> configured;

    private String password;

    /** At deployment: the password, made and printed once when none is set. */
    void started(@Observes @Initialized(ApplicationScoped.class) Object deployed) {
        password = configured.filter(p -> !p.isBlank()).orElseGet(() -> {
            byte[] random = new byte[12];
            new SecureRandom().nextBytes(random);
            String made = Base64.getUrlEncoder().withoutPadding().encodeToString(random);
            // The process's own standard output, not System.out, which a server may route into its log.
            PrintStream console = new PrintStream(new FileOutputStream(FileDescriptor.out), true, StandardCharsets.UTF_8);
            console.println("Operators' page (/inbox/ of the sample): sign in as '" + user + "' with the password '"
                    + made + "', made for this start; set sample.admin.password to choose one");
            console.flush();
            LOG.log(Level.INFO, "Operators' page (/inbox/ of the sample): no sample.admin.password is set; the"
                    + " password of this start is printed on the server's console (standard output), not logged");
            return made;
        });
    }

    /**
     * @param credential the name and password the browser sent
     * @return the operator with the group, or invalid
     */
    public CredentialValidationResult validate(UsernamePasswordCredential credential) {
        if (password != null && credential.getCaller().equals(user) && credential.getPassword().compareTo(password)) {
            return new CredentialValidationResult(user, Set.of(GROUP));
        }
        return CredentialValidationResult.INVALID_RESULT;
    }
}
