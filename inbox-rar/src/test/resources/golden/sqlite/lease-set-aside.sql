-- sqlite: TableSpec[table=jobs, idColumn=id, payloadColumn=payload, queueColumn=Optional[queue], dueColumn=Optional.empty, priorityColumn=Optional.empty, attemptColumn=Optional.empty, processedAtColumn=Optional.empty, lockedUntilColumn=Optional[locked_until], advisoryLock=Optional.empty, fifoColumn=Optional.empty, deadAtColumn=Optional.empty, deadLetterTable=Optional.empty, deadLetterColumns=DeadLetterColumns[id=id, queue=queue, payload=payload, attempts=attempts, reason=reason, deadAt=dead_at], setAsideIds=3]

-- leaseClaim
UPDATE "jobs" SET "locked_until" = strftime('%Y-%m-%d %H:%M:%f', 'now', (? / 1000.0) || ' seconds') WHERE "id" IN (SELECT h."id" FROM "jobs" h WHERE "queue" = ? AND ("locked_until" IS NULL OR "locked_until" < strftime('%Y-%m-%d %H:%M:%f', 'now')) AND "id" NOT IN (?, ?, ?) ORDER BY "id" LIMIT ?) RETURNING "id" AS inbox_id, "payload" AS inbox_payload, "locked_until" AS inbox_token
-- binds LEASE, QUEUE, SET_ASIDE, SET_ASIDE, SET_ASIDE, LIMIT

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

-- backlog
SELECT COUNT(*), NULL, MIN(h."id"), strftime('%Y-%m-%d %H:%M:%f', 'now') FROM "jobs" h WHERE "queue" = ? AND ("locked_until" IS NULL OR "locked_until" < strftime('%Y-%m-%d %H:%M:%f', 'now')) AND "id" NOT IN (?, ?, ?)
-- binds QUEUE, SET_ASIDE, SET_ASIDE, SET_ASIDE

-- inWork
SELECT COUNT(*) FROM "jobs" WHERE "queue" = ? AND "locked_until" >= strftime('%Y-%m-%d %H:%M:%f', 'now')
-- binds QUEUE

-- inboxRow
SELECT "id", NULL, substr("payload", 1, 4096), NULL, NULL, NULL, NULL, CASE WHEN "locked_until" >= strftime('%Y-%m-%d %H:%M:%f', 'now') THEN 1 ELSE 0 END FROM "jobs" WHERE "queue" = ? AND "id" = ?
-- binds QUEUE, ID

-- holdPendingRow
SELECT "id", 0 FROM "jobs" h WHERE "queue" = ? AND "id" = ? AND ("locked_until" IS NULL OR "locked_until" < strftime('%Y-%m-%d %H:%M:%f', 'now'))
-- binds QUEUE, ID
