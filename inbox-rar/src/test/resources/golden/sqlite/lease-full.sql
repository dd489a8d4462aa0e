-- sqlite: TableSpec[table=jobs, idColumn=id, payloadColumn=payload, queueColumn=Optional[queue], dueColumn=Optional[due_at], priorityColumn=Optional[priority], attemptColumn=Optional[attempts], processedAtColumn=Optional[processed_at], lockedUntilColumn=Optional[locked_until], advisoryLock=Optional.empty, fifoColumn=Optional.empty, deadAtColumn=Optional[dead_at], deadLetterTable=Optional.empty, deadLetterColumns=DeadLetterColumns[id=id, queue=queue, payload=payload, attempts=attempts, reason=reason, deadAt=dead_at]]

-- leaseClaim
UPDATE "jobs" SET "locked_until" = strftime('%Y-%m-%d %H:%M:%f', 'now', (? / 1000.0) || ' seconds') WHERE "id" IN (SELECT h."id" FROM "jobs" h WHERE "queue" = ? AND ("due_at" IS NULL OR "due_at" <= strftime('%Y-%m-%d %H:%M:%f', 'now')) AND "processed_at" IS NULL AND "dead_at" IS NULL AND ("locked_until" IS NULL OR "locked_until" < strftime('%Y-%m-%d %H:%M:%f', 'now')) ORDER BY "priority", "due_at", "id" LIMIT ?) RETURNING "id" AS inbox_id, "payload" AS inbox_payload, "attempts" AS inbox_attempt, "locked_until" AS inbox_token
-- binds LEASE, QUEUE, LIMIT

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
UPDATE "jobs" SET "processed_at" = strftime('%Y-%m-%d %H:%M:%f', 'now'), "locked_until" = NULL WHERE "id" = ? AND "locked_until" = ? AND "processed_at" IS NULL AND "dead_at" IS NULL
-- binds ID, TOKEN

-- reschedule
UPDATE "jobs" SET "due_at" = strftime('%Y-%m-%d %H:%M:%f', 'now', (? / 1000.0) || ' seconds'), "attempts" = "attempts" + 1, "locked_until" = NULL WHERE "id" = ? AND "locked_until" = ? AND "processed_at" IS NULL AND "dead_at" IS NULL
-- binds DELAY, ID, TOKEN

-- duePartitionsAhead: none

-- deadLetter 1/1
UPDATE "jobs" SET "dead_at" = strftime('%Y-%m-%d %H:%M:%f', 'now'), "attempts" = "attempts" + 1, "locked_until" = NULL WHERE "id" = ? AND "locked_until" = ? AND "processed_at" IS NULL AND "dead_at" IS NULL
-- binds ID, TOKEN

-- purge
DELETE FROM "jobs" WHERE "id" IN (SELECT "id" FROM "jobs" WHERE "processed_at" < strftime('%Y-%m-%d %H:%M:%f', 'now', (-? / 1000.0) || ' seconds') LIMIT ?)
-- binds AGE, LIMIT

-- expiredPartitions
-- refused (UNSUPPORTED): this dialect drops no partitions; the retention sweep deletes processed rows one by one

-- partitionDrop jobs_2026_01
-- refused (UNSUPPORTED): this dialect drops no partitions; the retention sweep deletes processed rows one by one

-- backlog
SELECT COUNT(*), MIN(h."due_at"), MIN(h."id"), strftime('%Y-%m-%d %H:%M:%f', 'now') FROM "jobs" h WHERE "queue" = ? AND ("due_at" IS NULL OR "due_at" <= strftime('%Y-%m-%d %H:%M:%f', 'now')) AND "processed_at" IS NULL AND "dead_at" IS NULL AND ("locked_until" IS NULL OR "locked_until" < strftime('%Y-%m-%d %H:%M:%f', 'now'))
-- binds QUEUE

-- inWork
SELECT COUNT(*) FROM "jobs" WHERE "queue" = ? AND "locked_until" >= strftime('%Y-%m-%d %H:%M:%f', 'now')
-- binds QUEUE

-- inboxRow
SELECT "id", NULL, substr("payload", 1, 4096), "attempts", "due_at", "processed_at", "dead_at", CASE WHEN "locked_until" >= strftime('%Y-%m-%d %H:%M:%f', 'now') THEN 1 ELSE 0 END FROM "jobs" WHERE "queue" = ? AND "id" = ?
-- binds QUEUE, ID

-- holdPendingRow
SELECT "id", "attempts" FROM "jobs" h WHERE "queue" = ? AND "id" = ? AND "processed_at" IS NULL AND "dead_at" IS NULL AND ("locked_until" IS NULL OR "locked_until" < strftime('%Y-%m-%d %H:%M:%f', 'now'))
-- binds QUEUE, ID

-- deadLetterCount
SELECT COUNT(*) FROM "jobs" WHERE "queue" = ? AND "dead_at" IS NOT NULL
-- binds QUEUE

-- deadLetterIds
SELECT "id" FROM "jobs" WHERE "queue" = ? AND "dead_at" IS NOT NULL
-- binds QUEUE

-- deadLetterList
SELECT "id", substr("payload", 1, 4096), "attempts", NULL, "dead_at", length(CAST("payload" AS BLOB)) FROM "jobs" WHERE "queue" = ? AND "dead_at" IS NOT NULL ORDER BY "dead_at" DESC, "id" DESC
-- binds QUEUE

-- deadLetterById
SELECT "id", "payload", "attempts", NULL, "dead_at" FROM "jobs" WHERE "queue" = ? AND "dead_at" IS NOT NULL AND "id" = ?
-- binds QUEUE, ID

-- requeueAll 1/1
UPDATE "jobs" SET "dead_at" = NULL, "attempts" = 0, "due_at" = strftime('%Y-%m-%d %H:%M:%f', 'now') WHERE "queue" = ? AND "dead_at" IS NOT NULL
-- binds QUEUE

-- requeueOne 1/1
UPDATE "jobs" SET "dead_at" = NULL, "attempts" = 0, "due_at" = strftime('%Y-%m-%d %H:%M:%f', 'now') WHERE "queue" = ? AND "dead_at" IS NOT NULL AND "id" = ?
-- binds QUEUE, ID

-- discardDeadLetters
DELETE FROM "jobs" WHERE "queue" = ? AND "dead_at" IS NOT NULL AND "dead_at" < strftime('%Y-%m-%d %H:%M:%f', 'now', (? / 1000.0) || ' seconds')
-- binds QUEUE, DELAY
