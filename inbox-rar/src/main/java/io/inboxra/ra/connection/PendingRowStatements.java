package io.inboxra.ra.connection;

import io.inboxra.dialect.Advisory;
import io.inboxra.dialect.Dialect;
import io.inboxra.dialect.Form;
import io.inboxra.dialect.Statement;
import io.inboxra.dialect.TableSpec;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The statements of an operator's look-up and cancel of a subscription's rows, built once from its
 * dialect at activation ({@link OperatorStatements#pendingRows()}).
 *
 * @param rowById a row of the inbox by id, whatever its state ({@link Dialect#inboxRow})
 * @param rowByKey a row of the inbox by key (with a {@code keyColumn})
 * @param deadLettersByKey the dead letters of a key, where the dead-letter table keeps keys ({@link Dialect#deadLettersByKey})
 * @param hold the cancel's hold on a pending row, without waiting ({@link Dialect#holdPendingRow})
 * @param move the cancel's dead-letter move: the dialect's {@code deadLetter} statements, unfenced in the
 *        lease form (the hold has checked that no live lease holds the row, and its lock keeps any claim out);
 *        empty without a dead-letter place
 * @param conflict whether the dead-letter table holds a different message under the row's id (with a dead-letter table)
 * @param tryLock the advisory form's lock of the row, tried ({@link Advisory#tryLock}); empty in the other forms,
 *        and where the dialect has none
 * @param unlock the advisory form's release of that lock
 */
public record PendingRowStatements(Statement rowById, Optional<Statement> rowByKey,
        Optional<Statement> deadLettersByKey, Statement hold, List<Statement> move,
        Optional<Statement> conflict, Optional<Statement> tryLock, Optional<Statement> unlock) {

    /**
     * @param dialect the subscription's dialect
     * @param spec the checked table
     * @return the statements
     */
    public static PendingRowStatements of(Dialect dialect, TableSpec spec) {
        boolean dead = spec.deadLetterTable().isPresent() || spec.deadAtColumn().isPresent();
        Advisory advisory = spec.form() == Form.ADVISORY && dialect instanceof Advisory a ? a : null;
        TableSpec unfenced = spec.toBuilder().lockedUntilColumn(null).build();
        return new PendingRowStatements(dialect.inboxRow(spec, false),
                spec.keyColumn().map(k -> dialect.inboxRow(spec, true)),
                dead ? dialect.deadLettersByKey(spec) : Optional.empty(),
                dialect.holdPendingRow(spec),
                dead ? dialect.deadLetter(unfenced) : List.of(),
                dead ? dialect.deadLetterConflict(spec) : Optional.empty(),
                advisory == null ? Optional.empty() : advisory.tryLock(spec),
                advisory == null ? Optional.empty() : Optional.of(advisory.unlock(spec)));
    }

    /** @return every statement, by the name of the dialect's method that wrote it, for the activation to prepare */
    Map<String, Statement> named() {
        Map<String, Statement> named = new LinkedHashMap<>();
        named.put("inboxRow", rowById);
        rowByKey.ifPresent(s -> named.put("inboxRow by key", s));
        deadLettersByKey.ifPresent(s -> named.put("deadLettersByKey", s));
        named.put("holdPendingRow", hold);
        for (int i = 0; i < move.size(); i++) {
            named.put("cancel: deadLetter " + (i + 1) + "/" + move.size(), move.get(i));
        }
        tryLock.ifPresent(s -> named.put("tryLock", s));
        return named;
    }
}
