package io.inboxra.sample;

import jakarta.validation.constraints.DecimalMin;
import jakarta.validation.constraints.Digits;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Size;

import java.math.BigDecimal;

/**
 * The payload of an invoice job, as JSON: {@code {"number":"INV-1","customer":"ACME","amount":120.00}}.
 * The constraints are the columns of {@code issued_invoices}: the REST API refuses an invoice
 * that breaks them (400), and the MDB dead-letters one that reached the table some other way,
 * rather than failing its commit on every delivery.
 *
 * @param number the invoice number, unique among issued invoices
 * @param customer who is billed
 * @param amount how much, more than zero, with at most two decimals
 */
public record Invoice(
        @NotBlank @Size(max = 100) String number,
        @NotBlank @Size(max = 200) String customer,
        @NotNull @DecimalMin(value = "0", inclusive = false) @Digits(integer = 10, fraction = 2) BigDecimal amount) {
}
