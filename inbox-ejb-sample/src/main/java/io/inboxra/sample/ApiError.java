package io.inboxra.sample;

import jakarta.validation.ConstraintViolation;
import jakarta.validation.ElementKind;
import jakarta.validation.Path;

import java.util.Comparator;
import java.util.List;
import java.util.Set;

/**
 * The JSON body of the API's error answers: what is wrong with the request, and each field at fault.
 * {@code {"error":"invalid invoice: number must not be blank","fields":[{"field":"number","message":"must not be blank"}]}}
 *
 * @param error what is wrong, in a sentence
 * @param fields the fields at fault, by name; empty when the body is not JSON at all
 */
public record ApiError(String error, List<FieldError> fields) {

    /**
     * One field at fault.
     *
     * @param field the JSON property, as the client spelled it ({@code number}, {@code amount})
     * @param message why it is refused
     */
    public record FieldError(String field, String message) {
    }

    /** @return the answer naming each violated field, sorted by field so that it reads the same every time */
    static ApiError invalid(Set<? extends ConstraintViolation<?>> violations) {
        List<FieldError> fields = violations.stream()
                .map(v -> new FieldError(field(v.getPropertyPath()), v.getMessage()))
                .sorted(Comparator.comparing(FieldError::field).thenComparing(FieldError::message))
                .toList();
        return new ApiError("invalid invoice: " + fields.stream()
                .map(f -> f.field() + " " + f.message()).reduce((a, b) -> a + ", " + b).orElse("no field named"),
                fields);
    }

    /**
     * The JSON property: the last node of the path ({@code enqueue.arg0.number}: {@code number}),
     * or {@code body} when the whole body is at fault ({@code null}: the path ends at the parameter).
     */
    private static String field(Path path) {
        Path.Node last = null;
        for (Path.Node node : path) {
            last = node;
        }
        return last == null || last.getName() == null || last.getKind() == ElementKind.PARAMETER ? "body" : last.getName();
    }
}
