-- mariadb: TableSpec[table=jobs, idColumn=id, payloadColumn=payload, queueColumn=Optional.empty, dueColumn=Optional.empty, priorityColumn=Optional.empty, attemptColumn=Optional.empty, processedAtColumn=Optional.empty, lockedUntilColumn=Optional.empty, advisoryLock=Optional.empty, fifoColumn=Optional.empty, deadAtColumn=Optional.empty, deadLetterTable=Optional.empty, deadLetterColumns=DeadLetterColumns[id=id, queue=queue, payload=payload, attempts=attempts, reason=reason, deadAt=dead_at]]

-- lockClaim
SELECT `id` AS inbox_id, `payload` AS inbox_payload FROM `jobs` h ORDER BY `id` LIMIT ? FOR UPDATE SKIP LOCKED
-- binds LIMIT

-- probe
SELECT 1 FROM `jobs` h LIMIT 1
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
SELECT COUNT(*), NULL, MIN(h.`id`), CURRENT_TIMESTAMP(6) FROM `jobs` h
-- binds nothing

-- inWork: none

-- inboxRow
SELECT `id`, NULL, SUBSTRING(`payload`, 1, 4096), NULL, NULL, NULL, NULL, 0 FROM `jobs` WHERE `id` = ?
-- binds ID

-- holdPendingRow
SELECT `id`, 0 FROM `jobs` h WHERE `id` = ? FOR UPDATE SKIP LOCKED
-- binds ID
