-- mariadb: TableSpec[table=jobs, idColumn=id, payloadColumn=payload, queueColumn=Optional.empty, dueColumn=Optional.empty, priorityColumn=Optional.empty, attemptColumn=Optional[attempts], processedAtColumn=Optional.empty, lockedUntilColumn=Optional.empty, advisoryLock=Optional.empty, fifoColumn=Optional[grp], deadAtColumn=Optional.empty, deadLetterTable=Optional.empty, deadLetterColumns=DeadLetterColumns[id=id, queue=queue, payload=payload, attempts=attempts, reason=reason, deadAt=dead_at], setAsideIds=0, keyColumn=Optional.empty, traceColumn=Optional[trace_context]]

-- lockClaim
SELECT `id` AS inbox_id, `payload` AS inbox_payload, `attempts` AS inbox_attempt, `trace_context` AS inbox_trace, `grp` AS inbox_group FROM `jobs` h WHERE NOT EXISTS (SELECT 1 FROM `jobs` e WHERE e.`grp` = h.`grp` AND (e.`id`) < (h.`id`)) ORDER BY `id` LIMIT ? FOR UPDATE SKIP LOCKED
-- binds LIMIT

-- fifoGuard
SELECT GET_LOCK(CONCAT('inbox.', MD5(CONCAT('jobs:g:', ?))), 0)
-- binds GROUP

-- fifoRelease
SELECT RELEASE_LOCK(CONCAT('inbox.', MD5(CONCAT('jobs:g:', ?))))
-- binds GROUP

-- probe
SELECT 1 FROM `jobs` h WHERE NOT EXISTS (SELECT 1 FROM `jobs` e WHERE e.`grp` = h.`grp` AND (e.`id`) < (h.`id`)) LIMIT 1
-- binds nothing

-- settle
DELETE FROM `jobs` WHERE `id` = ?
-- binds ID

-- settleAll 3
SET STATEMENT join_cache_level=0 FOR DELETE h FROM (SELECT ? AS inbox_ra_settled_id UNION ALL SELECT ? UNION ALL SELECT ?) k STRAIGHT_JOIN `jobs` h ON h.`id` = k.inbox_ra_settled_id
-- binds ID, ID, ID

-- createClaimIndex
CREATE INDEX jobs_claim ON `jobs` (`id`)
-- binds nothing

-- backlog
SELECT COUNT(*), NULL, MIN(h.`id`), CURRENT_TIMESTAMP(6) FROM `jobs` h WHERE NOT EXISTS (SELECT 1 FROM `jobs` e WHERE e.`grp` = h.`grp` AND (e.`id`) < (h.`id`))
-- binds nothing

-- inWork: none

-- inboxRow
SELECT `id`, NULL, SUBSTRING(`payload`, 1, 4096), `attempts`, NULL, NULL, NULL, 0 FROM `jobs` WHERE `id` = ?
-- binds ID

-- holdPendingRow
SELECT `id`, `attempts` FROM `jobs` h WHERE `id` = ? FOR UPDATE SKIP LOCKED
-- binds ID
