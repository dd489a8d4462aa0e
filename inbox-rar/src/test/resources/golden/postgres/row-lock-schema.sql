-- postgres: TableSpec[table=app.jobs, idColumn=job_id, payloadColumn=body, queueColumn=Optional[queue], dueColumn=Optional[due_at], priorityColumn=Optional.empty, attemptColumn=Optional.empty, processedAtColumn=Optional.empty, lockedUntilColumn=Optional.empty, advisoryLock=Optional.empty, fifoColumn=Optional.empty, deadAtColumn=Optional.empty, deadLetterTable=Optional[app.dead_jobs], deadLetterColumns=DeadLetterColumns[id=id, queue=queue, payload=payload, attempts=attempts, reason=reason, deadAt=dead_at]]

-- lockClaim
SELECT * FROM (SELECT "job_id" AS inbox_id, "body" AS inbox_payload FROM "app"."jobs" h WHERE "queue" = ? AND ("due_at" IS NULL OR "due_at" <= CURRENT_TIMESTAMP) ORDER BY "due_at", "job_id" LIMIT ? FOR UPDATE SKIP LOCKED) claimed WHERE pg_try_advisory_xact_lock(hashtext('app.jobs:row'), hashtext((claimed.inbox_id)::text))
-- binds QUEUE, LIMIT

-- claimGuard
SELECT pg_advisory_xact_lock(hashtext('app.jobs:row'), hashtext(?::text))
-- binds ID

-- probe
SELECT 1 FROM "app"."jobs" h WHERE "queue" = ? AND ("due_at" IS NULL OR "due_at" <= CURRENT_TIMESTAMP) LIMIT 1
-- binds QUEUE

-- settle
DELETE FROM "app"."jobs" WHERE "job_id" = ?
-- binds ID

-- settleAll 3
DELETE FROM "app"."jobs" WHERE "job_id" = ANY(?)
-- binds IDS

-- reschedule
UPDATE "app"."jobs" SET "due_at" = clock_timestamp() + ? * interval '1 millisecond' WHERE "job_id" = ?
-- binds DELAY, ID

-- duePartitionsAhead
SELECT CASE WHEN bool_or(upper_bound IS NULL) THEN NULL ELSE (extract(epoch FROM max(upper_bound) - now()) * 1000)::bigint END FROM (SELECT substring(pg_get_expr(c.relpartbound, c.oid) from 'TO \(''([^'']*)''\)')::timestamptz AS upper_bound FROM pg_catalog.pg_partitioned_table pt JOIN pg_catalog.pg_attribute a ON a.attrelid = pt.partrelid AND a.attnum = pt.partattrs[0] JOIN pg_catalog.pg_inherits i ON i.inhparent = pt.partrelid JOIN pg_catalog.pg_class c ON c.oid = i.inhrelid WHERE pt.partrelid = '"app"."jobs"'::regclass AND pt.partstrat = 'r' AND pt.partnatts = 1 AND a.attname = 'due_at') p HAVING count(*) > 0
-- binds nothing

-- deadLetter 1/2
INSERT INTO "app"."dead_jobs" ("id", "queue", "payload", "attempts", "reason", "dead_at") SELECT "job_id", "queue", "body", ?, ?, CURRENT_TIMESTAMP FROM "app"."jobs" WHERE "job_id" = ? AND NOT EXISTS (SELECT 1 FROM "app"."dead_jobs" d WHERE d."id" = "app"."jobs"."job_id")
-- binds ATTEMPT, REASON, ID

-- deadLetter 2/2
DELETE FROM "app"."jobs" WHERE "job_id" = ? AND EXISTS (SELECT 1 FROM "app"."dead_jobs" d WHERE d."id" = "app"."jobs"."job_id" AND (d."payload")::text = ("app"."jobs"."body")::text)
-- binds ID

-- deadLetterConflict
SELECT 1 FROM "app"."dead_jobs" d, "app"."jobs" WHERE "app"."jobs"."job_id" = ? AND d."id" = "app"."jobs"."job_id" AND NOT ((d."payload")::text = ("app"."jobs"."body")::text)
-- binds ID

-- backlog
SELECT COUNT(*), MIN(h."due_at"), MIN(h."job_id"), CURRENT_TIMESTAMP FROM "app"."jobs" h WHERE "queue" = ? AND ("due_at" IS NULL OR "due_at" <= CURRENT_TIMESTAMP)
-- binds QUEUE

-- inWork: none

-- inboxRow
SELECT "job_id", NULL, substring("body" from 1 for 4096), NULL, "due_at", NULL, NULL, 0 FROM "app"."jobs" WHERE "queue" = ? AND "job_id" = ?
-- binds QUEUE, ID

-- holdPendingRow
SELECT "job_id", 0 FROM "app"."jobs" h WHERE "queue" = ? AND "job_id" = ? FOR UPDATE SKIP LOCKED
-- binds QUEUE, ID

-- deadLetterCount
SELECT COUNT(*) FROM "app"."dead_jobs" WHERE "queue" = ?
-- binds QUEUE

-- deadLetterIds
SELECT "id" FROM "app"."dead_jobs" WHERE "queue" = ?
-- binds QUEUE

-- deadLetterList
SELECT "id", substring("payload" from 1 for 4096), "attempts", "reason", "dead_at", octet_length("payload") FROM "app"."dead_jobs" WHERE "queue" = ? ORDER BY "dead_at" DESC, "id" DESC
-- binds QUEUE

-- deadLetterById
SELECT "id", "payload", "attempts", "reason", "dead_at" FROM "app"."dead_jobs" WHERE "queue" = ? AND "id" = ?
-- binds QUEUE, ID

-- requeueAll 1/2
INSERT INTO "app"."jobs" ("job_id", "queue", "body", "due_at") SELECT d."id", d."queue", d."payload", CURRENT_TIMESTAMP FROM "app"."dead_jobs" d WHERE d."queue" = ? AND NOT EXISTS (SELECT 1 FROM "app"."jobs" x WHERE x."job_id" = d."id")
-- binds QUEUE

-- requeueAll 2/2
DELETE FROM "app"."dead_jobs" WHERE "queue" = ? AND EXISTS (SELECT 1 FROM "app"."jobs" x WHERE x."job_id" = "app"."dead_jobs"."id" AND (x."body")::text = ("app"."dead_jobs"."payload")::text)
-- binds QUEUE

-- requeueOne 1/2
INSERT INTO "app"."jobs" ("job_id", "queue", "body", "due_at") SELECT d."id", d."queue", d."payload", CURRENT_TIMESTAMP FROM "app"."dead_jobs" d WHERE d."queue" = ? AND d."id" = ? AND NOT EXISTS (SELECT 1 FROM "app"."jobs" x WHERE x."job_id" = d."id")
-- binds QUEUE, ID

-- requeueOne 2/2
DELETE FROM "app"."dead_jobs" WHERE "queue" = ? AND "id" = ? AND EXISTS (SELECT 1 FROM "app"."jobs" x WHERE x."job_id" = "app"."dead_jobs"."id" AND (x."body")::text = ("app"."dead_jobs"."payload")::text)
-- binds QUEUE, ID

-- discardDeadLetters
DELETE FROM "app"."dead_jobs" WHERE "queue" = ? AND "dead_at" < clock_timestamp() + ? * interval '1 millisecond'
-- binds QUEUE, DELAY
