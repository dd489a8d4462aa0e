-- postgres: TableSpec[table=jobs, idColumn=id, payloadColumn=payload, queueColumn=Optional.empty, dueColumn=Optional[due_at], priorityColumn=Optional[priority], attemptColumn=Optional.empty, processedAtColumn=Optional[processed_at], lockedUntilColumn=Optional[locked_until], advisoryLock=Optional.empty, fifoColumn=Optional[grp], deadAtColumn=Optional.empty, deadLetterTable=Optional.empty, deadLetterColumns=DeadLetterColumns[id=id, queue=queue, payload=payload, attempts=attempts, reason=reason, deadAt=dead_at], setAsideIds=0, keyColumn=Optional.empty, groupConcurrency=3]

-- leaseClaim
WITH claimable AS MATERIALIZED (SELECT "id" FROM "jobs" h WHERE ("due_at" IS NULL OR "due_at" <= CURRENT_TIMESTAMP) AND "processed_at" IS NULL AND ("locked_until" IS NULL OR "locked_until" < CURRENT_TIMESTAMP) AND (SELECT 1 FROM "jobs" e WHERE e."grp" = h."grp" AND ((e."processed_at" IS NULL AND (ROW(e."priority", e."id")) < (ROW(h."priority", h."id"))) OR e."locked_until" > CURRENT_TIMESTAMP) LIMIT 1 OFFSET 2) IS NULL ORDER BY "priority", "due_at", "id" LIMIT ? FOR UPDATE OF h SKIP LOCKED), claimed AS (UPDATE "jobs" SET "locked_until" = clock_timestamp() + ? * interval '1 millisecond' WHERE "id" IN (SELECT "id" FROM claimable) RETURNING *) SELECT "id" AS inbox_id, "payload" AS inbox_payload, "grp" AS inbox_group, "locked_until" AS inbox_token FROM claimed CROSS JOIN (SELECT set_config('synchronous_commit', 'off', true) AS synchronous_commit) AS claim_commit ORDER BY "priority", "due_at", "id"
-- binds LIMIT, LEASE

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
UPDATE "jobs" SET "processed_at" = CURRENT_TIMESTAMP, "locked_until" = NULL WHERE "id" = ? AND "locked_until" = ? AND "processed_at" IS NULL
-- binds ID, TOKEN

-- reschedule
UPDATE "jobs" SET "due_at" = clock_timestamp() + ? * interval '1 millisecond', "locked_until" = NULL WHERE "id" = ? AND "locked_until" = ? AND "processed_at" IS NULL
-- binds DELAY, ID, TOKEN

-- duePartitionsAhead
SELECT CASE WHEN bool_or(upper_bound IS NULL) THEN NULL ELSE (extract(epoch FROM max(upper_bound) - now()) * 1000)::bigint END FROM (SELECT substring(pg_get_expr(c.relpartbound, c.oid) from 'TO \(''([^'']*)''\)')::timestamptz AS upper_bound FROM pg_catalog.pg_partitioned_table pt JOIN pg_catalog.pg_attribute a ON a.attrelid = pt.partrelid AND a.attnum = pt.partattrs[0] JOIN pg_catalog.pg_inherits i ON i.inhparent = pt.partrelid JOIN pg_catalog.pg_class c ON c.oid = i.inhrelid WHERE pt.partrelid = '"jobs"'::regclass AND pt.partstrat = 'r' AND pt.partnatts = 1 AND a.attname = 'due_at') p HAVING count(*) > 0
-- binds nothing

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
SELECT COUNT(*), MIN(h."due_at"), MIN(h."id"), CURRENT_TIMESTAMP FROM "jobs" h WHERE ("due_at" IS NULL OR "due_at" <= CURRENT_TIMESTAMP) AND "processed_at" IS NULL AND ("locked_until" IS NULL OR "locked_until" < CURRENT_TIMESTAMP) AND (SELECT 1 FROM "jobs" e WHERE e."grp" = h."grp" AND ((e."processed_at" IS NULL AND (ROW(e."priority", e."id")) < (ROW(h."priority", h."id"))) OR e."locked_until" > CURRENT_TIMESTAMP) LIMIT 1 OFFSET 2) IS NULL
-- binds nothing

-- inWork
SELECT COUNT(*) FROM "jobs" WHERE "locked_until" >= CURRENT_TIMESTAMP
-- binds nothing

-- inboxRow
SELECT "id", NULL, substring("payload" from 1 for 4096), NULL, "due_at", "processed_at", NULL, CASE WHEN "locked_until" >= CURRENT_TIMESTAMP THEN 1 ELSE 0 END FROM "jobs" WHERE "id" = ?
-- binds ID

-- holdPendingRow
SELECT "id", 0 FROM "jobs" h WHERE "id" = ? AND "processed_at" IS NULL AND ("locked_until" IS NULL OR "locked_until" < CURRENT_TIMESTAMP) FOR UPDATE SKIP LOCKED
-- binds ID
