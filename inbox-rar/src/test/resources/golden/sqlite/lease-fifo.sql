-- sqlite: TableSpec[table=jobs, idColumn=id, payloadColumn=payload, queueColumn=Optional.empty, dueColumn=Optional[due_at], priorityColumn=Optional[priority], attemptColumn=Optional.empty, processedAtColumn=Optional[processed_at], lockedUntilColumn=Optional[locked_until], advisoryLock=Optional.empty, fifoColumn=Optional[grp], deadAtColumn=Optional.empty, deadLetterTable=Optional.empty, deadLetterColumns=DeadLetterColumns[id=id, queue=queue, payload=payload, attempts=attempts, reason=reason, deadAt=dead_at]]

-- leaseClaim
UPDATE "jobs" SET "locked_until" = strftime('%Y-%m-%d %H:%M:%f', 'now', (? / 1000.0) || ' seconds') WHERE "id" IN (SELECT h."id" FROM "jobs" h WHERE ("due_at" IS NULL OR "due_at" <= strftime('%Y-%m-%d %H:%M:%f', 'now')) AND "processed_at" IS NULL AND ("locked_until" IS NULL OR "locked_until" < strftime('%Y-%m-%d %H:%M:%f', 'now')) AND NOT EXISTS (SELECT 1 FROM "jobs" e WHERE e."grp" = h."grp" AND e."processed_at" IS NULL AND ((e."priority", e."id")) < ((h."priority", h."id"))) AND NOT EXISTS (SELECT 1 FROM "jobs" e WHERE e."grp" = h."grp" AND e."locked_until" > strftime('%Y-%m-%d %H:%M:%f', 'now')) ORDER BY "priority", "due_at", "id" LIMIT ?) RETURNING "id" AS inbox_id, "payload" AS inbox_payload, "grp" AS inbox_group, "locked_until" AS inbox_token
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

-- reschedule
UPDATE "jobs" SET "due_at" = strftime('%Y-%m-%d %H:%M:%f', 'now', (? / 1000.0) || ' seconds'), "locked_until" = NULL WHERE "id" = ? AND "locked_until" = ? AND "processed_at" IS NULL
-- binds DELAY, ID, TOKEN

-- duePartitionsAhead: none

-- purge
DELETE FROM "jobs" WHERE "id" IN (SELECT "id" FROM "jobs" WHERE "processed_at" < strftime('%Y-%m-%d %H:%M:%f', 'now', (-? / 1000.0) || ' seconds') LIMIT ?)
-- binds AGE, LIMIT

-- expiredPartitions
-- refused (UNSUPPORTED): this dialect drops no partitions; the retention sweep deletes processed rows one by one

-- partitionDrop jobs_2026_01
-- refused (UNSUPPORTED): this dialect drops no partitions; the retention sweep deletes processed rows one by one

-- backlog
SELECT COUNT(*), MIN(h."due_at"), MIN(h."id"), strftime('%Y-%m-%d %H:%M:%f', 'now') FROM "jobs" h WHERE ("due_at" IS NULL OR "due_at" <= strftime('%Y-%m-%d %H:%M:%f', 'now')) AND "processed_at" IS NULL AND ("locked_until" IS NULL OR "locked_until" < strftime('%Y-%m-%d %H:%M:%f', 'now')) AND NOT EXISTS (SELECT 1 FROM "jobs" e WHERE e."grp" = h."grp" AND e."processed_at" IS NULL AND ((e."priority", e."id")) < ((h."priority", h."id"))) AND NOT EXISTS (SELECT 1 FROM "jobs" e WHERE e."grp" = h."grp" AND e."locked_until" > strftime('%Y-%m-%d %H:%M:%f', 'now'))
-- binds nothing

-- inWork
SELECT COUNT(*) FROM "jobs" WHERE "locked_until" >= strftime('%Y-%m-%d %H:%M:%f', 'now')
-- binds nothing

-- inboxRow
SELECT "id", NULL, substr("payload", 1, 4096), NULL, "due_at", "processed_at", NULL, CASE WHEN "locked_until" >= strftime('%Y-%m-%d %H:%M:%f', 'now') THEN 1 ELSE 0 END FROM "jobs" WHERE "id" = ?
-- binds ID

-- holdPendingRow
SELECT "id", 0 FROM "jobs" h WHERE "id" = ? AND "processed_at" IS NULL AND ("locked_until" IS NULL OR "locked_until" < strftime('%Y-%m-%d %H:%M:%f', 'now'))
-- binds ID
