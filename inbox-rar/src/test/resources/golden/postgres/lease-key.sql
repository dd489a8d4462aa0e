-- postgres: TableSpec[table=jobs, idColumn=id, payloadColumn=payload, queueColumn=Optional.empty, dueColumn=Optional.empty, priorityColumn=Optional.empty, attemptColumn=Optional.empty, processedAtColumn=Optional[processed_at], lockedUntilColumn=Optional[locked_until], advisoryLock=Optional.empty, fifoColumn=Optional.empty, deadAtColumn=Optional.empty, deadLetterTable=Optional[dead_jobs], deadLetterColumns=DeadLetterColumns[id=id, queue=queue, payload=payload, attempts=attempts, reason=reason, deadAt=dead_at, key=Optional[message_key]], setAsideIds=0, keyColumn=Optional[message_key]]

-- leaseClaim
WITH claimable AS MATERIALIZED (SELECT "id" FROM "jobs" h WHERE "processed_at" IS NULL AND ("locked_until" IS NULL OR "locked_until" < CURRENT_TIMESTAMP) ORDER BY "id" LIMIT ? FOR UPDATE OF h SKIP LOCKED), claimed AS (UPDATE "jobs" SET "locked_until" = clock_timestamp() + ? * interval '1 millisecond' WHERE "id" IN (SELECT "id" FROM claimable) RETURNING *) SELECT "id" AS inbox_id, "payload" AS inbox_payload, "locked_until" AS inbox_token FROM claimed CROSS JOIN (SELECT set_config('synchronous_commit', 'off', true) AS synchronous_commit) AS claim_commit ORDER BY "id"
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

-- deadLetter 1/2
INSERT INTO "dead_jobs" ("id", "message_key", "payload", "attempts", "reason", "dead_at") SELECT "id", "message_key", "payload", ?, ?, CURRENT_TIMESTAMP FROM "jobs" WHERE "id" = ? AND "locked_until" = ? AND "processed_at" IS NULL AND NOT EXISTS (SELECT 1 FROM "dead_jobs" d WHERE d."id" = "jobs"."id")
-- binds ATTEMPT, REASON, ID, TOKEN

-- deadLetter 2/2
DELETE FROM "jobs" WHERE "id" = ? AND "locked_until" = ? AND "processed_at" IS NULL AND EXISTS (SELECT 1 FROM "dead_jobs" d WHERE d."id" = "jobs"."id" AND (d."payload")::text = ("jobs"."payload")::text)
-- binds ID, TOKEN

-- deadLetterConflict
SELECT 1 FROM "dead_jobs" d, "jobs" WHERE "jobs"."id" = ? AND d."id" = "jobs"."id" AND NOT ((d."payload")::text = ("jobs"."payload")::text)
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
SELECT COUNT(*), NULL, MIN(h."id"), CURRENT_TIMESTAMP FROM "jobs" h WHERE "processed_at" IS NULL AND ("locked_until" IS NULL OR "locked_until" < CURRENT_TIMESTAMP)
-- binds nothing

-- inWork
SELECT COUNT(*) FROM "jobs" WHERE "locked_until" >= CURRENT_TIMESTAMP
-- binds nothing

-- inboxRow
SELECT "id", "message_key", substring("payload" from 1 for 4096), NULL, NULL, "processed_at", NULL, CASE WHEN "locked_until" >= CURRENT_TIMESTAMP THEN 1 ELSE 0 END FROM "jobs" WHERE "id" = ?
-- binds ID

-- inboxRow by key
SELECT "id", "message_key", substring("payload" from 1 for 4096), NULL, NULL, "processed_at", NULL, CASE WHEN "locked_until" >= CURRENT_TIMESTAMP THEN 1 ELSE 0 END FROM "jobs" WHERE "message_key" = ?
-- binds MESSAGE_KEY

-- holdPendingRow
SELECT "id", 0 FROM "jobs" h WHERE "id" = ? AND "processed_at" IS NULL AND ("locked_until" IS NULL OR "locked_until" < CURRENT_TIMESTAMP) FOR UPDATE SKIP LOCKED
-- binds ID

-- deadLetterCount
SELECT COUNT(*) FROM "dead_jobs"
-- binds nothing

-- deadLetterIds
SELECT "id" FROM "dead_jobs"
-- binds nothing

-- deadLetterList
SELECT "id", substring("payload" from 1 for 4096), "attempts", "reason", "dead_at", octet_length("payload") FROM "dead_jobs" ORDER BY "dead_at" DESC, "id" DESC
-- binds nothing

-- deadLetterById
SELECT "id", "payload", "attempts", "reason", "dead_at" FROM "dead_jobs" WHERE "id" = ?
-- binds ID

-- deadLettersByKey
SELECT "id", substring("payload" from 1 for 4096), "attempts", "reason", "dead_at", "message_key" FROM "dead_jobs" WHERE "message_key" = ?
-- binds MESSAGE_KEY

-- requeueAll 1/2
INSERT INTO "jobs" ("id", "message_key", "payload") SELECT d."id", d."message_key", d."payload" FROM "dead_jobs" d WHERE NOT EXISTS (SELECT 1 FROM "jobs" x WHERE x."id" = d."id") AND NOT EXISTS (SELECT 1 FROM "jobs" k WHERE k."message_key" = d."message_key")
-- binds nothing

-- requeueAll 2/2
DELETE FROM "dead_jobs" WHERE EXISTS (SELECT 1 FROM "jobs" x WHERE x."id" = "dead_jobs"."id" AND (x."payload")::text = ("dead_jobs"."payload")::text AND x."processed_at" IS NULL)
-- binds nothing

-- requeueOne 1/2
INSERT INTO "jobs" ("id", "message_key", "payload") SELECT d."id", d."message_key", d."payload" FROM "dead_jobs" d WHERE d."id" = ? AND NOT EXISTS (SELECT 1 FROM "jobs" x WHERE x."id" = d."id") AND NOT EXISTS (SELECT 1 FROM "jobs" k WHERE k."message_key" = d."message_key")
-- binds ID

-- requeueOne 2/2
DELETE FROM "dead_jobs" WHERE "id" = ? AND EXISTS (SELECT 1 FROM "jobs" x WHERE x."id" = "dead_jobs"."id" AND (x."payload")::text = ("dead_jobs"."payload")::text AND x."processed_at" IS NULL)
-- binds ID

-- discardDeadLetters
DELETE FROM "dead_jobs" WHERE "dead_at" < clock_timestamp() + ? * interval '1 millisecond'
-- binds DELAY
