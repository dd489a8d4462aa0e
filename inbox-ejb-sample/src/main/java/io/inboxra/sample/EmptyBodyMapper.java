package io.inboxra.sample;

import jakarta.ws.rs.BadRequestException;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.NoContentException;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.ext.ExceptionMapper;
import jakarta.ws.rs.ext.Provider;

import java.util.List;

/**
 * Answers the requests Jersey itself refuses as bad (a POST without a body: JSON-B reports a
 * {@link NoContentException}, which Jersey turns into a {@link BadRequestException}) with the
 * same JSON body as the other 400 answers, instead of an HTML page.
 */
@Provider
public class EmptyBodyMapper implements ExceptionMapper<BadRequestException> {

    @Override
    public Response toResponse(BadRequestException e) {
        ApiError error = e.getCause() instanceof NoContentException
                ? new ApiError("the body is empty: send the invoice as JSON",
                        List.of(new ApiError.FieldError("body", "must not be empty")))
                : new ApiError(e.getMessage(), List.of());
        return Response.status(Response.Status.BAD_REQUEST).type(MediaType.APPLICATION_JSON_TYPE).entity(error).build();
    }
}
