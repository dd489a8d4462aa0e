-- h2: TableSpec[table=jobs, idColumn=id, payloadColumn=payload, queueColumn=Optional[queue], dueColumn=Optional[due_at], priorityColumn=Optional[priority], attemptColumn=Optional[attempts], processedAtColumn=Optional[processed_at], lockedUntilColumn=Optional[locked_until], advisoryLock=Optional.empty, fifoColumn=Optional.empty, deadAtColumn=Optional[dead_at], deadLetterTable=Optional.empty, deadLetterColumns=DeadLetterColumns[id=id, queue=queue, payload=payload, attempts=attempts, reason=reason, deadAt=dead_at]]

-- leaseIds
SELECT "id" AS inbox_id FROM "jobs" h WHERE "queue" = ? AND ("due_at" IS NULL OR "due_at" <= CURRENT_TIMESTAMP) AND "processed_at" IS NULL AND "dead_at" IS NULL AND ("locked_until" IS NULL OR "locked_until" < CURRENT_TIMESTAMP) ORDER BY "priority", "due_at", "id" LIMIT ? FOR UPDATE SKIP LOCKED
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
UPDATE "jobs" SET "processed_at" = CURRENT_TIMESTAMP, "locked_until" = NULL WHERE "id" = ? AND "locked_until" = ? AND "processed_at" IS NULL AND "dead_at" IS NULL
-- binds ID, TOKEN

-- reschedule
UPDATE "jobs" SET "due_at" = DATEADD(MILLISECOND, ?, CURRENT_TIMESTAMP), "attempts" = "attempts" + 1, "locked_until" = NULL WHERE "id" = ? AND "locked_until" = ? AND "processed_at" IS NULL AND "dead_at" IS NULL
-- binds DELAY, ID, TOKEN

-- duePartitionsAhead: none

-- deadLetter 1/1
UPDATE "jobs" SET "dead_at" = CURRENT_TIMESTAMP, "attempts" = "attempts" + 1, "locked_until" = NULL WHERE "id" = ? AND "locked_until" = ? AND "processed_at" IS NULL AND "dead_at" IS NULL
-- binds ID, TOKEN

-- purge
DELETE FROM "jobs" WHERE "processed_at" < DATEADD(MILLISECOND, -?, CURRENT_TIMESTAMP) FETCH FIRST ? ROWS ONLY
-- binds AGE, LIMIT

-- expiredPartitions
-- refused (UNSUPPORTED): this dialect drops no partitions; the retention sweep deletes processed rows one by one

-- partitionDrop jobs_2026_01
-- refused (UNSUPPORTED): this dialect drops no partitions; the retention sweep deletes processed rows one by one

-- backlog
SELECT COUNT(*), MIN(h."due_at"), MIN(h."id"), CURRENT_TIMESTAMP FROM "jobs" h WHERE "queue" = ? AND ("due_at" IS NULL OR "due_at" <= CURRENT_TIMESTAMP) AND "processed_at" IS NULL AND "dead_at" IS NULL AND ("locked_until" IS NULL OR "locked_until" < CURRENT_TIMESTAMP)
-- binds QUEUE

-- inWork
SELECT COUNT(*) FROM "jobs" WHERE "queue" = ? AND "locked_until" >= CURRENT_TIMESTAMP
-- binds QUEUE

-- inboxRow
SELECT "id", NULL, SUBSTRING("payload" FROM 1 FOR 4096), "attempts", "due_at", "processed_at", "dead_at", CASE WHEN "locked_until" >= CURRENT_TIMESTAMP THEN 1 ELSE 0 END FROM "jobs" WHERE "queue" = ? AND "id" = ?
-- binds QUEUE, ID

-- holdPendingRow
SELECT "id", "attempts" FROM "jobs" h WHERE "queue" = ? AND "id" = ? AND "processed_at" IS NULL AND "dead_at" IS NULL AND ("locked_until" IS NULL OR "locked_until" < CURRENT_TIMESTAMP) FOR UPDATE SKIP LOCKED
-- binds QUEUE, ID

-- deadLetterCount
SELECT COUNT(*) FROM "jobs" WHERE "queue" = ? AND "dead_at" IS NOT NULL
-- binds QUEUE

-- deadLetterIds
SELECT "id" FROM "jobs" WHERE "queue" = ? AND "dead_at" IS NOT NULL
-- binds QUEUE

-- deadLetterList
SELECT "id", SUBSTRING("payload" FROM 1 FOR 4096), "attempts", NULL, "dead_at", OCTET_LENGTH("payload") FROM "jobs" WHERE "queue" = ? AND "dead_at" IS NOT NULL ORDER BY "dead_at" DESC, "id" DESC
-- binds QUEUE

-- deadLetterById
SELECT "id", "payload", "attempts", NULL, "dead_at" FROM "jobs" WHERE "queue" = ? AND "dead_at" IS NOT NULL AND "id" = ?
-- binds QUEUE, ID

-- requeueAll 1/1
UPDATE "jobs" SET "dead_at" = NULL, "attempts" = 0, "due_at" = CURRENT_TIMESTAMP WHERE "queue" = ? AND "dead_at" IS NOT NULL
-- binds QUEUE

-- requeueOne 1/1
UPDATE "jobs" SET "dead_at" = NULL, "attempts" = 0, "due_at" = CURRENT_TIMESTAMP WHERE "queue" = ? AND "dead_at" IS NOT NULL AND "id" = ?
-- binds QUEUE, ID

-- discardDeadLetters
DELETE FROM "jobs" WHERE "queue" = ? AND "dead_at" IS NOT NULL AND "dead_at" < DATEADD(MILLISECOND, ?, CURRENT_TIMESTAMP)
-- binds QUEUE, DELAY
