package io.inboxra.admin;

import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.sql.SQLException;

/**
 * The API's answers: the value as JSON, or {@code {"error": "..."}} with a status that says whose
 * the failure is: 404 no such subscription, 400 a bad value, 409 not possible for this
 * subscription (no dead-letter place, or stopped), 503 the database failed (logged once, here).
 * The resource answers its failures itself rather than through an exception mapper, which an
 * application scanning the WAR would pick up for its own resources too.
 */
final class Answers {

    private static final Logger LOG = System.getLogger(Answers.class.getName());

    /** @param error what went wrong, for the operator */
    public record Error(String error) {
    }

    /** An operation that may fail. */
    interface Operation {
        Object run() throws Exception;
    }

    /** The subscription asked for is not active. */
    static final class NoSuchSubscription extends RuntimeException {
        NoSuchSubscription(String message) {
            super(message);
        }
    }

    private Answers() {
    }

    static Response of(Operation operation) {
        try {
            Object value = operation.run();
            // An answer whose status the operation chose itself (a cancel refused: 404, 409).
            return value instanceof Response ready ? ready : Response.ok(value, MediaType.APPLICATION_JSON_TYPE).build();
        } catch (NoSuchSubscription e) {
            return error(Response.Status.NOT_FOUND, e.getMessage());
        } catch (IllegalArgumentException e) {
            return error(Response.Status.BAD_REQUEST, e.getMessage());
        } catch (IllegalStateException e) {
            return error(Response.Status.CONFLICT, e.getMessage());
        } catch (SQLException e) {
            LOG.log(Level.WARNING, "Inbox admin: an operation failed in the database: " + e.getMessage(), e);
            return error(Response.Status.SERVICE_UNAVAILABLE, "the database failed: " + e.getMessage());
        } catch (Exception e) {
            LOG.log(Level.ERROR, "Inbox admin: an operation failed", e);
            return error(Response.Status.INTERNAL_SERVER_ERROR, String.valueOf(e));
        }
    }

    static Response error(Response.Status status, String message) {
        return Response.status(status).type(MediaType.APPLICATION_JSON_TYPE).entity(new Error(message)).build();
    }
}
