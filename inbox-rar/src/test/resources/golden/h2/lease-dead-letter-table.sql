-- h2: TableSpec[table=jobs, idColumn=id, payloadColumn=payload, queueColumn=Optional[queue], dueColumn=Optional[due_at], priorityColumn=Optional.empty, attemptColumn=Optional[attempts], processedAtColumn=Optional.empty, lockedUntilColumn=Optional[locked_until], advisoryLock=Optional.empty, fifoColumn=Optional.empty, deadAtColumn=Optional.empty, deadLetterTable=Optional[dead_jobs], deadLetterColumns=DeadLetterColumns[id=id, queue=queue, payload=payload, attempts=attempts, reason=reason, deadAt=dead_at]]

-- leaseIds
SELECT "id" AS inbox_id FROM "jobs" h WHERE "queue" = ? AND ("due_at" IS NULL OR "due_at" <= CURRENT_TIMESTAMP) AND ("locked_until" IS NULL OR "locked_until" < CURRENT_TIMESTAMP) ORDER BY "due_at", "id" LIMIT ? FOR UPDATE SKIP LOCKED
-- binds QUEUE, LIMIT

-- leaseWrite
UPDATE "jobs" SET "locked_until" = DATEADD(MILLISECOND, ?, CURRENT_TIMESTAMP) WHERE "id" = ?
-- binds LEASE, ID

-- leaseRead
SELECT "id" AS inbox_id, "payload" AS inbox_payload, "attempts" AS inbox_attempt, "locked_until" AS inbox_token FROM "jobs" WHERE "id" = ?
-- binds ID

-- leaseWriteAll 3: none

-- leaseReadAll 3: none

-- leaseRows: none

-- leaseWriteToken 3: none

-- extendLease
UPDATE "jobs" SET "locked_until" = DATEADD(MILLISECOND, ?, CURRENT_TIMESTAMP) WHERE "id" = ? AND "locked_until" = ?
-- binds LEASE, ID, TOKEN

-- extendLeaseAfterCutOff
UPDATE "jobs" SET "locked_until" = DATEADD(MILLISECOND, ?, CURRENT_TIMESTAMP) WHERE "id" = ? AND "locked_until" > ? AND DATEADD(MILLISECOND, -1 * ?, "locked_until") < ?
-- binds LEASE, ID, TOKEN, LEASE, TOKEN

-- releaseLease
UPDATE "jobs" SET "locked_until" = NULL WHERE "id" = ? AND "locked_until" = ?
-- binds ID, TOKEN

-- settle
DELETE FROM "jobs" WHERE "id" = ? AND "locked_until" = ?
-- binds ID, TOKEN

-- reschedule
UPDATE "jobs" SET "due_at" = DATEADD(MILLISECOND, ?, CURRENT_TIMESTAMP), "attempts" = "attempts" + 1, "locked_until" = NULL WHERE "id" = ? AND "locked_until" = ?
-- binds DELAY, ID, TOKEN

-- duePartitionsAhead: none

-- deadLetter 1/2
INSERT INTO "dead_jobs" ("id", "queue", "payload", "attempts", "reason", "dead_at") SELECT "id", "queue", "payload", ?, ?, CURRENT_TIMESTAMP FROM "jobs" WHERE "id" = ? AND "locked_until" = ? AND NOT EXISTS (SELECT 1 FROM "dead_jobs" d WHERE d."id" = "jobs"."id")
-- binds ATTEMPT, REASON, ID, TOKEN

-- deadLetter 2/2
DELETE FROM "jobs" WHERE "id" = ? AND "locked_until" = ? AND EXISTS (SELECT 1 FROM "dead_jobs" d WHERE d."id" = "jobs"."id" AND d."payload" = "jobs"."payload")
-- binds ID, TOKEN

-- deadLetterConflict
SELECT 1 FROM "dead_jobs" d, "jobs" WHERE "jobs"."id" = ? AND d."id" = "jobs"."id" AND NOT (d."payload" = "jobs"."payload")
-- binds ID

-- backlog
SELECT COUNT(*), MIN(h."due_at"), MIN(h."id"), CURRENT_TIMESTAMP FROM "jobs" h WHERE "queue" = ? AND ("due_at" IS NULL OR "due_at" <= CURRENT_TIMESTAMP) AND ("locked_until" IS NULL OR "locked_until" < CURRENT_TIMESTAMP)
-- binds QUEUE

-- inWork
SELECT COUNT(*) FROM "jobs" WHERE "queue" = ? AND "locked_until" >= CURRENT_TIMESTAMP
-- binds QUEUE

-- inboxRow
SELECT "id", NULL, SUBSTRING("payload" FROM 1 FOR 4096), "attempts", "due_at", NULL, NULL, CASE WHEN "locked_until" >= CURRENT_TIMESTAMP THEN 1 ELSE 0 END FROM "jobs" WHERE "queue" = ? AND "id" = ?
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
SELECT "id", SUBSTRING("payload" FROM 1 FOR 4096), "attempts", "reason", "dead_at", OCTET_LENGTH("payload") FROM "dead_jobs" WHERE "queue" = ? ORDER BY "dead_at" DESC, "id" DESC
-- binds QUEUE

-- deadLetterById
SELECT "id", "payload", "attempts", "reason", "dead_at" FROM "dead_jobs" WHERE "queue" = ? AND "id" = ?
-- binds QUEUE, ID

-- requeueAll 1/2
INSERT INTO "jobs" ("id", "queue", "payload", "attempts", "due_at") SELECT d."id", d."queue", d."payload", 0, CURRENT_TIMESTAMP FROM "dead_jobs" d WHERE d."queue" = ? AND NOT EXISTS (SELECT 1 FROM "jobs" x WHERE x."id" = d."id")
-- binds QUEUE

-- requeueAll 2/2
DELETE FROM "dead_jobs" WHERE "queue" = ? AND EXISTS (SELECT 1 FROM "jobs" x WHERE x."id" = "dead_jobs"."id" AND x."payload" = "dead_jobs"."payload")
-- binds QUEUE

-- requeueOne 1/2
INSERT INTO "jobs" ("id", "queue", "payload", "attempts", "due_at") SELECT d."id", d."queue", d."payload", 0, CURRENT_TIMESTAMP FROM "dead_jobs" d WHERE d."queue" = ? AND d."id" = ? AND NOT EXISTS (SELECT 1 FROM "jobs" x WHERE x."id" = d."id")
-- binds QUEUE, ID

-- requeueOne 2/2
DELETE FROM "dead_jobs" WHERE "queue" = ? AND "id" = ? AND EXISTS (SELECT 1 FROM "jobs" x WHERE x."id" = "dead_jobs"."id" AND x."payload" = "dead_jobs"."payload")
-- binds QUEUE, ID

-- discardDeadLetters
DELETE FROM "dead_jobs" WHERE "queue" = ? AND "dead_at" < DATEADD(MILLISECOND, ?, CURRENT_TIMESTAMP)
-- binds QUEUE, DELAY
