-- postgres: TableSpec[table=jobs, idColumn=id, payloadColumn=payload, queueColumn=Optional.empty, dueColumn=Optional.empty, priorityColumn=Optional.empty, attemptColumn=Optional[attempts], processedAtColumn=Optional.empty, lockedUntilColumn=Optional[locked_until], advisoryLock=Optional.empty, fifoColumn=Optional.empty, deadAtColumn=Optional[dead_at], deadLetterTable=Optional.empty, deadLetterColumns=DeadLetterColumns[id=id, queue=queue, payload=payload, attempts=attempts, reason=reason, deadAt=dead_at], maxPayloadBytes=OptionalInt[1048576]]

-- leaseClaim
WITH claimable AS MATERIALIZED (SELECT "id" FROM "jobs" h WHERE "dead_at" IS NULL AND ("locked_until" IS NULL OR "locked_until" < CURRENT_TIMESTAMP) ORDER BY "id" LIMIT ? FOR UPDATE OF h SKIP LOCKED), claimed AS (UPDATE "jobs" SET "locked_until" = clock_timestamp() + ? * interval '1 millisecond' WHERE "id" IN (SELECT "id" FROM claimable) RETURNING *) SELECT "id" AS inbox_id, CASE WHEN octet_length("payload") <= 1048576 THEN "payload" END AS inbox_payload, octet_length("payload") AS inbox_payload_bytes, "attempts" AS inbox_attempt, "locked_until" AS inbox_token FROM claimed CROSS JOIN (SELECT set_config('synchronous_commit', 'off', true) AS synchronous_commit) AS claim_commit ORDER BY "id"
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
DELETE FROM "jobs" WHERE "id" = ? AND "locked_until" = ? AND "dead_at" IS NULL
-- binds ID, TOKEN

-- deadLetter 1/1
UPDATE "jobs" SET "dead_at" = CURRENT_TIMESTAMP, "attempts" = "attempts" + 1, "locked_until" = NULL WHERE "id" = ? AND "locked_until" = ? AND "dead_at" IS NULL
-- binds ID, TOKEN

-- backlog
SELECT COUNT(*), NULL, MIN(h."id"), CURRENT_TIMESTAMP FROM "jobs" h WHERE "dead_at" IS NULL AND ("locked_until" IS NULL OR "locked_until" < CURRENT_TIMESTAMP)
-- binds nothing

-- inWork
SELECT COUNT(*) FROM "jobs" WHERE "locked_until" >= CURRENT_TIMESTAMP
-- binds nothing

-- inboxRow
SELECT "id", NULL, substring("payload" from 1 for 4096), "attempts", NULL, NULL, "dead_at", CASE WHEN "locked_until" >= CURRENT_TIMESTAMP THEN 1 ELSE 0 END FROM "jobs" WHERE "id" = ?
-- binds ID

-- holdPendingRow
SELECT "id", "attempts" FROM "jobs" h WHERE "id" = ? AND "dead_at" IS NULL AND ("locked_until" IS NULL OR "locked_until" < CURRENT_TIMESTAMP) FOR UPDATE SKIP LOCKED
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
UPDATE "jobs" SET "dead_at" = NULL, "attempts" = 0 WHERE "dead_at" IS NOT NULL
-- binds nothing

-- requeueOne 1/1
UPDATE "jobs" SET "dead_at" = NULL, "attempts" = 0 WHERE "dead_at" IS NOT NULL AND "id" = ?
-- binds ID

-- discardDeadLetters
DELETE FROM "jobs" WHERE "dead_at" IS NOT NULL AND "dead_at" < clock_timestamp() + ? * interval '1 millisecond'
-- binds DELAY
