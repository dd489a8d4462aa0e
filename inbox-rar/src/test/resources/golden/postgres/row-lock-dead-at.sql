-- postgres: TableSpec[table=jobs, idColumn=id, payloadColumn=payload, queueColumn=Optional.empty, dueColumn=Optional[due_at], priorityColumn=Optional.empty, attemptColumn=Optional[attempts], processedAtColumn=Optional.empty, lockedUntilColumn=Optional.empty, advisoryLock=Optional.empty, fifoColumn=Optional.empty, deadAtColumn=Optional[dead_at], deadLetterTable=Optional.empty, deadLetterColumns=DeadLetterColumns[id=id, queue=queue, payload=payload, attempts=attempts, reason=reason, deadAt=dead_at]]

-- lockClaim
SELECT * FROM (SELECT "id" AS inbox_id, "payload" AS inbox_payload, "attempts" AS inbox_attempt FROM "jobs" h WHERE ("due_at" IS NULL OR "due_at" <= CURRENT_TIMESTAMP) AND "dead_at" IS NULL ORDER BY "due_at", "id" LIMIT ? FOR UPDATE SKIP LOCKED) claimed WHERE pg_try_advisory_xact_lock(hashtext('jobs:row'), hashtext((claimed.inbox_id)::text))
-- binds LIMIT

-- claimGuard
SELECT pg_advisory_xact_lock(hashtext('jobs:row'), hashtext(?::text))
-- binds ID

-- probe
SELECT 1 FROM "jobs" h WHERE ("due_at" IS NULL OR "due_at" <= CURRENT_TIMESTAMP) AND "dead_at" IS NULL LIMIT 1
-- binds nothing

-- settle
DELETE FROM "jobs" WHERE "id" = ? AND "dead_at" IS NULL
-- binds ID

-- settleAll 3
DELETE FROM "jobs" WHERE "id" = ANY(?) AND "dead_at" IS NULL
-- binds IDS

-- reschedule
UPDATE "jobs" SET "due_at" = clock_timestamp() + ? * interval '1 millisecond', "attempts" = "attempts" + 1 WHERE "id" = ? AND "dead_at" IS NULL
-- binds DELAY, ID

-- duePartitionsAhead
SELECT CASE WHEN bool_or(upper_bound IS NULL) THEN NULL ELSE (extract(epoch FROM max(upper_bound) - now()) * 1000)::bigint END FROM (SELECT substring(pg_get_expr(c.relpartbound, c.oid) from 'TO \(''([^'']*)''\)')::timestamptz AS upper_bound FROM pg_catalog.pg_partitioned_table pt JOIN pg_catalog.pg_attribute a ON a.attrelid = pt.partrelid AND a.attnum = pt.partattrs[0] JOIN pg_catalog.pg_inherits i ON i.inhparent = pt.partrelid JOIN pg_catalog.pg_class c ON c.oid = i.inhrelid WHERE pt.partrelid = '"jobs"'::regclass AND pt.partstrat = 'r' AND pt.partnatts = 1 AND a.attname = 'due_at') p HAVING count(*) > 0
-- binds nothing

-- deadLetter 1/1
UPDATE "jobs" SET "dead_at" = CURRENT_TIMESTAMP, "attempts" = "attempts" + 1 WHERE "id" = ? AND "dead_at" IS NULL
-- binds ID

-- backlog
SELECT COUNT(*), MIN(h."due_at"), MIN(h."id"), CURRENT_TIMESTAMP FROM "jobs" h WHERE ("due_at" IS NULL OR "due_at" <= CURRENT_TIMESTAMP) AND "dead_at" IS NULL
-- binds nothing

-- inWork: none

-- inboxRow
SELECT "id", NULL, substring("payload" from 1 for 4096), "attempts", "due_at", NULL, "dead_at", 0 FROM "jobs" WHERE "id" = ?
-- binds ID

-- holdPendingRow
SELECT "id", "attempts" FROM "jobs" h WHERE "id" = ? AND "dead_at" IS NULL FOR UPDATE SKIP LOCKED
-- binds ID

-- deadLetterCount
SELECT COUNT(*) FROM "jobs" WHERE "dead_at" IS NOT NULL
-- binds nothing

-- deadLetterIds
SELECT "id" FROM "jobs" WHERE "dead_at" IS NOT NULL
-- binds nothing

-- deadLetterList
SELECT "id", substring("payload" from 1 for 4096), "attempts", NULL, "dead_at", octet_length("payload") FROM "jobs" WHERE "dead_at" IS NOT NULL ORDER BY "dead_at" DESC, "id" DESC
-- binds nothing

-- deadLetterById
SELECT "id", "payload", "attempts", NULL, "dead_at" FROM "jobs" WHERE "dead_at" IS NOT NULL AND "id" = ?
-- binds ID

-- requeueAll 1/1
UPDATE "jobs" SET "dead_at" = NULL, "attempts" = 0, "due_at" = CURRENT_TIMESTAMP WHERE "dead_at" IS NOT NULL
-- binds nothing

-- requeueOne 1/1
UPDATE "jobs" SET "dead_at" = NULL, "attempts" = 0, "due_at" = CURRENT_TIMESTAMP WHERE "dead_at" IS NOT NULL AND "id" = ?
-- binds ID

-- discardDeadLetters
DELETE FROM "jobs" WHERE "dead_at" IS NOT NULL AND "dead_at" < clock_timestamp() + ? * interval '1 millisecond'
-- binds DELAY
