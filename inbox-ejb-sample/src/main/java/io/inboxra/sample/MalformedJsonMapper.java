package io.inboxra.sample;

import jakarta.json.bind.JsonbException;
import jakarta.ws.rs.ProcessingException;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.ext.ExceptionMapper;
import jakarta.ws.rs.ext.Provider;

import java.util.List;
import java.util.logging.Level;
import java.util.logging.Logger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Answers a body that JSON-B cannot read as an {@link Invoice} (not JSON, or {@code "amount":"ten"})
 * with 400 and JSON-B's reason, naming the property where JSON-B's message does. Jersey reports such a
 * body as a {@link ProcessingException} caused by a {@link JsonbException}; any other processing
 * failure is the server's, answered 500 and logged.
 */
@Provider
public class MalformedJsonMapper implements ExceptionMapper<ProcessingException> {

    private static final Logger LOG = Logger.getLogger(MalformedJsonMapper.class.getName());
    /** How Yasson names the property it could not read; other JSON-B implementations may not, then no field is named. */
    private static final Pattern PROPERTY = Pattern.compile("deserialize property '([^']+)'");

    @Override
    public Response toResponse(ProcessingException e) {
        JsonbException unreadable = unreadable(e);
        if (unreadable == null) {
            LOG.log(Level.SEVERE, "Request failed", e);
            return Response.serverError().type(MediaType.APPLICATION_JSON_TYPE)
                    .entity(new ApiError("the server failed; its log tells why", List.of())).build();
        }
        return Response.status(Response.Status.BAD_REQUEST).type(MediaType.APPLICATION_JSON_TYPE)
                .entity(malformed(reason(unreadable))).build();
    }

    /** The answer to unreadable JSON: the reason, and the property it names, if any. */
    static ApiError malformed(String reason) {
        Matcher property = PROPERTY.matcher(reason);
        return new ApiError("malformed JSON: " + reason, property.find()
                ? List.of(new ApiError.FieldError(property.group(1), "has the wrong type"))
                : List.of());
    }

    /** The JSON-B failure in the cause chain, or null. */
    private static JsonbException unreadable(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof JsonbException jsonb) {
                return jsonb;
            }
        }
        return null;
    }

    /** Yasson's messages nest ("Unable to deserialize property 'amount' because of: ..."): all of them, in order. */
    static String reason(Throwable e) {
        StringBuilder reason = new StringBuilder();
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t.getMessage() != null && reason.indexOf(t.getMessage()) < 0) {
                reason.append(reason.isEmpty() ? "" : ": ").append(t.getMessage());
            }
        }
        return reason.toString();
    }
}
