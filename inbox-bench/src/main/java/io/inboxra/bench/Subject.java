package io.inboxra.bench;

import io.inboxra.dialect.Form;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * What the throughput mode measures: one of the baselines, or the adapter in one form, each
 * delivery in a container transaction (Narayana) or, for the row lock form also, in the
 * adapter's own local transaction (a bean-managed MDB): the difference is the container's share.
 *
 * <p>Names have no spaces ({@code row-lock-batch-50}), so a shell cannot split one; the spaced
 * names of earlier runs ({@code row lock batch 50}, {@code plain JDBC}) are read as the same
 * subject.
 *
 * @param name       the subject's name, as {@code --subjects} and the results write it
 * @param form       the adapter's form, or null for a plain-JDBC baseline and db-scheduler
 * @param transacted whether each delivery runs in a container transaction
 * @param batchSize  rows per transaction
 * @param prefetch   the lease and advisory lock forms' {@code prefetch}: rows one claim takes, each in a transaction of its own
 */
record Subject(String name, Form form, boolean transacted, int batchSize, int prefetch) {

    Subject(String name, Form form, boolean transacted, int batchSize) {
        this(name, form, transacted, batchSize, 1);
    }

    /** The lease and advisory lock forms claiming this many rows a statement, each delivered in a transaction of its own. */
    static final int PREFETCH = 8;

    static final String PLAIN_JDBC = "plain-jdbc";
    static final String DB_SCHEDULER = "db-scheduler";
    /** The batch sizes measured besides 1, in every form and by plain JDBC: "row-lock-batch-10" and so on. */
    static final List<Integer> BATCHES = List.of(10, 50, 100);

    static List<Subject> all() {
        List<Subject> subjects = new ArrayList<>(List.of(new Subject(PLAIN_JDBC, null, false, 1),
                new Subject(DB_SCHEDULER, null, false, 1)));
        for (Form form : Form.values()) {
            subjects.add(new Subject(formName(form), form, true, 1));
        }
        subjects.add(new Subject("row-lock-bean-managed", Form.ROW_LOCK, false, 1));
        for (Form holding : List.of(Form.LEASE, Form.ADVISORY)) {
            subjects.add(new Subject(formName(holding) + "-prefetch-" + PREFETCH, holding, true, 1, PREFETCH));
        }
        for (int batch : BATCHES) {
            subjects.add(new Subject(batchName(PLAIN_JDBC, batch), null, false, batch));
        }
        for (Form form : Form.values()) {
            for (int batch : BATCHES) {
                subjects.add(new Subject(batchName(formName(form), batch), form, true, batch));
            }
        }
        return subjects;
    }

    /** @return whether this is a plain-JDBC loop (one row or a batch per local transaction) */
    boolean plainJdbc() {
        return form == null && !name.equals(DB_SCHEDULER);
    }

    /** @return the subject a ratio is taken against: plain JDBC with the same batch size */
    String baseline() {
        return batchSize == 1 ? PLAIN_JDBC : batchName(PLAIN_JDBC, batchSize);
    }

    static String formName(Form form) {
        return form.name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    static String batchName(String single, int batch) {
        return single + "-batch-" + batch;
    }

    /**
     * A subject's name as the bench writes it, from either spelling: "row lock (bean-managed)"
     * and "row-lock-bean-managed" are the same subject.
     */
    static String canonical(String name) {
        return name.trim().toLowerCase(Locale.ROOT).replaceAll("[()]", "").replaceAll("[\\s_]+", "-");
    }

    /**
     * The subjects named in {@code --subjects}, in the order the bench runs them.
     *
     * @throws IllegalArgumentException naming every unknown name and listing the known ones
     */
    static Set<String> select(String option) {
        List<String> known = all().stream().map(Subject::name).toList();
        Set<String> chosen = new LinkedHashSet<>();
        List<String> unknown = new ArrayList<>();
        for (String given : option.split(",")) {
            if (given.isBlank()) {
                continue;
            }
            String name = canonical(given);
            if (known.contains(name)) {
                chosen.add(name);
            } else {
                unknown.add("'" + given.trim() + "'");
            }
        }
        if (!unknown.isEmpty() || chosen.isEmpty()) {
            throw new IllegalArgumentException("--subjects " + (unknown.isEmpty() ? "names no subject"
                    : "has unknown subject" + (unknown.size() > 1 ? "s " : " ") + String.join(", ", unknown))
                    + ". Known subjects (comma-separated, no spaces; the spaced names of earlier runs such as"
                    + " 'row lock batch 50' are accepted too): " + String.join(", ", known));
        }
        return chosen;
    }
}
