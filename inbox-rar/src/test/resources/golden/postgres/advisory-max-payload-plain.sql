-- postgres: TableSpec[table=jobs, idColumn=id, payloadColumn=payload, queueColumn=Optional.empty, dueColumn=Optional.empty, priorityColumn=Optional.empty, attemptColumn=Optional.empty, processedAtColumn=Optional.empty, lockedUntilColumn=Optional.empty, advisoryLock=Optional[id], fifoColumn=Optional.empty, deadAtColumn=Optional.empty, deadLetterTable=Optional.empty, deadLetterColumns=DeadLetterColumns[id=id, queue=queue, payload=payload, attempts=attempts, reason=reason, deadAt=dead_at], maxPayloadBytes=OptionalInt[1048576]]

-- advisoryClaim
SELECT * FROM (SELECT "id" AS inbox_id, CASE WHEN octet_length("payload") <= 1048576 THEN "payload" END AS inbox_payload, octet_length("payload") AS inbox_payload_bytes, hashtext(("id")::text) AS inbox_key FROM "jobs" h ORDER BY "id" LIMIT ?) candidates WHERE pg_try_advisory_lock(hashtext('jobs'), inbox_key) LIMIT ?
-- binds CANDIDATES, LIMIT

-- recheck
SELECT "id" AS inbox_id, CASE WHEN octet_length("payload") <= 1048576 THEN "payload" END AS inbox_payload, octet_length("payload") AS inbox_payload_bytes FROM "jobs" h WHERE h."id" = ?
-- binds ID

-- unlock
SELECT pg_advisory_unlock(hashtext('jobs'), ?)
-- binds KEY

-- recheckAll 3
SELECT "id" AS inbox_id, CASE WHEN octet_length("payload") <= 1048576 THEN "payload" END AS inbox_payload, octet_length("payload") AS inbox_payload_bytes FROM "jobs" h WHERE h."id" IN (?, ?, ?)
-- binds ID, ID, ID

-- unlockAll
SELECT pg_advisory_unlock_all()
-- binds nothing

-- tryLock
SELECT * FROM (SELECT h."id" AS inbox_id, hashtext(("id")::text) AS inbox_key FROM "jobs" h WHERE h."id" = ? LIMIT 1) candidate WHERE pg_try_advisory_lock(hashtext('jobs'), inbox_key)
-- binds ID

-- settle
DELETE FROM "jobs" WHERE "id" = ?
-- binds ID

-- settleAll 3
DELETE FROM "jobs" WHERE "id" = ANY(?)
-- binds IDS

-- backlog
SELECT COUNT(*), NULL, MIN(h."id"), CURRENT_TIMESTAMP FROM "jobs" h
-- binds nothing

-- inWork: none

-- inboxRow
SELECT "id", NULL, substring("payload" from 1 for 4096), NULL, NULL, NULL, NULL, 0 FROM "jobs" WHERE "id" = ?
-- binds ID

-- holdPendingRow
SELECT "id", 0 FROM "jobs" h WHERE "id" = ? FOR UPDATE SKIP LOCKED
-- binds ID
