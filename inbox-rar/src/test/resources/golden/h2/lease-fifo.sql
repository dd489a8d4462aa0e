-- h2: TableSpec[table=jobs, idColumn=id, payloadColumn=payload, queueColumn=Optional.empty, dueColumn=Optional[due_at], priorityColumn=Optional[priority], attemptColumn=Optional.empty, processedAtColumn=Optional[processed_at], lockedUntilColumn=Optional[locked_until], advisoryLock=Optional.empty, fifoColumn=Optional[grp], deadAtColumn=Optional.empty, deadLetterTable=Optional.empty, deadLetterColumns=DeadLetterColumns[id=id, queue=queue, payload=payload, attempts=attempts, reason=reason, deadAt=dead_at]]

-- leaseIds
-- refused (UNSUPPORTED_FIFO): this dialect keeps no FIFO groups; remove 'fifoColumn'

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

-- reschedule
UPDATE "jobs" SET "due_at" = DATEADD(MILLISECOND, ?, CURRENT_TIMESTAMP), "locked_until" = NULL WHERE "id" = ? AND "locked_until" = ? AND "processed_at" IS NULL
-- binds DELAY, ID, TOKEN

-- duePartitionsAhead: none

-- purge
DELETE FROM "jobs" WHERE "processed_at" < DATEADD(MILLISECOND, -?, CURRENT_TIMESTAMP) FETCH FIRST ? ROWS ONLY
-- binds AGE, LIMIT

-- expiredPartitions
-- refused (UNSUPPORTED): this dialect drops no partitions; the retention sweep deletes processed rows one by one

-- partitionDrop jobs_2026_01
-- refused (UNSUPPORTED): this dialect drops no partitions; the retention sweep deletes processed rows one by one

-- backlog
SELECT COUNT(*), MIN(h."due_at"), MIN(h."id"), CURRENT_TIMESTAMP FROM "jobs" h WHERE ("due_at" IS NULL OR "due_at" <= CURRENT_TIMESTAMP) AND "processed_at" IS NULL AND ("locked_until" IS NULL OR "locked_until" < CURRENT_TIMESTAMP) AND NOT EXISTS (SELECT 1 FROM "jobs" e WHERE e."grp" = h."grp" AND e."processed_at" IS NULL AND (ROW(e."priority", e."id")) < (ROW(h."priority", h."id"))) AND NOT EXISTS (SELECT 1 FROM "jobs" e WHERE e."grp" = h."grp" AND e."locked_until" > CURRENT_TIMESTAMP)
-- binds nothing

-- inWork
SELECT COUNT(*) FROM "jobs" WHERE "locked_until" >= CURRENT_TIMESTAMP
-- binds nothing

-- inboxRow
SELECT "id", NULL, SUBSTRING("payload" FROM 1 FOR 4096), NULL, "due_at", "processed_at", NULL, CASE WHEN "locked_until" >= CURRENT_TIMESTAMP THEN 1 ELSE 0 END FROM "jobs" WHERE "id" = ?
-- binds ID

-- holdPendingRow
SELECT "id", 0 FROM "jobs" h WHERE "id" = ? AND "processed_at" IS NULL AND ("locked_until" IS NULL OR "locked_until" < CURRENT_TIMESTAMP) FOR UPDATE SKIP LOCKED
-- binds ID
