-- sqlite: TableSpec[table=jobs, idColumn=id, payloadColumn=payload, queueColumn=Optional[queue], dueColumn=Optional[due_at], priorityColumn=Optional.empty, attemptColumn=Optional[attempts], processedAtColumn=Optional.empty, lockedUntilColumn=Optional[locked_until], advisoryLock=Optional.empty, fifoColumn=Optional.empty, deadAtColumn=Optional.empty, deadLetterTable=Optional[dead_jobs], deadLetterColumns=DeadLetterColumns[id=id, queue=queue, payload=payload, attempts=attempts, reason=reason, deadAt=dead_at]]

-- leaseClaim
UPDATE "jobs" SET "locked_until" = strftime('%Y-%m-%d %H:%M:%f', 'now', (? / 1000.0) || ' seconds') WHERE "id" IN (SELECT h."id" FROM "jobs" h WHERE "queue" = ? AND ("due_at" IS NULL OR "due_at" <= strftime('%Y-%m-%d %H:%M:%f', 'now')) AND ("locked_until" IS NULL OR "locked_until" < strftime('%Y-%m-%d %H:%M:%f', 'now')) ORDER BY "due_at", "id" LIMIT ?) RETURNING "id" AS inbox_id, "payload" AS inbox_payload, "attempts" AS inbox_attempt, "locked_until" AS inbox_token
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
DELETE FROM "jobs" WHERE "id" = ? AND "locked_until" = ?
-- binds ID, TOKEN

-- reschedule
UPDATE "jobs" SET "due_at" = strftime('%Y-%m-%d %H:%M:%f', 'now', (? / 1000.0) || ' seconds'), "attempts" = "attempts" + 1, "locked_until" = NULL WHERE "id" = ? AND "locked_until" = ?
-- binds DELAY, ID, TOKEN

-- duePartitionsAhead: none

-- deadLetter 1/2
INSERT INTO "dead_jobs" ("id", "queue", "payload", "attempts", "reason", "dead_at") SELECT "id", "queue", "payload", ?, ?, strftime('%Y-%m-%d %H:%M:%f', 'now') FROM "jobs" WHERE "id" = ? AND "locked_until" = ? AND NOT EXISTS (SELECT 1 FROM "dead_jobs" d WHERE d."id" = "jobs"."id")
-- binds ATTEMPT, REASON, ID, TOKEN

-- deadLetter 2/2
DELETE FROM "jobs" WHERE "id" = ? AND "locked_until" = ? AND EXISTS (SELECT 1 FROM "dead_jobs" d WHERE d."id" = "jobs"."id" AND d."payload" = "jobs"."payload")
-- binds ID, TOKEN

-- deadLetterConflict
SELECT 1 FROM "dead_jobs" d, "jobs" WHERE "jobs"."id" = ? AND d."id" = "jobs"."id" AND NOT (d."payload" = "jobs"."payload")
-- binds ID

-- backlog
SELECT COUNT(*), MIN(h."due_at"), MIN(h."id"), strftime('%Y-%m-%d %H:%M:%f', 'now') FROM "jobs" h WHERE "queue" = ? AND ("due_at" IS NULL OR "due_at" <= strftime('%Y-%m-%d %H:%M:%f', 'now')) AND ("locked_until" IS NULL OR "locked_until" < strftime('%Y-%m-%d %H:%M:%f', 'now'))
-- binds QUEUE

-- inWork
SELECT COUNT(*) FROM "jobs" WHERE "queue" = ? AND "locked_until" >= strftime('%Y-%m-%d %H:%M:%f', 'now')
-- binds QUEUE

-- inboxRow
SELECT "id", NULL, substr("payload", 1, 4096), "attempts", "due_at", NULL, NULL, CASE WHEN "locked_until" >= strftime('%Y-%m-%d %H:%M:%f', 'now') THEN 1 ELSE 0 END FROM "jobs" WHERE "queue" = ? AND "id" = ?
-- binds QUEUE, ID

-- holdPendingRow
SELECT "id", "attempts" FROM "jobs" h WHERE "queue" = ? AND "id" = ? AND ("locked_until" IS NULL OR "locked_until" < strftime('%Y-%m-%d %H:%M:%f', 'now'))
-- binds QUEUE, ID

-- deadLetterCount
SELECT COUNT(*) FROM "dead_jobs" WHERE "queue" = ?
-- binds QUEUE

-- deadLetterIds
SELECT "id" FROM "dead_jobs" WHERE "queue" = ?
-- binds QUEUE

-- deadLetterList
SELECT "id", substr("payload", 1, 4096), "attempts", "reason", "dead_at", length(CAST("payload" AS BLOB)) FROM "dead_jobs" WHERE "queue" = ? ORDER BY "dead_at" DESC, "id" DESC
-- binds QUEUE

-- deadLetterById
SELECT "id", "payload", "attempts", "reason", "dead_at" FROM "dead_jobs" WHERE "queue" = ? AND "id" = ?
-- binds QUEUE, ID

-- requeueAll 1/2
INSERT INTO "jobs" ("id", "queue", "payload", "attempts", "due_at") SELECT d."id", d."queue", d."payload", 0, strftime('%Y-%m-%d %H:%M:%f', 'now') FROM "dead_jobs" d WHERE d."queue" = ? AND NOT EXISTS (SELECT 1 FROM "jobs" x WHERE x."id" = d."id")
-- binds QUEUE

-- requeueAll 2/2
DELETE FROM "dead_jobs" WHERE "queue" = ? AND EXISTS (SELECT 1 FROM "jobs" x WHERE x."id" = "dead_jobs"."id" AND x."payload" = "dead_jobs"."payload")
-- binds QUEUE

-- requeueOne 1/2
INSERT INTO "jobs" ("id", "queue", "payload", "attempts", "due_at") SELECT d."id", d."queue", d."payload", 0, strftime('%Y-%m-%d %H:%M:%f', 'now') FROM "dead_jobs" d WHERE d."queue" = ? AND d."id" = ? AND NOT EXISTS (SELECT 1 FROM "jobs" x WHERE x."id" = d."id")
-- binds QUEUE, ID

-- requeueOne 2/2
DELETE FROM "dead_jobs" WHERE "queue" = ? AND "id" = ? AND EXISTS (SELECT 1 FROM "jobs" x WHERE x."id" = "dead_jobs"."id" AND x."payload" = "dead_jobs"."payload")
-- binds QUEUE, ID

-- discardDeadLetters
DELETE FROM "dead_jobs" WHERE "queue" = ? AND "dead_at" < strftime('%Y-%m-%d %H:%M:%f', 'now', (? / 1000.0) || ' seconds')
-- binds QUEUE, DELAY
