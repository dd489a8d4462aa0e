-- h2: TableSpec[table=app.jobs, idColumn=job_id, payloadColumn=body, queueColumn=Optional[queue], dueColumn=Optional[due_at], priorityColumn=Optional.empty, attemptColumn=Optional.empty, processedAtColumn=Optional.empty, lockedUntilColumn=Optional.empty, advisoryLock=Optional.empty, fifoColumn=Optional.empty, deadAtColumn=Optional.empty, deadLetterTable=Optional[app.dead_jobs], deadLetterColumns=DeadLetterColumns[id=id, queue=queue, payload=payload, attempts=attempts, reason=reason, deadAt=dead_at]]

-- lockClaim
SELECT "job_id" AS inbox_id, "body" AS inbox_payload FROM "app"."jobs" h WHERE "queue" = ? AND ("due_at" IS NULL OR "due_at" <= CURRENT_TIMESTAMP) ORDER BY "due_at", "job_id" LIMIT ? FOR UPDATE SKIP LOCKED
-- binds QUEUE, LIMIT

-- probe
SELECT 1 FROM "app"."jobs" h WHERE "queue" = ? AND ("due_at" IS NULL OR "due_at" <= CURRENT_TIMESTAMP) LIMIT 1
-- binds QUEUE

-- settle
DELETE FROM "app"."jobs" WHERE "job_id" = ?
-- binds ID

-- settleAll 3
DELETE FROM "app"."jobs" WHERE "job_id" IN (?, ?, ?)
-- binds ID, ID, ID

-- reschedule
UPDATE "app"."jobs" SET "due_at" = DATEADD(MILLISECOND, ?, CURRENT_TIMESTAMP) WHERE "job_id" = ?
-- binds DELAY, ID

-- duePartitionsAhead: none

-- deadLetter 1/2
INSERT INTO "app"."dead_jobs" ("id", "queue", "payload", "attempts", "reason", "dead_at") SELECT "job_id", "queue", "body", ?, ?, CURRENT_TIMESTAMP FROM "app"."jobs" WHERE "job_id" = ? AND NOT EXISTS (SELECT 1 FROM "app"."dead_jobs" d WHERE d."id" = "app"."jobs"."job_id")
-- binds ATTEMPT, REASON, ID

-- deadLetter 2/2
DELETE FROM "app"."jobs" WHERE "job_id" = ? AND EXISTS (SELECT 1 FROM "app"."dead_jobs" d WHERE d."id" = "app"."jobs"."job_id" AND d."payload" = "app"."jobs"."body")
-- binds ID

-- deadLetterConflict
SELECT 1 FROM "app"."dead_jobs" d, "app"."jobs" WHERE "app"."jobs"."job_id" = ? AND d."id" = "app"."jobs"."job_id" AND NOT (d."payload" = "app"."jobs"."body")
-- binds ID

-- backlog
SELECT COUNT(*), MIN(h."due_at"), MIN(h."job_id"), CURRENT_TIMESTAMP FROM "app"."jobs" h WHERE "queue" = ? AND ("due_at" IS NULL OR "due_at" <= CURRENT_TIMESTAMP)
-- binds QUEUE

-- inWork: none

-- inboxRow
SELECT "job_id", NULL, SUBSTRING("body" FROM 1 FOR 4096), NULL, "due_at", NULL, NULL, 0 FROM "app"."jobs" WHERE "queue" = ? AND "job_id" = ?
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
SELECT "id", SUBSTRING("payload" FROM 1 FOR 4096), "attempts", "reason", "dead_at", OCTET_LENGTH("payload") FROM "app"."dead_jobs" WHERE "queue" = ? ORDER BY "dead_at" DESC, "id" DESC
-- binds QUEUE

-- deadLetterById
SELECT "id", "payload", "attempts", "reason", "dead_at" FROM "app"."dead_jobs" WHERE "queue" = ? AND "id" = ?
-- binds QUEUE, ID

-- requeueAll 1/2
INSERT INTO "app"."jobs" ("job_id", "queue", "body", "due_at") SELECT d."id", d."queue", d."payload", CURRENT_TIMESTAMP FROM "app"."dead_jobs" d WHERE d."queue" = ? AND NOT EXISTS (SELECT 1 FROM "app"."jobs" x WHERE x."job_id" = d."id")
-- binds QUEUE

-- requeueAll 2/2
DELETE FROM "app"."dead_jobs" WHERE "queue" = ? AND EXISTS (SELECT 1 FROM "app"."jobs" x WHERE x."job_id" = "app"."dead_jobs"."id" AND x."body" = "app"."dead_jobs"."payload")
-- binds QUEUE

-- requeueOne 1/2
INSERT INTO "app"."jobs" ("job_id", "queue", "body", "due_at") SELECT d."id", d."queue", d."payload", CURRENT_TIMESTAMP FROM "app"."dead_jobs" d WHERE d."queue" = ? AND d."id" = ? AND NOT EXISTS (SELECT 1 FROM "app"."jobs" x WHERE x."job_id" = d."id")
-- binds QUEUE, ID

-- requeueOne 2/2
DELETE FROM "app"."dead_jobs" WHERE "queue" = ? AND "id" = ? AND EXISTS (SELECT 1 FROM "app"."jobs" x WHERE x."job_id" = "app"."dead_jobs"."id" AND x."body" = "app"."dead_jobs"."payload")
-- binds QUEUE, ID

-- discardDeadLetters
DELETE FROM "app"."dead_jobs" WHERE "queue" = ? AND "dead_at" < DATEADD(MILLISECOND, ?, CURRENT_TIMESTAMP)
-- binds QUEUE, DELAY
