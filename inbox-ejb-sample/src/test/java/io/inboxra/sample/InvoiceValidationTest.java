package io.inboxra.sample;

import jakarta.json.bind.JsonbException;
import jakarta.validation.ConstraintViolation;
import jakarta.validation.Validation;
import jakarta.validation.Validator;
import jakarta.validation.ValidatorFactory;
import org.hibernate.validator.messageinterpolation.ParameterMessageInterpolator;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.util.List;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The invoice's constraints and the 400 answer they make, as {@code POST /api/invoices} and the
 * MDB use them: {@code {}} names every field, a blank or too long one names itself.
 */
class InvoiceValidationTest {

    private static ValidatorFactory factory;
    private static Validator validator;

    @BeforeAll
    static void validator() {
        // No expression language in a unit test: messages with ${...} are not used by these constraints.
        factory = Validation.byDefaultProvider().configure()
                .messageInterpolator(new ParameterMessageInterpolator()).buildValidatorFactory();
        validator = factory.getValidator();
    }

    @AfterAll
    static void close() {
        factory.close();
    }

    private static ApiError answer(Invoice invoice) {
        return ApiError.invalid(validator.validate(invoice));
    }

    private static List<String> fields(ApiError error) {
        return error.fields().stream().map(ApiError.FieldError::field).toList();
    }

    @Test
    void aValidInvoiceHasNoViolation() {
        assertEquals(Set.of(), validator.validate(new Invoice("INV-42", "ACME", new BigDecimal("99.50"))));
    }

    @Test
    void anEmptyObjectNamesEveryField() {
        ApiError error = answer(new Invoice(null, null, null));
        assertEquals(List.of("amount", "customer", "number"), fields(error));
        assertEquals("invalid invoice: amount must not be null, customer must not be blank,"
                + " number must not be blank", error.error());
    }

    @Test
    void aBlankNumberNamesTheNumber() {
        ApiError error = answer(new Invoice("  ", "ACME", BigDecimal.TEN));
        assertEquals(List.of(new ApiError.FieldError("number", "must not be blank")), error.fields());
    }

    @Test
    void aCustomerLongerThanItsColumnNamesTheCustomer() {
        assertEquals(List.of("customer"), fields(answer(new Invoice("INV-1", "x".repeat(201), BigDecimal.TEN))));
    }

    @Test
    void anAmountOfZeroOrWithThreeDecimalsNamesTheAmount() {
        assertEquals(List.of("amount"), fields(answer(new Invoice("INV-1", "ACME", BigDecimal.ZERO))));
        assertEquals(List.of("amount"), fields(answer(new Invoice("INV-1", "ACME", new BigDecimal("1.005")))));
    }

    @Test
    void unreadableJsonNamesThePropertyJsonbNames() {
        ApiError error = MalformedJsonMapper.malformed("Unable to deserialize property 'amount' because of:"
                + " Error deserialize JSON value into type: class java.math.BigDecimal.");
        assertEquals(List.of(new ApiError.FieldError("amount", "has the wrong type")), error.fields());
        assertTrue(error.error().startsWith("malformed JSON: Unable to deserialize property 'amount'"));
        assertEquals(List.of(), MalformedJsonMapper.malformed("Internal error: Invalid token=EOF at (line no=1,"
                + " column no=20, offset=19).").fields(), "a syntax error names no field");
    }

    @Test
    void theReasonOfUnreadableJsonKeepsEveryNestedMessageOnce() {
        JsonbException e = new JsonbException("Unable to deserialize property 'amount' because of: bad number",
                new NumberFormatException("bad number"));
        assertEquals("Unable to deserialize property 'amount' because of: bad number",
                MalformedJsonMapper.reason(e));
        Set<ConstraintViolation<Invoice>> none = validator.validate(new Invoice("INV-1", "ACME", BigDecimal.ONE));
        assertTrue(ApiError.invalid(none).fields().isEmpty());
    }
}
