-- postgres: TableSpec[table=jobs, idColumn=id, payloadColumn=payload, queueColumn=Optional[queue], dueColumn=Optional[due_at], priorityColumn=Optional.empty, attemptColumn=Optional[attempts], processedAtColumn=Optional.empty, lockedUntilColumn=Optional[locked_until], advisoryLock=Optional.empty, fifoColumn=Optional.empty, deadAtColumn=Optional.empty, deadLetterTable=Optional[dead_jobs], deadLetterColumns=DeadLetterColumns[id=id, queue=queue, payload=payload, attempts=attempts, reason=reason, deadAt=dead_at]]

-- leaseClaim
WITH claimable AS MATERIALIZED (SELECT "id" FROM "jobs" h WHERE "queue" = ? AND ("due_at" IS NULL OR "due_at" <= CURRENT_TIMESTAMP) AND ("locked_until" IS NULL OR "locked_until" < CURRENT_TIMESTAMP) ORDER BY "due_at", "id" LIMIT ? FOR UPDATE OF h SKIP LOCKED), claimed AS (UPDATE "jobs" SET "locked_until" = clock_timestamp() + ? * interval '1 millisecond' WHERE "id" IN (SELECT "id" FROM claimable) RETURNING *) SELECT "id" AS inbox_id, "payload" AS inbox_payload, "attempts" AS inbox_attempt, "locked_until" AS inbox_token FROM claimed CROSS JOIN (SELECT set_config('synchronous_commit', 'off', true) AS synchronous_commit) AS claim_commit ORDER BY "due_at", "id"
-- binds QUEUE, LIMIT, LEASE

-- extendLease
UPDATE "jobs" SET "locked_until" = clock_timestamp() + ? * interval '1 millisecond' WHERE "id" = ? AND "locked_until" = ? RETURNING "locked_until" AS inbox_token
-- binds LEASE, ID, TOKEN

-- extendLeaseAfterCutOff
UPDATE "jobs" SET "locked_until" = clock_timestamp() + ? * interval '1 millisecond' WHERE "id" = ? AND "locked_until" > ? AND "locked_until" - ? * interval '1 millisecond' < ? RETURNING "locked_until" AS inbox_token
-- binds LEASE, ID, TOKEN, LEASE, TOKEN

-- releaseLease
UPDATE "jobs" SET "locked_until" = NULL WHERE "id" = ? AND "locked_until" = ?
-- binds ID, TOKEN

-- settle
DELETE FROM "jobs" WHERE "id" = ? AND "locked_until" = ?
-- binds ID, TOKEN

-- reschedule
UPDATE "jobs" SET "due_at" = clock_timestamp() + ? * interval '1 millisecond', "attempts" = "attempts" + 1, "locked_until" = NULL WHERE "id" = ? AND "locked_until" = ?
-- binds DELAY, ID, TOKEN

-- duePartitionsAhead
SELECT CASE WHEN bool_or(upper_bound IS NULL) THEN NULL ELSE (extract(epoch FROM max(upper_bound) - now()) * 1000)::bigint END FROM (SELECT substring(pg_get_expr(c.relpartbound, c.oid) from 'TO \(''([^'']*)''\)')::timestamptz AS upper_bound FROM pg_catalog.pg_partitioned_table pt JOIN pg_catalog.pg_attribute a ON a.attrelid = pt.partrelid AND a.attnum = pt.partattrs[0] JOIN pg_catalog.pg_inherits i ON i.inhparent = pt.partrelid JOIN pg_catalog.pg_class c ON c.oid = i.inhrelid WHERE pt.partrelid = '"jobs"'::regclass AND pt.partstrat = 'r' AND pt.partnatts = 1 AND a.attname = 'due_at') p HAVING count(*) > 0
-- binds nothing

-- deadLetter 1/2
INSERT INTO "dead_jobs" ("id", "queue", "payload", "attempts", "reason", "dead_at") SELECT "id", "queue", "payload", ?, ?, CURRENT_TIMESTAMP FROM "jobs" WHERE "id" = ? AND "locked_until" = ? AND NOT EXISTS (SELECT 1 FROM "dead_jobs" d WHERE d."id" = "jobs"."id")
-- binds ATTEMPT, REASON, ID, TOKEN

-- deadLetter 2/2
DELETE FROM "jobs" WHERE "id" = ? AND "locked_until" = ? AND EXISTS (SELECT 1 FROM "dead_jobs" d WHERE d."id" = "jobs"."id" AND (d."payload")::text = ("jobs"."payload")::text)
-- binds ID, TOKEN

-- deadLetterConflict
SELECT 1 FROM "dead_jobs" d, "jobs" WHERE "jobs"."id" = ? AND d."id" = "jobs"."id" AND NOT ((d."payload")::text = ("jobs"."payload")::text)
-- binds ID

-- backlog
SELECT COUNT(*), MIN(h."due_at"), MIN(h."id"), CURRENT_TIMESTAMP FROM "jobs" h WHERE "queue" = ? AND ("due_at" IS NULL OR "due_at" <= CURRENT_TIMESTAMP) AND ("locked_until" IS NULL OR "locked_until" < CURRENT_TIMESTAMP)
-- binds QUEUE

-- inWork
SELECT COUNT(*) FROM "jobs" WHERE "queue" = ? AND "locked_until" >= CURRENT_TIMESTAMP
-- binds QUEUE

-- inboxRow
SELECT "id", NULL, substring("payload" from 1 for 4096), "attempts", "due_at", NULL, NULL, CASE WHEN "locked_until" >= CURRENT_TIMESTAMP THEN 1 ELSE 0 END FROM "jobs" WHERE "queue" = ? AND "id" = ?
-- binds QUEUE, ID

-- holdPendingRow
SELECT "id", "attempts" FROM "jobs" h WHERE "queue" = ? AND "id" = ? AND ("locked_until" IS NULL OR "locked_until" < CURRENT_TIMESTAMP) FOR UPDATE SKIP LOCKED
-- binds QUEUE, ID

-- deadLetterCount
SELECT COUNT(*) FROM "dead_jobs" WHERE "queue" = ?
-- binds QUEUE

-- deadLetterIds
SELECT "id" FROM "dead_jobs" WHERE "queue" = ?
-- binds QUEUE

-- deadLetterList
SELECT "id", substring("payload" from 1 for 4096), "attempts", "reason", "dead_at", octet_length("payload") FROM "dead_jobs" WHERE "queue" = ? ORDER BY "dead_at" DESC, "id" DESC
-- binds QUEUE

-- deadLetterById
SELECT "id", "payload", "attempts", "reason", "dead_at" FROM "dead_jobs" WHERE "queue" = ? AND "id" = ?
-- binds QUEUE, ID

-- requeueAll 1/2
INSERT INTO "jobs" ("id", "queue", "payload", "attempts", "due_at") SELECT d."id", d."queue", d."payload", 0, CURRENT_TIMESTAMP FROM "dead_jobs" d WHERE d."queue" = ? AND NOT EXISTS (SELECT 1 FROM "jobs" x WHERE x."id" = d."id")
-- binds QUEUE

-- requeueAll 2/2
DELETE FROM "dead_jobs" WHERE "queue" = ? AND EXISTS (SELECT 1 FROM "jobs" x WHERE x."id" = "dead_jobs"."id" AND (x."payload")::text = ("dead_jobs"."payload")::text)
-- binds QUEUE

-- requeueOne 1/2
INSERT INTO "jobs" ("id", "queue", "payload", "attempts", "due_at") SELECT d."id", d."queue", d."payload", 0, CURRENT_TIMESTAMP FROM "dead_jobs" d WHERE d."queue" = ? AND d."id" = ? AND NOT EXISTS (SELECT 1 FROM "jobs" x WHERE x."id" = d."id")
-- binds QUEUE, ID

-- requeueOne 2/2
DELETE FROM "dead_jobs" WHERE "queue" = ? AND "id" = ? AND EXISTS (SELECT 1 FROM "jobs" x WHERE x."id" = "dead_jobs"."id" AND (x."payload")::text = ("dead_jobs"."payload")::text)
-- binds QUEUE, ID

-- discardDeadLetters
DELETE FROM "dead_jobs" WHERE "queue" = ? AND "dead_at" < clock_timestamp() + ? * interval '1 millisecond'
-- binds QUEUE, DELAY
