-- postgres: TableSpec[table=jobs, idColumn=id, payloadColumn=payload, queueColumn=Optional[queue], dueColumn=Optional.empty, priorityColumn=Optional.empty, attemptColumn=Optional.empty, processedAtColumn=Optional.empty, lockedUntilColumn=Optional.empty, advisoryLock=Optional[id], fifoColumn=Optional.empty, deadAtColumn=Optional.empty, deadLetterTable=Optional.empty, deadLetterColumns=DeadLetterColumns[id=id, queue=queue, payload=payload, attempts=attempts, reason=reason, deadAt=dead_at], setAsideIds=3]

-- advisoryClaim
SELECT * FROM (SELECT "id" AS inbox_id, "payload" AS inbox_payload, hashtext(("id")::text) AS inbox_key FROM "jobs" h WHERE "queue" = ? AND "id" NOT IN (?, ?, ?) ORDER BY "id" LIMIT ?) candidates WHERE pg_try_advisory_lock(hashtext('jobs'), inbox_key) LIMIT ?
-- binds QUEUE, SET_ASIDE, SET_ASIDE, SET_ASIDE, CANDIDATES, LIMIT

-- recheck
SELECT "id" AS inbox_id, "payload" AS inbox_payload FROM "jobs" h WHERE "queue" = ? AND "id" NOT IN (?, ?, ?) AND h."id" = ?
-- binds QUEUE, SET_ASIDE, SET_ASIDE, SET_ASIDE, ID

-- unlock
SELECT pg_advisory_unlock(hashtext('jobs'), ?)
-- binds KEY

-- recheckAll 3
SELECT "id" AS inbox_id, "payload" AS inbox_payload FROM "jobs" h WHERE "queue" = ? AND "id" NOT IN (?, ?, ?) AND h."id" IN (?, ?, ?)
-- binds QUEUE, SET_ASIDE, SET_ASIDE, SET_ASIDE, ID, ID, ID

-- unlockAll
SELECT pg_advisory_unlock_all()
-- binds nothing

-- settle
DELETE FROM "jobs" WHERE "id" = ?
-- binds ID

-- settleAll 3
DELETE FROM "jobs" WHERE "id" = ANY(?)
-- binds IDS

-- inDoubtBranches
SELECT p.gid AS inbox_branch FROM pg_prepared_xacts p WHERE p.database = current_database() AND p.owner = current_user AND p.prepared < now() - ? * interval '1 millisecond' AND EXISTS (SELECT 1 FROM "jobs" h WHERE h.xmax = p.transaction OR CASE WHEN mxid_age(h.xmax) BETWEEN 1 AND (SELECT min(mxid_age(datminmxid)) FROM pg_database) THEN EXISTS (SELECT 1 FROM pg_get_multixact_members(h.xmax) m WHERE m.xid = p.transaction AND m.mode NOT IN ('keysh', 'sh')) ELSE false END)
-- binds AGE

-- backlog
SELECT COUNT(*), NULL, MIN(h."id"), CURRENT_TIMESTAMP FROM "jobs" h WHERE "queue" = ? AND "id" NOT IN (?, ?, ?)
-- binds QUEUE, SET_ASIDE, SET_ASIDE, SET_ASIDE

-- inWork: none
