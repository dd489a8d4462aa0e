-- postgres: TableSpec[table=jobs, idColumn=id, payloadColumn=payload, queueColumn=Optional.empty, dueColumn=Optional.empty, priorityColumn=Optional.empty, attemptColumn=Optional.empty, processedAtColumn=Optional.empty, lockedUntilColumn=Optional.empty, advisoryLock=Optional[id], fifoColumn=Optional[grp], deadAtColumn=Optional.empty, deadLetterTable=Optional[dead_jobs], deadLetterColumns=DeadLetterColumns[id=id, queue=queue, payload=payload, attempts=attempts, reason=reason, deadAt=dead_at], maxPayloadBytes=OptionalInt[1048576]]

-- advisoryClaim
SELECT * FROM (SELECT "id" AS inbox_id, CASE WHEN octet_length("payload") <= 1048576 THEN "payload" END AS inbox_payload, octet_length("payload") AS inbox_payload_bytes, "grp" AS inbox_group, hashtext(("grp")::text) AS inbox_key FROM "jobs" h WHERE NOT EXISTS (SELECT 1 FROM "jobs" e WHERE e."grp" = h."grp" AND (e."id") < (h."id")) ORDER BY "id" LIMIT ?) candidates WHERE pg_try_advisory_lock(hashtext('jobs'), inbox_key) LIMIT ?
-- binds CANDIDATES, LIMIT

-- recheck
SELECT "id" AS inbox_id, CASE WHEN octet_length("payload") <= 1048576 THEN "payload" END AS inbox_payload, octet_length("payload") AS inbox_payload_bytes FROM "jobs" h WHERE NOT EXISTS (SELECT 1 FROM "jobs" e WHERE e."grp" = h."grp" AND (e."id") < (h."id")) AND h."id" = ?
-- binds ID

-- unlock
SELECT pg_advisory_unlock(hashtext('jobs'), ?)
-- binds KEY

-- recheckAll 3
SELECT "id" AS inbox_id, CASE WHEN octet_length("payload") <= 1048576 THEN "payload" END AS inbox_payload, octet_length("payload") AS inbox_payload_bytes FROM "jobs" h WHERE NOT EXISTS (SELECT 1 FROM "jobs" e WHERE e."grp" = h."grp" AND (e."id") < (h."id")) AND h."id" IN (?, ?, ?)
-- binds ID, ID, ID

-- unlockAll
SELECT pg_advisory_unlock_all()
-- binds nothing

-- tryLock
SELECT * FROM (SELECT h."id" AS inbox_id, hashtext(("grp")::text) AS inbox_key FROM "jobs" h WHERE h."id" = ? LIMIT 1) candidate WHERE pg_try_advisory_lock(hashtext('jobs'), inbox_key)
-- binds ID

-- settle
DELETE FROM "jobs" WHERE "id" = ?
-- binds ID

-- settleAll 3
DELETE FROM "jobs" WHERE "id" = ANY(?)
-- binds IDS

-- deadLetter 1/2
INSERT INTO "dead_jobs" ("id", "payload", "attempts", "reason", "dead_at") SELECT "id", "payload", ?, ?, CURRENT_TIMESTAMP FROM "jobs" WHERE "id" = ? AND NOT EXISTS (SELECT 1 FROM "dead_jobs" d WHERE d."id" = "jobs"."id")
-- binds ATTEMPT, REASON, ID

-- deadLetter 2/2
DELETE FROM "jobs" WHERE "id" = ? AND EXISTS (SELECT 1 FROM "dead_jobs" d WHERE d."id" = "jobs"."id" AND (d."payload")::text = ("jobs"."payload")::text)
-- binds ID

-- deadLetterConflict
SELECT 1 FROM "dead_jobs" d, "jobs" WHERE "jobs"."id" = ? AND d."id" = "jobs"."id" AND NOT ((d."payload")::text = ("jobs"."payload")::text)
-- binds ID

-- backlog
SELECT COUNT(*), NULL, MIN(h."id"), CURRENT_TIMESTAMP FROM "jobs" h WHERE NOT EXISTS (SELECT 1 FROM "jobs" e WHERE e."grp" = h."grp" AND (e."id") < (h."id"))
-- binds nothing

-- inWork: none

-- inboxRow
SELECT "id", NULL, substring("payload" from 1 for 4096), NULL, NULL, NULL, NULL, 0 FROM "jobs" WHERE "id" = ?
-- binds ID

-- holdPendingRow
SELECT "id", 0 FROM "jobs" h WHERE "id" = ? FOR UPDATE SKIP LOCKED
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

-- requeueAll 1/2
INSERT INTO "jobs" ("id", "payload") SELECT d."id", d."payload" FROM "dead_jobs" d WHERE NOT EXISTS (SELECT 1 FROM "jobs" x WHERE x."id" = d."id")
-- binds nothing

-- requeueAll 2/2
DELETE FROM "dead_jobs" WHERE EXISTS (SELECT 1 FROM "jobs" x WHERE x."id" = "dead_jobs"."id" AND (x."payload")::text = ("dead_jobs"."payload")::text)
-- binds nothing

-- requeueOne 1/2
INSERT INTO "jobs" ("id", "payload") SELECT d."id", d."payload" FROM "dead_jobs" d WHERE d."id" = ? AND NOT EXISTS (SELECT 1 FROM "jobs" x WHERE x."id" = d."id")
-- binds ID

-- requeueOne 2/2
DELETE FROM "dead_jobs" WHERE "id" = ? AND EXISTS (SELECT 1 FROM "jobs" x WHERE x."id" = "dead_jobs"."id" AND (x."payload")::text = ("dead_jobs"."payload")::text)
-- binds ID

-- discardDeadLetters
DELETE FROM "dead_jobs" WHERE "dead_at" < clock_timestamp() + ? * interval '1 millisecond'
-- binds DELAY
