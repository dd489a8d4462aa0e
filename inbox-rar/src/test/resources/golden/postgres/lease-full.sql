-- postgres: TableSpec[table=jobs, idColumn=id, payloadColumn=payload, queueColumn=Optional[queue], dueColumn=Optional[due_at], priorityColumn=Optional[priority], attemptColumn=Optional[attempts], processedAtColumn=Optional[processed_at], lockedUntilColumn=Optional[locked_until], advisoryLock=Optional.empty, fifoColumn=Optional.empty, deadAtColumn=Optional[dead_at], deadLetterTable=Optional.empty, deadLetterColumns=DeadLetterColumns[id=id, queue=queue, payload=payload, attempts=attempts, reason=reason, deadAt=dead_at]]

-- leaseClaim
WITH claimable AS MATERIALIZED (SELECT "id" FROM "jobs" h WHERE "queue" = ? AND ("due_at" IS NULL OR "due_at" <= CURRENT_TIMESTAMP) AND "processed_at" IS NULL AND "dead_at" IS NULL AND ("locked_until" IS NULL OR "locked_until" < CURRENT_TIMESTAMP) ORDER BY "priority", "due_at", "id" LIMIT ? FOR UPDATE OF h SKIP LOCKED), claimed AS (UPDATE "jobs" SET "locked_until" = clock_timestamp() + ? * interval '1 millisecond' WHERE "id" IN (SELECT "id" FROM claimable) RETURNING *) SELECT "id" AS inbox_id, "payload" AS inbox_payload, "attempts" AS inbox_attempt, "locked_until" AS inbox_token FROM claimed CROSS JOIN (SELECT set_config('synchronous_commit', 'off', true) AS synchronous_commit) AS claim_commit ORDER BY "priority", "due_at", "id"
-- binds QUEUE, LIMIT, LEASE

-- extendLease
UPDATE "jobs" SET "locked_until" = clock_timestamp() + ? * interval '1 millisecond' WHERE "id" = ? AND "locked_until" = ? RETURNING "locked_until" AS inbox_token
-- binds LEASE, ID, TOKEN

-- extendLeaseAfterCutOff
UPDATE "jobs" SET "locked_until" = clock_timestamp() + ? * interval '1 millisecond' WHERE "id" = ? AND "locked_until" > ? AND "locked_until" - ? * interval '1 millisecond' < ? RETURNING "locked_until" AS inbox_token
-- binds LEASE, ID, TOKEN, LEASE, TOKEN

-- releaseLease
UPDATE "jobs" SET "locked_until" = NULL WHERE "id" = ? AND "locked_until" = ?
-- binds ID, TOKEN

-- settle
UPDATE "jobs" SET "processed_at" = CURRENT_TIMESTAMP, "locked_until" = NULL WHERE "id" = ? AND "locked_until" = ? AND "processed_at" IS NULL AND "dead_at" IS NULL
-- binds ID, TOKEN

-- reschedule
UPDATE "jobs" SET "due_at" = clock_timestamp() + ? * interval '1 millisecond', "attempts" = "attempts" + 1, "locked_until" = NULL WHERE "id" = ? AND "locked_until" = ? AND "processed_at" IS NULL AND "dead_at" IS NULL
-- binds DELAY, ID, TOKEN

-- duePartitionsAhead
SELECT CASE WHEN bool_or(upper_bound IS NULL) THEN NULL ELSE (extract(epoch FROM max(upper_bound) - now()) * 1000)::bigint END FROM (SELECT substring(pg_get_expr(c.relpartbound, c.oid) from 'TO \(''([^'']*)''\)')::timestamptz AS upper_bound FROM pg_catalog.pg_partitioned_table pt JOIN pg_catalog.pg_attribute a ON a.attrelid = pt.partrelid AND a.attnum = pt.partattrs[0] JOIN pg_catalog.pg_inherits i ON i.inhparent = pt.partrelid JOIN pg_catalog.pg_class c ON c.oid = i.inhrelid WHERE pt.partrelid = '"jobs"'::regclass AND pt.partstrat = 'r' AND pt.partnatts = 1 AND a.attname = 'due_at') p HAVING count(*) > 0
-- binds nothing

-- deadLetter 1/1
UPDATE "jobs" SET "dead_at" = CURRENT_TIMESTAMP, "attempts" = "attempts" + 1, "locked_until" = NULL WHERE "id" = ? AND "locked_until" = ? AND "processed_at" IS NULL AND "dead_at" IS NULL
-- binds ID, TOKEN

-- purge
DELETE FROM "jobs" WHERE "id" IN (SELECT "id" FROM "jobs" WHERE "processed_at" < now() - ? * interval '1 millisecond' LIMIT ?)
-- binds AGE, LIMIT

-- expiredPartitions
SELECT name FROM (SELECT c.oid::regclass::text AS name, substring(pg_get_expr(c.relpartbound, c.oid) from 'TO \(''([^'']*)''\)')::timestamptz AS upper_bound FROM pg_catalog.pg_partitioned_table pt JOIN pg_catalog.pg_attribute a ON a.attrelid = pt.partrelid AND a.attnum = pt.partattrs[0] JOIN pg_catalog.pg_inherits i ON i.inhparent = pt.partrelid JOIN pg_catalog.pg_class c ON c.oid = i.inhrelid AND c.relkind = 'r' WHERE pt.partrelid = '"jobs"'::regclass AND pt.partstrat = 'r' AND pt.partnatts = 1 AND a.atttypid IN ('timestamptz'::regtype, 'timestamp'::regtype, 'date'::regtype)) p WHERE upper_bound <= now() - ? * interval '1 millisecond' ORDER BY upper_bound, name
-- binds AGE

-- partitionDrop jobs_2026_01 lock 1/3
SET LOCAL lock_timeout = 1000
-- binds nothing

-- partitionDrop jobs_2026_01 lock 2/3
LOCK TABLE ONLY "jobs" IN ACCESS EXCLUSIVE MODE
-- binds nothing

-- partitionDrop jobs_2026_01 lock 3/3
LOCK TABLE jobs_2026_01 IN ACCESS EXCLUSIVE MODE
-- binds nothing

-- partitionDrop jobs_2026_01 keep
SELECT 1 FROM jobs_2026_01 WHERE "processed_at" IS NULL OR "processed_at" >= now() - ? * interval '1 millisecond' LIMIT 1
-- binds AGE

-- partitionDrop jobs_2026_01 drop 1/2
ALTER TABLE "jobs" DETACH PARTITION jobs_2026_01
-- binds nothing

-- partitionDrop jobs_2026_01 drop 2/2
DROP TABLE jobs_2026_01
-- binds nothing

-- backlog
SELECT COUNT(*), MIN(h."due_at"), MIN(h."id"), CURRENT_TIMESTAMP FROM "jobs" h WHERE "queue" = ? AND ("due_at" IS NULL OR "due_at" <= CURRENT_TIMESTAMP) AND "processed_at" IS NULL AND "dead_at" IS NULL AND ("locked_until" IS NULL OR "locked_until" < CURRENT_TIMESTAMP)
-- binds QUEUE

-- inWork
SELECT COUNT(*) FROM "jobs" WHERE "queue" = ? AND "locked_until" >= CURRENT_TIMESTAMP
-- binds QUEUE

-- inboxRow
SELECT "id", NULL, substring("payload" from 1 for 4096), "attempts", "due_at", "processed_at", "dead_at", CASE WHEN "locked_until" >= CURRENT_TIMESTAMP THEN 1 ELSE 0 END FROM "jobs" WHERE "queue" = ? AND "id" = ?
-- binds QUEUE, ID

-- holdPendingRow
SELECT "id", "attempts" FROM "jobs" h WHERE "queue" = ? AND "id" = ? AND "processed_at" IS NULL AND "dead_at" IS NULL AND ("locked_until" IS NULL OR "locked_until" < CURRENT_TIMESTAMP) FOR UPDATE SKIP LOCKED
-- binds QUEUE, ID

-- deadLetterCount
SELECT COUNT(*) FROM "jobs" WHERE "queue" = ? AND "dead_at" IS NOT NULL
-- binds QUEUE

-- deadLetterIds
SELECT "id" FROM "jobs" WHERE "queue" = ? AND "dead_at" IS NOT NULL
-- binds QUEUE

-- deadLetterList
SELECT "id", substring("payload" from 1 for 4096), "attempts", NULL, "dead_at", octet_length("payload") FROM "jobs" WHERE "queue" = ? AND "dead_at" IS NOT NULL ORDER BY "dead_at" DESC, "id" DESC
-- binds QUEUE

-- deadLetterById
SELECT "id", "payload", "attempts", NULL, "dead_at" FROM "jobs" WHERE "queue" = ? AND "dead_at" IS NOT NULL AND "id" = ?
-- binds QUEUE, ID

-- requeueAll 1/1
UPDATE "jobs" SET "dead_at" = NULL, "attempts" = 0, "due_at" = CURRENT_TIMESTAMP WHERE "queue" = ? AND "dead_at" IS NOT NULL
-- binds QUEUE

-- requeueOne 1/1
UPDATE "jobs" SET "dead_at" = NULL, "attempts" = 0, "due_at" = CURRENT_TIMESTAMP WHERE "queue" = ? AND "dead_at" IS NOT NULL AND "id" = ?
-- binds QUEUE, ID

-- discardDeadLetters
DELETE FROM "jobs" WHERE "queue" = ? AND "dead_at" IS NOT NULL AND "dead_at" < clock_timestamp() + ? * interval '1 millisecond'
-- binds QUEUE, DELAY
