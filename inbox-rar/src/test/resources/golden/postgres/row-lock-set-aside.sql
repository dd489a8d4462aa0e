-- postgres: TableSpec[table=jobs, idColumn=id, payloadColumn=payload, queueColumn=Optional[queue], dueColumn=Optional[due_at], priorityColumn=Optional.empty, attemptColumn=Optional.empty, processedAtColumn=Optional.empty, lockedUntilColumn=Optional.empty, advisoryLock=Optional.empty, fifoColumn=Optional.empty, deadAtColumn=Optional.empty, deadLetterTable=Optional.empty, deadLetterColumns=DeadLetterColumns[id=id, queue=queue, payload=payload, attempts=attempts, reason=reason, deadAt=dead_at], setAsideIds=3]

-- lockClaim
SELECT * FROM (SELECT "id" AS inbox_id, "payload" AS inbox_payload FROM "jobs" h WHERE "queue" = ? AND ("due_at" IS NULL OR "due_at" <= CURRENT_TIMESTAMP) AND "id" NOT IN (?, ?, ?) ORDER BY "due_at", "id" LIMIT ? FOR UPDATE SKIP LOCKED) claimed WHERE pg_try_advisory_xact_lock(hashtext('jobs:row'), hashtext((claimed.inbox_id)::text))
-- binds QUEUE, SET_ASIDE, SET_ASIDE, SET_ASIDE, LIMIT

-- claimGuard
SELECT pg_advisory_xact_lock(hashtext('jobs:row'), hashtext(?::text))
-- binds ID

-- probe
SELECT 1 FROM "jobs" h WHERE "queue" = ? AND ("due_at" IS NULL OR "due_at" <= CURRENT_TIMESTAMP) AND "id" NOT IN (?, ?, ?) LIMIT 1
-- binds QUEUE, SET_ASIDE, SET_ASIDE, SET_ASIDE

-- settle
DELETE FROM "jobs" WHERE "id" = ?
-- binds ID

-- settleAll 3
DELETE FROM "jobs" WHERE "id" = ANY(?)
-- binds IDS

-- reschedule
UPDATE "jobs" SET "due_at" = clock_timestamp() + ? * interval '1 millisecond' WHERE "id" = ?
-- binds DELAY, ID

-- inDoubtBranches
SELECT p.gid AS inbox_branch FROM pg_prepared_xacts p WHERE p.database = current_database() AND p.owner = current_user AND p.prepared < now() - ? * interval '1 millisecond' AND EXISTS (SELECT 1 FROM "jobs" h WHERE h.xmax = p.transaction OR CASE WHEN mxid_age(h.xmax) BETWEEN 1 AND (SELECT min(mxid_age(datminmxid)) FROM pg_database) THEN EXISTS (SELECT 1 FROM pg_get_multixact_members(h.xmax) m WHERE m.xid = p.transaction AND m.mode NOT IN ('keysh', 'sh')) ELSE false END)
-- binds AGE

-- backlog
SELECT COUNT(*), MIN(h."due_at"), MIN(h."id"), CURRENT_TIMESTAMP FROM "jobs" h WHERE "queue" = ? AND ("due_at" IS NULL OR "due_at" <= CURRENT_TIMESTAMP) AND "id" NOT IN (?, ?, ?)
-- binds QUEUE, SET_ASIDE, SET_ASIDE, SET_ASIDE

-- inWork: none
