-- postgres: TableSpec[table=jobs, idColumn=id, payloadColumn=payload, queueColumn=Optional.empty, dueColumn=Optional.empty, priorityColumn=Optional.empty, attemptColumn=Optional.empty, processedAtColumn=Optional.empty, lockedUntilColumn=Optional.empty, advisoryLock=Optional.empty, fifoColumn=Optional.empty, deadAtColumn=Optional.empty, deadLetterTable=Optional.empty, deadLetterColumns=DeadLetterColumns[id=id, queue=queue, payload=payload, attempts=attempts, reason=reason, deadAt=dead_at]]

-- lockClaim
SELECT * FROM (SELECT "id" AS inbox_id, "payload" AS inbox_payload FROM "jobs" h ORDER BY "id" LIMIT ? FOR UPDATE SKIP LOCKED) claimed WHERE pg_try_advisory_xact_lock(hashtext('jobs:row'), hashtext((claimed.inbox_id)::text))
-- binds LIMIT

-- claimGuard
SELECT pg_advisory_xact_lock(hashtext('jobs:row'), hashtext(?::text))
-- binds ID

-- probe
SELECT 1 FROM "jobs" h LIMIT 1
-- binds nothing

-- settle
DELETE FROM "jobs" WHERE "id" = ?
-- binds ID

-- settleAll 3
DELETE FROM "jobs" WHERE "id" = ANY(?)
-- binds IDS

-- backlog
SELECT COUNT(*), NULL, MIN(h."id"), CURRENT_TIMESTAMP FROM "jobs" h
-- binds nothing

-- inWork: none

-- inboxRow
SELECT "id", NULL, substring("payload" from 1 for 4096), NULL, NULL, NULL, NULL, 0 FROM "jobs" WHERE "id" = ?
-- binds ID

-- holdPendingRow
SELECT "id", 0 FROM "jobs" h WHERE "id" = ? FOR UPDATE SKIP LOCKED
-- binds ID
