package io.inboxra.sample;

import java.math.BigDecimal;

/**
 * The payload of an invoice job, as JSON: {@code {"number":"INV-1","customer":"ACME","amount":120.00}}.
 *
 * @param number the invoice number
 * @param customer who is billed
 * @param amount how much
 */
public record Invoice(String number, String customer, BigDecimal amount) {
}
