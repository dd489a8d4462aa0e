-- h2: TableSpec[table=jobs, idColumn=id, payloadColumn=payload, queueColumn=Optional.empty, dueColumn=Optional.empty, priorityColumn=Optional.empty, attemptColumn=Optional[attempts], processedAtColumn=Optional.empty, lockedUntilColumn=Optional[locked_until], advisoryLock=Optional.empty, fifoColumn=Optional.empty, deadAtColumn=Optional.empty, deadLetterTable=Optional.empty, deadLetterColumns=DeadLetterColumns[id=id, queue=queue, payload=payload, attempts=attempts, reason=reason, deadAt=dead_at], setAsideIds=0, keyColumn=Optional.empty, traceColumn=Optional[trace_context]]

-- leaseIds
SELECT "id" AS inbox_id FROM "jobs" h WHERE ("locked_until" IS NULL OR "locked_until" < CURRENT_TIMESTAMP) ORDER BY "id" LIMIT ? FOR UPDATE SKIP LOCKED
-- binds LIMIT

-- leaseWrite
UPDATE "jobs" SET "locked_until" = DATEADD(MILLISECOND, ?, CURRENT_TIMESTAMP) WHERE "id" = ?
-- binds LEASE, ID

-- leaseRead
SELECT "id" AS inbox_id, "payload" AS inbox_payload, "attempts" AS inbox_attempt, "trace_context" AS inbox_trace, "locked_until" AS inbox_token FROM "jobs" WHERE "id" = ?
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

-- backlog
SELECT COUNT(*), NULL, MIN(h."id"), CURRENT_TIMESTAMP FROM "jobs" h WHERE ("locked_until" IS NULL OR "locked_until" < CURRENT_TIMESTAMP)
-- binds nothing

-- inWork
SELECT COUNT(*) FROM "jobs" WHERE "locked_until" >= CURRENT_TIMESTAMP
-- binds nothing

-- inboxRow
SELECT "id", NULL, SUBSTRING("payload" FROM 1 FOR 4096), "attempts", NULL, NULL, NULL, CASE WHEN "locked_until" >= CURRENT_TIMESTAMP THEN 1 ELSE 0 END FROM "jobs" WHERE "id" = ?
-- binds ID

-- holdPendingRow
SELECT "id", "attempts" FROM "jobs" h WHERE "id" = ? AND ("locked_until" IS NULL OR "locked_until" < CURRENT_TIMESTAMP) FOR UPDATE SKIP LOCKED
-- binds ID
