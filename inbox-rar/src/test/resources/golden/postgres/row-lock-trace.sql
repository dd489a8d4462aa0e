-- postgres: TableSpec[table=jobs, idColumn=id, payloadColumn=payload, queueColumn=Optional.empty, dueColumn=Optional.empty, priorityColumn=Optional.empty, attemptColumn=Optional[attempts], processedAtColumn=Optional.empty, lockedUntilColumn=Optional.empty, advisoryLock=Optional.empty, fifoColumn=Optional[grp], deadAtColumn=Optional.empty, deadLetterTable=Optional.empty, deadLetterColumns=DeadLetterColumns[id=id, queue=queue, payload=payload, attempts=attempts, reason=reason, deadAt=dead_at], setAsideIds=0, keyColumn=Optional.empty, traceColumn=Optional[trace_context]]

-- lockClaim
SELECT * FROM (SELECT "id" AS inbox_id, "payload" AS inbox_payload, "attempts" AS inbox_attempt, "trace_context" AS inbox_trace, "grp" AS inbox_group FROM "jobs" h WHERE NOT EXISTS (SELECT 1 FROM "jobs" e WHERE e."grp" = h."grp" AND (e."id") < (h."id")) ORDER BY "id" LIMIT ? FOR UPDATE OF h SKIP LOCKED) claimed WHERE pg_try_advisory_xact_lock(hashtext('jobs:row'), hashtext((claimed.inbox_id)::text))
-- binds LIMIT

-- fifoGuard
SELECT pg_try_advisory_xact_lock(hashtext('jobs'), hashtext(?::text))
-- binds GROUP

-- fifoRelease: none

-- claimGuard
SELECT pg_advisory_xact_lock(hashtext('jobs:row'), hashtext(?::text))
-- binds ID

-- probe
SELECT 1 FROM "jobs" h WHERE NOT EXISTS (SELECT 1 FROM "jobs" e WHERE e."grp" = h."grp" AND (e."id") < (h."id")) LIMIT 1
-- binds nothing

-- settle
DELETE FROM "jobs" WHERE "id" = ?
-- binds ID

-- settleAll 3
DELETE FROM "jobs" WHERE "id" = ANY(?)
-- binds IDS

-- backlog
SELECT COUNT(*), NULL, MIN(h."id"), CURRENT_TIMESTAMP FROM "jobs" h WHERE NOT EXISTS (SELECT 1 FROM "jobs" e WHERE e."grp" = h."grp" AND (e."id") < (h."id"))
-- binds nothing

-- inWork: none

-- inboxRow
SELECT "id", NULL, substring("payload" from 1 for 4096), "attempts", NULL, NULL, NULL, 0 FROM "jobs" WHERE "id" = ?
-- binds ID

-- holdPendingRow
SELECT "id", "attempts" FROM "jobs" h WHERE "id" = ? FOR UPDATE SKIP LOCKED
-- binds ID
