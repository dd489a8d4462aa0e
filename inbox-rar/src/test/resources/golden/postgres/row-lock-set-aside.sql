-- postgres: TableSpec[table=jobs, idColumn=id, payloadColumn=payload, queueColumn=Optional[queue], dueColumn=Optional[due_at], priorityColumn=Optional.empty, attemptColumn=Optional.empty, processedAtColumn=Optional.empty, lockedUntilColumn=Optional.empty, advisoryLock=Optional.empty, fifoColumn=Optional.empty, deadAtColumn=Optional.empty, deadLetterTable=Optional.empty, deadLetterColumns=DeadLetterColumns[id=id, queue=queue, payload=payload, attempts=attempts, reason=reason, deadAt=dead_at], setAsideIds=3]

-- lockClaim
SELECT * FROM (SELECT "id" AS inbox_id, "payload" AS inbox_payload FROM "jobs" h WHERE "queue" = ? AND ("due_at" IS NULL OR "due_at" <= CURRENT_TIMESTAMP) AND "id" NOT IN (?, ?, ?) ORDER BY "due_at", "id" LIMIT ? FOR UPDATE SKIP LOCKED) claimed WHERE pg_try_advisory_xact_lock(hashtext('jobs:row'), hashtext((claimed.inbox_id)::text))
-- binds QUEUE, SET_ASIDE, SET_ASIDE, SET_ASIDE, LIMIT

-- claimGuard
SELECT pg_advisory_xact_lock(hashtext('jobs:row'), hashtext(?::text))
-- binds ID

-- probe
SELECT 1 FROM "jobs" h WHERE "queue" = ? AND ("due_at" IS NULL OR "due_at" <= CURRENT_TIMESTAMP) AND "id" NOT IN (?, ?, ?) LIMIT 1
-- binds QUEUE, SET_ASIDE, SET_ASIDE, SET_ASIDE

-- settle
DELETE FROM "jobs" WHERE "id" = ?
-- binds ID

-- settleAll 3
DELETE FROM "jobs" WHERE "id" = ANY(?)
-- binds IDS

-- reschedule
UPDATE "jobs" SET "due_at" = clock_timestamp() + ? * interval '1 millisecond' WHERE "id" = ?
-- binds DELAY, ID

-- duePartitionsAhead
SELECT CASE WHEN bool_or(upper_bound IS NULL) THEN NULL ELSE (extract(epoch FROM max(upper_bound) - now()) * 1000)::bigint END FROM (SELECT substring(pg_get_expr(c.relpartbound, c.oid) from 'TO \(''([^'']*)''\)')::timestamptz AS upper_bound FROM pg_catalog.pg_partitioned_table pt JOIN pg_catalog.pg_attribute a ON a.attrelid = pt.partrelid AND a.attnum = pt.partattrs[0] JOIN pg_catalog.pg_inherits i ON i.inhparent = pt.partrelid JOIN pg_catalog.pg_class c ON c.oid = i.inhrelid WHERE pt.partrelid = '"jobs"'::regclass AND pt.partstrat = 'r' AND pt.partnatts = 1 AND a.attname = 'due_at') p HAVING count(*) > 0
-- binds nothing

-- backlog
SELECT COUNT(*), MIN(h."due_at"), MIN(h."id"), CURRENT_TIMESTAMP FROM "jobs" h WHERE "queue" = ? AND ("due_at" IS NULL OR "due_at" <= CURRENT_TIMESTAMP) AND "id" NOT IN (?, ?, ?)
-- binds QUEUE, SET_ASIDE, SET_ASIDE, SET_ASIDE

-- inWork: none

-- inboxRow
SELECT "id", NULL, substring("payload" from 1 for 4096), NULL, "due_at", NULL, NULL, 0 FROM "jobs" WHERE "queue" = ? AND "id" = ?
-- binds QUEUE, ID

-- holdPendingRow
SELECT "id", 0 FROM "jobs" h WHERE "queue" = ? AND "id" = ? FOR UPDATE SKIP LOCKED
-- binds QUEUE, ID
