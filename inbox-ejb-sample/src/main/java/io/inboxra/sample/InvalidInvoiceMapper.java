package io.inboxra.sample;

import jakarta.validation.ConstraintViolationException;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.ext.ExceptionMapper;
import jakarta.ws.rs.ext.Provider;

/**
 * Answers an invoice that breaks its constraints (Bean Validation of {@code @Valid Invoice})
 * with 400 and a JSON body naming each field, instead of the server's HTML error page.
 */
@Provider
public class InvalidInvoiceMapper implements ExceptionMapper<ConstraintViolationException> {

    @Override
    public Response toResponse(ConstraintViolationException e) {
        return Response.status(Response.Status.BAD_REQUEST).type(MediaType.APPLICATION_JSON_TYPE)
                .entity(ApiError.invalid(e.getConstraintViolations())).build();
    }
}
