-- sqlite: TableSpec[table=jobs, idColumn=id, payloadColumn=payload, queueColumn=Optional.empty, dueColumn=Optional.empty, priorityColumn=Optional.empty, attemptColumn=Optional[attempts], processedAtColumn=Optional.empty, lockedUntilColumn=Optional[locked_until], advisoryLock=Optional.empty, fifoColumn=Optional.empty, deadAtColumn=Optional[dead_at], deadLetterTable=Optional.empty, deadLetterColumns=DeadLetterColumns[id=id, queue=queue, payload=payload, attempts=attempts, reason=reason, deadAt=dead_at], maxPayloadBytes=OptionalInt[1048576]]

-- leaseClaim
UPDATE "jobs" SET "locked_until" = strftime('%Y-%m-%d %H:%M:%f', 'now', (? / 1000.0) || ' seconds') WHERE "id" IN (SELECT h."id" FROM "jobs" h WHERE "dead_at" IS NULL AND ("locked_until" IS NULL OR "locked_until" < strftime('%Y-%m-%d %H:%M:%f', 'now')) ORDER BY "id" LIMIT ?) RETURNING "id" AS inbox_id, CASE WHEN length(CAST("payload" AS BLOB)) <= 1048576 THEN "payload" END AS inbox_payload, length(CAST("payload" AS BLOB)) AS inbox_payload_bytes, "attempts" AS inbox_attempt, "locked_until" AS inbox_token
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
DELETE FROM "jobs" WHERE "id" = ? AND "locked_until" = ? AND "dead_at" IS NULL
-- binds ID, TOKEN

-- deadLetter 1/1
UPDATE "jobs" SET "dead_at" = strftime('%Y-%m-%d %H:%M:%f', 'now'), "attempts" = "attempts" + 1, "locked_until" = NULL WHERE "id" = ? AND "locked_until" = ? AND "dead_at" IS NULL
-- binds ID, TOKEN

-- backlog
SELECT COUNT(*), NULL, MIN(h."id"), strftime('%Y-%m-%d %H:%M:%f', 'now') FROM "jobs" h WHERE "dead_at" IS NULL AND ("locked_until" IS NULL OR "locked_until" < strftime('%Y-%m-%d %H:%M:%f', 'now'))
-- binds nothing

-- inWork
SELECT COUNT(*) FROM "jobs" WHERE "locked_until" >= strftime('%Y-%m-%d %H:%M:%f', 'now')
-- binds nothing

-- inboxRow
SELECT "id", NULL, substr("payload", 1, 4096), "attempts", NULL, NULL, "dead_at", CASE WHEN "locked_until" >= strftime('%Y-%m-%d %H:%M:%f', 'now') THEN 1 ELSE 0 END FROM "jobs" WHERE "id" = ?
-- binds ID

-- holdPendingRow
SELECT "id", "attempts" FROM "jobs" h WHERE "id" = ? AND "dead_at" IS NULL AND ("locked_until" IS NULL OR "locked_until" < strftime('%Y-%m-%d %H:%M:%f', 'now'))
-- binds ID

-- deadLetterCount
SELECT COUNT(*) FROM "jobs" WHERE "dead_at" IS NOT NULL
-- binds nothing

-- deadLetterIds
SELECT "id" FROM "jobs" WHERE "dead_at" IS NOT NULL
-- binds nothing

-- deadLetterList
SELECT "id", substr("payload", 1, 4096), "attempts", NULL, "dead_at", length(CAST("payload" AS BLOB)) FROM "jobs" WHERE "dead_at" IS NOT NULL ORDER BY "dead_at" DESC, "id" DESC
-- binds nothing

-- deadLetterById
SELECT "id", "payload", "attempts", NULL, "dead_at" FROM "jobs" WHERE "dead_at" IS NOT NULL AND "id" = ?
-- binds ID

-- requeueAll 1/1
UPDATE "jobs" SET "dead_at" = NULL, "attempts" = 0 WHERE "dead_at" IS NOT NULL
-- binds nothing

-- requeueOne 1/1
UPDATE "jobs" SET "dead_at" = NULL, "attempts" = 0 WHERE "dead_at" IS NOT NULL AND "id" = ?
-- binds ID

-- discardDeadLetters
DELETE FROM "jobs" WHERE "dead_at" IS NOT NULL AND "dead_at" < strftime('%Y-%m-%d %H:%M:%f', 'now', (? / 1000.0) || ' seconds')
-- binds DELAY
