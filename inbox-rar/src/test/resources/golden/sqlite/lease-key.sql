-- sqlite: TableSpec[table=jobs, idColumn=id, payloadColumn=payload, queueColumn=Optional.empty, dueColumn=Optional.empty, priorityColumn=Optional.empty, attemptColumn=Optional.empty, processedAtColumn=Optional[processed_at], lockedUntilColumn=Optional[locked_until], advisoryLock=Optional.empty, fifoColumn=Optional.empty, deadAtColumn=Optional.empty, deadLetterTable=Optional[dead_jobs], deadLetterColumns=DeadLetterColumns[id=id, queue=queue, payload=payload, attempts=attempts, reason=reason, deadAt=dead_at, key=Optional[message_key]], setAsideIds=0, keyColumn=Optional[message_key]]

-- leaseClaim
UPDATE "jobs" SET "locked_until" = strftime('%Y-%m-%d %H:%M:%f', 'now', (? / 1000.0) || ' seconds') WHERE "id" IN (SELECT h."id" FROM "jobs" h WHERE "processed_at" IS NULL AND ("locked_until" IS NULL OR "locked_until" < strftime('%Y-%m-%d %H:%M:%f', 'now')) ORDER BY "id" LIMIT ?) RETURNING "id" AS inbox_id, "payload" AS inbox_payload, "locked_until" AS inbox_token
-- binds LEASE, LIMIT

-- extendLease
UPDATE "jobs" SET "locked_until" = strftime('%Y-%m-%d %H:%M:%f', 'now', (? / 1000.0) || ' seconds') WHERE "id" = ? AND "locked_until" = ? RETURNING "locked_until" AS inbox_token
-- binds LEASE, ID, TOKEN

-- extendLeaseAfterCutOff
UPDATE "jobs" SET "locked_until" = strftime('%Y-%m-%d %H:%M:%f', 'now', (? / 1000.0) || ' seconds') WHERE "id" = ? AND "locked_until" > ? AND strftime('%Y-%m-%d %H:%M:%f', "locked_until", (? / -1000.0) || ' seconds') < ? RETURNING "locked_until" AS inbox_token
-- binds LEASE, ID, TOKEN, LEASE, TOKEN

-- releaseLease
UPDATE "jobs" SET "locked_until" = NULL WHERE "id" = ? AND "locked_until" = ?
-- binds ID, TOKEN

-- settle
UPDATE "jobs" SET "processed_at" = strftime('%Y-%m-%d %H:%M:%f', 'now'), "locked_until" = NULL WHERE "id" = ? AND "locked_until" = ? AND "processed_at" IS NULL
-- binds ID, TOKEN

-- deadLetter 1/2
INSERT INTO "dead_jobs" ("id", "message_key", "payload", "attempts", "reason", "dead_at") SELECT "id", "message_key", "payload", ?, ?, strftime('%Y-%m-%d %H:%M:%f', 'now') FROM "jobs" WHERE "id" = ? AND "locked_until" = ? AND "processed_at" IS NULL AND NOT EXISTS (SELECT 1 FROM "dead_jobs" d WHERE d."id" = "jobs"."id")
-- binds ATTEMPT, REASON, ID, TOKEN

-- deadLetter 2/2
DELETE FROM "jobs" WHERE "id" = ? AND "locked_until" = ? AND "processed_at" IS NULL AND EXISTS (SELECT 1 FROM "dead_jobs" d WHERE d."id" = "jobs"."id" AND d."payload" = "jobs"."payload")
-- binds ID, TOKEN

-- deadLetterConflict
SELECT 1 FROM "dead_jobs" d, "jobs" WHERE "jobs"."id" = ? AND d."id" = "jobs"."id" AND NOT (d."payload" = "jobs"."payload")
-- binds ID

-- purge
DELETE FROM "jobs" WHERE "id" IN (SELECT "id" FROM "jobs" WHERE "processed_at" < strftime('%Y-%m-%d %H:%M:%f', 'now', (-? / 1000.0) || ' seconds') LIMIT ?)
-- binds AGE, LIMIT

-- expiredPartitions
-- refused (UNSUPPORTED): this dialect drops no partitions; the retention sweep deletes processed rows one by one

-- partitionDrop jobs_2026_01
-- refused (UNSUPPORTED): this dialect drops no partitions; the retention sweep deletes processed rows one by one

-- backlog
SELECT COUNT(*), NULL, MIN(h."id"), strftime('%Y-%m-%d %H:%M:%f', 'now') FROM "jobs" h WHERE "processed_at" IS NULL AND ("locked_until" IS NULL OR "locked_until" < strftime('%Y-%m-%d %H:%M:%f', 'now'))
-- binds nothing

-- inWork
SELECT COUNT(*) FROM "jobs" WHERE "locked_until" >= strftime('%Y-%m-%d %H:%M:%f', 'now')
-- binds nothing

-- inboxRow
SELECT "id", "message_key", substr("payload", 1, 4096), NULL, NULL, "processed_at", NULL, CASE WHEN "locked_until" >= strftime('%Y-%m-%d %H:%M:%f', 'now') THEN 1 ELSE 0 END FROM "jobs" WHERE "id" = ?
-- binds ID

-- inboxRow by key
SELECT "id", "message_key", substr("payload", 1, 4096), NULL, NULL, "processed_at", NULL, CASE WHEN "locked_until" >= strftime('%Y-%m-%d %H:%M:%f', 'now') THEN 1 ELSE 0 END FROM "jobs" WHERE "message_key" = ?
-- binds MESSAGE_KEY

-- holdPendingRow
SELECT "id", 0 FROM "jobs" h WHERE "id" = ? AND "processed_at" IS NULL AND ("locked_until" IS NULL OR "locked_until" < strftime('%Y-%m-%d %H:%M:%f', 'now'))
-- binds ID

-- deadLetterCount
SELECT COUNT(*) FROM "dead_jobs"
-- binds nothing

-- deadLetterIds
SELECT "id" FROM "dead_jobs"
-- binds nothing

-- deadLetterList
SELECT "id", substr("payload", 1, 4096), "attempts", "reason", "dead_at", length(CAST("payload" AS BLOB)) FROM "dead_jobs" ORDER BY "dead_at" DESC, "id" DESC
-- binds nothing

-- deadLetterById
SELECT "id", "payload", "attempts", "reason", "dead_at" FROM "dead_jobs" WHERE "id" = ?
-- binds ID

-- deadLettersByKey
SELECT "id", substr("payload", 1, 4096), "attempts", "reason", "dead_at", "message_key" FROM "dead_jobs" WHERE "message_key" = ?
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
DELETE FROM "dead_jobs" WHERE "dead_at" < strftime('%Y-%m-%d %H:%M:%f', 'now', (? / 1000.0) || ' seconds')
-- binds DELAY
