-- postgres: TableSpec[table=jobs, idColumn=id, payloadColumn=payload, queueColumn=Optional[queue], dueColumn=Optional[due_at], priorityColumn=Optional[priority], attemptColumn=Optional.empty, processedAtColumn=Optional[processed_at], lockedUntilColumn=Optional.empty, advisoryLock=Optional.empty, fifoColumn=Optional[grp], deadAtColumn=Optional[dead_at], deadLetterTable=Optional.empty, deadLetterColumns=DeadLetterColumns[id=id, queue=queue, payload=payload, attempts=attempts, reason=reason, deadAt=dead_at]]

-- lockClaim
SELECT * FROM (SELECT "id" AS inbox_id, "payload" AS inbox_payload, "grp" AS inbox_group FROM "jobs" h WHERE "queue" = ? AND ("due_at" IS NULL OR "due_at" <= CURRENT_TIMESTAMP) AND "processed_at" IS NULL AND "dead_at" IS NULL AND NOT EXISTS (SELECT 1 FROM "jobs" e WHERE e."grp" = h."grp" AND e."processed_at" IS NULL AND e."dead_at" IS NULL AND (ROW(e."priority", e."id")) < (ROW(h."priority", h."id"))) ORDER BY "priority", "due_at", "id" LIMIT ? FOR UPDATE OF h SKIP LOCKED) claimed WHERE pg_try_advisory_xact_lock(hashtext('jobs:row'), hashtext((claimed.inbox_id)::text))
-- binds QUEUE, LIMIT

-- fifoGuard
SELECT pg_try_advisory_xact_lock(hashtext('jobs'), hashtext(?::text))
-- binds GROUP

-- fifoRelease: none

-- claimGuard
SELECT pg_advisory_xact_lock(hashtext('jobs:row'), hashtext(?::text))
-- binds ID

-- probe
SELECT 1 FROM "jobs" h WHERE "queue" = ? AND ("due_at" IS NULL OR "due_at" <= CURRENT_TIMESTAMP) AND "processed_at" IS NULL AND "dead_at" IS NULL AND NOT EXISTS (SELECT 1 FROM "jobs" e WHERE e."grp" = h."grp" AND e."processed_at" IS NULL AND e."dead_at" IS NULL AND (ROW(e."priority", e."id")) < (ROW(h."priority", h."id"))) LIMIT 1
-- binds QUEUE

-- settle
UPDATE "jobs" SET "processed_at" = CURRENT_TIMESTAMP WHERE "id" = ? AND "processed_at" IS NULL AND "dead_at" IS NULL
-- binds ID

-- settleAll 3
UPDATE "jobs" SET "processed_at" = CURRENT_TIMESTAMP WHERE "id" = ANY(?) AND "processed_at" IS NULL AND "dead_at" IS NULL
-- binds IDS

-- reschedule
UPDATE "jobs" SET "due_at" = clock_timestamp() + ? * interval '1 millisecond' WHERE "id" = ? AND "processed_at" IS NULL AND "dead_at" IS NULL
-- binds DELAY, ID

-- duePartitionsAhead
SELECT CASE WHEN bool_or(upper_bound IS NULL) THEN NULL ELSE (extract(epoch FROM max(upper_bound) - now()) * 1000)::bigint END FROM (SELECT substring(pg_get_expr(c.relpartbound, c.oid) from 'TO \(''([^'']*)''\)')::timestamptz AS upper_bound FROM pg_catalog.pg_partitioned_table pt JOIN pg_catalog.pg_attribute a ON a.attrelid = pt.partrelid AND a.attnum = pt.partattrs[0] JOIN pg_catalog.pg_inherits i ON i.inhparent = pt.partrelid JOIN pg_catalog.pg_class c ON c.oid = i.inhrelid WHERE pt.partrelid = '"jobs"'::regclass AND pt.partstrat = 'r' AND pt.partnatts = 1 AND a.attname = 'due_at') p HAVING count(*) > 0
-- binds nothing

-- deadLetter 1/1
UPDATE "jobs" SET "dead_at" = CURRENT_TIMESTAMP WHERE "id" = ? AND "processed_at" IS NULL AND "dead_at" IS NULL
-- binds ID

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
SELECT COUNT(*), MIN(h."due_at"), MIN(h."id"), CURRENT_TIMESTAMP FROM "jobs" h WHERE "queue" = ? AND ("due_at" IS NULL OR "due_at" <= CURRENT_TIMESTAMP) AND "processed_at" IS NULL AND "dead_at" IS NULL AND NOT EXISTS (SELECT 1 FROM "jobs" e WHERE e."grp" = h."grp" AND e."processed_at" IS NULL AND e."dead_at" IS NULL AND (ROW(e."priority", e."id")) < (ROW(h."priority", h."id")))
-- binds QUEUE

-- inWork: none

-- inboxRow
SELECT "id", NULL, substring("payload" from 1 for 4096), NULL, "due_at", "processed_at", "dead_at", 0 FROM "jobs" WHERE "queue" = ? AND "id" = ?
-- binds QUEUE, ID

-- holdPendingRow
SELECT "id", 0 FROM "jobs" h WHERE "queue" = ? AND "id" = ? AND "processed_at" IS NULL AND "dead_at" IS NULL FOR UPDATE SKIP LOCKED
-- binds QUEUE, ID

-- deadLetterCount
SELECT COUNT(*) FROM "jobs" WHERE "queue" = ? AND "dead_at" IS NOT NULL
-- binds QUEUE

-- deadLetterIds
SELECT "id" FROM "jobs" WHERE "queue" = ? AND "dead_at" IS NOT NULL
-- binds QUEUE

-- deadLetterList
SELECT "id", substring("payload" from 1 for 4096), NULL, NULL, "dead_at", octet_length("payload") FROM "jobs" WHERE "queue" = ? AND "dead_at" IS NOT NULL ORDER BY "dead_at" DESC, "id" DESC
-- binds QUEUE

-- deadLetterById
SELECT "id", "payload", NULL, NULL, "dead_at" FROM "jobs" WHERE "queue" = ? AND "dead_at" IS NOT NULL AND "id" = ?
-- binds QUEUE, ID

-- requeueAll 1/1
UPDATE "jobs" SET "dead_at" = NULL, "due_at" = CURRENT_TIMESTAMP WHERE "queue" = ? AND "dead_at" IS NOT NULL
-- binds QUEUE

-- requeueOne 1/1
UPDATE "jobs" SET "dead_at" = NULL, "due_at" = CURRENT_TIMESTAMP WHERE "queue" = ? AND "dead_at" IS NOT NULL AND "id" = ?
-- binds QUEUE, ID

-- discardDeadLetters
DELETE FROM "jobs" WHERE "queue" = ? AND "dead_at" IS NOT NULL AND "dead_at" < clock_timestamp() + ? * interval '1 millisecond'
-- binds QUEUE, DELAY
