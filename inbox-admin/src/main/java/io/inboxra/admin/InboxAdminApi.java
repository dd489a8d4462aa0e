package io.inboxra.admin;

import jakarta.ws.rs.NameBinding;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Binds {@link RequireAdminRole} to the operators' API alone. An application whose own JAX-RS
 * application scans every class of the WAR finds the API's resource and the filter too; bound
 * by name, the filter guards that resource wherever it is found and leaves the application's
 * own resources alone.
 */
@NameBinding
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.TYPE, ElementType.METHOD})
public @interface InboxAdminApi {
}
