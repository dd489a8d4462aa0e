-- h2: TableSpec[table=jobs, idColumn=id, payloadColumn=payload, queueColumn=Optional.empty, dueColumn=Optional.empty, priorityColumn=Optional.empty, attemptColumn=Optional.empty, processedAtColumn=Optional[processed_at], lockedUntilColumn=Optional[locked_until], advisoryLock=Optional.empty, fifoColumn=Optional.empty, deadAtColumn=Optional.empty, deadLetterTable=Optional[dead_jobs], deadLetterColumns=DeadLetterColumns[id=id, queue=queue, payload=payload, attempts=attempts, reason=reason, deadAt=dead_at, key=Optional[message_key]], setAsideIds=0, keyColumn=Optional[message_key]]

-- leaseIds
SELECT "id" AS inbox_id FROM "jobs" h WHERE "processed_at" IS NULL AND ("locked_until" IS NULL OR "locked_until" < CURRENT_TIMESTAMP) ORDER BY "id" LIMIT ? FOR UPDATE SKIP LOCKED
-- binds LIMIT

-- leaseWrite
UPDATE "jobs" SET "locked_until" = DATEADD(MILLISECOND, ?, CURRENT_TIMESTAMP) WHERE "id" = ?
-- binds LEASE, ID

-- leaseRead
SELECT "id" AS inbox_id, "payload" AS inbox_payload, "locked_until" AS inbox_token FROM "jobs" WHERE "id" = ?
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
UPDATE "jobs" SET "processed_at" = CURRENT_TIMESTAMP, "locked_until" = NULL WHERE "id" = ? AND "locked_until" = ? AND "processed_at" IS NULL
-- binds ID, TOKEN

-- deadLetter 1/2
INSERT INTO "dead_jobs" ("id", "message_key", "payload", "attempts", "reason", "dead_at") SELECT "id", "message_key", "payload", ?, ?, CURRENT_TIMESTAMP FROM "jobs" WHERE "id" = ? AND "locked_until" = ? AND "processed_at" IS NULL AND NOT EXISTS (SELECT 1 FROM "dead_jobs" d WHERE d."id" = "jobs"."id")
-- binds ATTEMPT, REASON, ID, TOKEN

-- deadLetter 2/2
DELETE FROM "jobs" WHERE "id" = ? AND "locked_until" = ? AND "processed_at" IS NULL AND EXISTS (SELECT 1 FROM "dead_jobs" d WHERE d."id" = "jobs"."id" AND d."payload" = "jobs"."payload")
-- binds ID, TOKEN

-- deadLetterConflict
SELECT 1 FROM "dead_jobs" d, "jobs" WHERE "jobs"."id" = ? AND d."id" = "jobs"."id" AND NOT (d."payload" = "jobs"."payload")
-- binds ID

-- purge
DELETE FROM "jobs" WHERE "processed_at" < DATEADD(MILLISECOND, -?, CURRENT_TIMESTAMP) FETCH FIRST ? ROWS ONLY
-- binds AGE, LIMIT

-- expiredPartitions
-- refused (UNSUPPORTED): this dialect drops no partitions; the retention sweep deletes processed rows one by one

-- partitionDrop jobs_2026_01
-- refused (UNSUPPORTED): this dialect drops no partitions; the retention sweep deletes processed rows one by one

-- backlog
SELECT COUNT(*), NULL, MIN(h."id"), CURRENT_TIMESTAMP FROM "jobs" h WHERE "processed_at" IS NULL AND ("locked_until" IS NULL OR "locked_until" < CURRENT_TIMESTAMP)
-- binds nothing

-- inWork
SELECT COUNT(*) FROM "jobs" WHERE "locked_until" >= CURRENT_TIMESTAMP
-- binds nothing

-- inboxRow
SELECT "id", "message_key", SUBSTRING("payload" FROM 1 FOR 4096), NULL, NULL, "processed_at", NULL, CASE WHEN "locked_until" >= CURRENT_TIMESTAMP THEN 1 ELSE 0 END FROM "jobs" WHERE "id" = ?
-- binds ID

-- inboxRow by key
SELECT "id", "message_key", SUBSTRING("payload" FROM 1 FOR 4096), NULL, NULL, "processed_at", NULL, CASE WHEN "locked_until" >= CURRENT_TIMESTAMP THEN 1 ELSE 0 END FROM "jobs" WHERE "message_key" = ?
-- binds MESSAGE_KEY

-- holdPendingRow
SELECT "id", 0 FROM "jobs" h WHERE "id" = ? AND "processed_at" IS NULL AND ("locked_until" IS NULL OR "locked_until" < CURRENT_TIMESTAMP) FOR UPDATE SKIP LOCKED
-- binds ID

-- deadLetterCount
SELECT COUNT(*) FROM "dead_jobs"
-- binds nothing

-- deadLetterIds
SELECT "id" FROM "dead_jobs"
-- binds nothing

-- deadLetterList
SELECT "id", SUBSTRING("payload" FROM 1 FOR 4096), "attempts", "reason", "dead_at", OCTET_LENGTH("payload") FROM "dead_jobs" ORDER BY "dead_at" DESC, "id" DESC
-- binds nothing

-- deadLetterById
SELECT "id", "payload", "attempts", "reason", "dead_at" FROM "dead_jobs" WHERE "id" = ?
-- binds ID

-- deadLettersByKey
SELECT "id", SUBSTRING("payload" FROM 1 FOR 4096), "attempts", "reason", "dead_at", "message_key" FROM "dead_jobs" WHERE "message_key" = ?
-- binds MESSAGE_KEY

-- requeueAll 1/2
INSERT INTO "jobs" ("id", "message_key", "payload") SELECT d."id", d."message_key", d."payload" FROM "dead_jobs" d WHERE NOT EXISTS (SELECT 1 FROM "jobs" x WHERE x."id" = d."id") AND NOT EXISTS (SELECT 1 FROM "jobs" k WHERE k."message_key" = d."message_key")
-- binds nothing

-- requeueAll 2/2
DELETE FROM "dead_jobs" WHERE EXISTS (SELECT 1 FROM "jobs" x WHERE x."id" = "dead_jobs"."id" AND x."payload" = "dead_jobs"."payload" AND x."processed_at" IS NULL)
-- binds nothing

-- requeueOne 1/2
INSERT INTO "jobs" ("id", "message_key", "payload") SELECT d."id", d."message_key", d."payload" FROM "dead_jobs" d WHERE d."id" = ? AND NOT EXISTS (SELECT 1 FROM "jobs" x WHERE x."id" = d."id") AND NOT EXISTS (SELECT 1 FROM "jobs" k WHERE k."message_key" = d."message_key")
-- binds ID

-- requeueOne 2/2
DELETE FROM "dead_jobs" WHERE "id" = ? AND EXISTS (SELECT 1 FROM "jobs" x WHERE x."id" = "dead_jobs"."id" AND x."payload" = "dead_jobs"."payload" AND x."processed_at" IS NULL)
-- binds ID

-- discardDeadLetters
DELETE FROM "dead_jobs" WHERE "dead_at" < DATEADD(MILLISECOND, ?, CURRENT_TIMESTAMP)
-- binds DELAY
