-- mysql: TableSpec[table=jobs, idColumn=id, payloadColumn=payload, queueColumn=Optional.empty, dueColumn=Optional.empty, priorityColumn=Optional[priority], attemptColumn=Optional.empty, processedAtColumn=Optional.empty, lockedUntilColumn=Optional.empty, advisoryLock=Optional[id], fifoColumn=Optional[grp], deadAtColumn=Optional.empty, deadLetterTable=Optional[dead_jobs], deadLetterColumns=DeadLetterColumns[id=id, queue=queue, payload=payload, attempts=attempts, reason=reason, deadAt=dead_at]]

-- advisoryClaim
SELECT * FROM (SELECT `id` AS inbox_id, `payload` AS inbox_payload, `grp` AS inbox_group, CONCAT('inbox.', MD5(CONCAT('jobs:g:', `grp`))) AS inbox_key FROM `jobs` h WHERE NOT EXISTS (SELECT 1 FROM `jobs` e WHERE e.`grp` = h.`grp` AND (ROW(e.`priority`, e.`id`)) < (ROW(h.`priority`, h.`id`))) ORDER BY `priority`, `id` LIMIT 256) candidates WHERE GET_LOCK(inbox_key, 0) = 1 LIMIT ?
-- binds LIMIT

-- recheck
SELECT `id` AS inbox_id, `payload` AS inbox_payload FROM `jobs` h WHERE NOT EXISTS (SELECT 1 FROM `jobs` e WHERE e.`grp` = h.`grp` AND (ROW(e.`priority`, e.`id`)) < (ROW(h.`priority`, h.`id`))) AND h.`id` = ?
-- binds ID

-- unlock
SELECT RELEASE_LOCK(?)
-- binds KEY

-- settle
DELETE FROM `jobs` WHERE `id` = ?
-- binds ID

-- deadLetter 1/2
INSERT INTO `dead_jobs` (`id`, `payload`, `attempts`, `reason`, `dead_at`) SELECT `id`, `payload`, ?, ?, CURRENT_TIMESTAMP(6) FROM `jobs` WHERE `id` = ? AND NOT EXISTS (SELECT 1 FROM `dead_jobs` d WHERE d.`id` = `jobs`.`id`)
-- binds ATTEMPT, REASON, ID

-- deadLetter 2/2
DELETE FROM `jobs` WHERE `id` = ?
-- binds ID

-- inDoubtBranches: none

-- createClaimIndex
CREATE INDEX jobs_claim ON `jobs` (`priority`, `id`)
-- binds nothing
