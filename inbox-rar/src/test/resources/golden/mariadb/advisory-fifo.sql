-- mariadb: TableSpec[table=jobs, idColumn=id, payloadColumn=payload, queueColumn=Optional.empty, dueColumn=Optional.empty, priorityColumn=Optional[priority], attemptColumn=Optional.empty, processedAtColumn=Optional.empty, lockedUntilColumn=Optional.empty, advisoryLock=Optional[id], fifoColumn=Optional[grp], deadAtColumn=Optional.empty, deadLetterTable=Optional[dead_jobs], deadLetterColumns=DeadLetterColumns[id=id, queue=queue, payload=payload, attempts=attempts, reason=reason, deadAt=dead_at]]

-- advisoryClaim
SELECT * FROM (SELECT `id` AS inbox_id, `payload` AS inbox_payload, `grp` AS inbox_group, CONCAT('inbox.', MD5(CONCAT('jobs:g:', `grp`))) AS inbox_key FROM `jobs` h WHERE NOT EXISTS (SELECT 1 FROM `jobs` e WHERE e.`grp` = h.`grp` AND (ROW(e.`priority`, e.`id`)) < (ROW(h.`priority`, h.`id`))) ORDER BY `priority`, `id` LIMIT ?) candidates WHERE GET_LOCK(inbox_key, 0) = 1 LIMIT ?
-- binds CANDIDATES, LIMIT

-- recheck
SELECT `id` AS inbox_id, `payload` AS inbox_payload FROM `jobs` h WHERE NOT EXISTS (SELECT 1 FROM `jobs` e WHERE e.`grp` = h.`grp` AND (ROW(e.`priority`, e.`id`)) < (ROW(h.`priority`, h.`id`))) AND h.`id` = ?
-- binds ID

-- unlock
SELECT RELEASE_LOCK(?)
-- binds KEY

-- recheckAll 3
SELECT `id` AS inbox_id, `payload` AS inbox_payload FROM `jobs` h WHERE NOT EXISTS (SELECT 1 FROM `jobs` e WHERE e.`grp` = h.`grp` AND (ROW(e.`priority`, e.`id`)) < (ROW(h.`priority`, h.`id`))) AND h.`id` IN (?, ?, ?)
-- binds ID, ID, ID

-- unlockAll
SELECT RELEASE_ALL_LOCKS()
-- binds nothing

-- tryLock
SELECT * FROM (SELECT h.`id` AS inbox_id, CONCAT('inbox.', MD5(CONCAT('jobs:g:', `grp`))) AS inbox_key FROM `jobs` h WHERE h.`id` = ? LIMIT 1) candidate WHERE GET_LOCK(inbox_key, 0) = 1
-- binds ID

-- settle
DELETE FROM `jobs` WHERE `id` = ?
-- binds ID

-- settleAll 3
SET STATEMENT join_cache_level=0 FOR DELETE h FROM (SELECT ? AS inbox_ra_settled_id UNION ALL SELECT ? UNION ALL SELECT ?) k STRAIGHT_JOIN `jobs` h ON h.`id` = k.inbox_ra_settled_id
-- binds ID, ID, ID

-- deadLetter 1/2
INSERT INTO `dead_jobs` (`id`, `payload`, `attempts`, `reason`, `dead_at`) SELECT `id`, `payload`, ?, ?, CURRENT_TIMESTAMP(6) FROM `jobs` WHERE `id` = ? AND NOT EXISTS (SELECT 1 FROM `dead_jobs` d WHERE d.`id` = `jobs`.`id`)
-- binds ATTEMPT, REASON, ID

-- deadLetter 2/2
DELETE FROM `jobs` WHERE `id` = ? AND EXISTS (SELECT 1 FROM `dead_jobs` d WHERE d.`id` = `jobs`.`id` AND CAST(d.`payload` AS BINARY) = CAST(`jobs`.`payload` AS BINARY))
-- binds ID

-- deadLetterConflict
SELECT 1 FROM `dead_jobs` d, `jobs` WHERE `jobs`.`id` = ? AND d.`id` = `jobs`.`id` AND NOT (CAST(d.`payload` AS BINARY) = CAST(`jobs`.`payload` AS BINARY))
-- binds ID

-- createClaimIndex
CREATE INDEX jobs_claim ON `jobs` (`priority`, `id`)
-- binds nothing

-- backlog
SELECT COUNT(*), NULL, MIN(h.`id`), CURRENT_TIMESTAMP(6) FROM `jobs` h WHERE NOT EXISTS (SELECT 1 FROM `jobs` e WHERE e.`grp` = h.`grp` AND (ROW(e.`priority`, e.`id`)) < (ROW(h.`priority`, h.`id`)))
-- binds nothing

-- inWork: none

-- inboxRow
SELECT `id`, NULL, SUBSTRING(`payload`, 1, 4096), NULL, NULL, NULL, NULL, 0 FROM `jobs` WHERE `id` = ?
-- binds ID

-- holdPendingRow
SELECT `id`, 0 FROM `jobs` h WHERE `id` = ? FOR UPDATE SKIP LOCKED
-- binds ID

-- deadLetterCount
SELECT COUNT(*) FROM `dead_jobs`
-- binds nothing

-- deadLetterIds
SELECT `id` FROM `dead_jobs`
-- binds nothing

-- deadLetterList
SELECT `id`, SUBSTRING(`payload`, 1, 4096), `attempts`, `reason`, `dead_at`, LENGTH(`payload`) FROM `dead_jobs` ORDER BY `dead_at` DESC, `id` DESC
-- binds nothing

-- deadLetterById
SELECT `id`, `payload`, `attempts`, `reason`, `dead_at` FROM `dead_jobs` WHERE `id` = ?
-- binds ID

-- requeueAll 1/2
INSERT INTO `jobs` (`id`, `payload`) SELECT d.`id`, d.`payload` FROM `dead_jobs` d WHERE NOT EXISTS (SELECT 1 FROM `jobs` x WHERE x.`id` = d.`id`)
-- binds nothing

-- requeueAll 2/2
DELETE FROM `dead_jobs` WHERE EXISTS (SELECT 1 FROM `jobs` x WHERE x.`id` = `dead_jobs`.`id` AND CAST(x.`payload` AS BINARY) = CAST(`dead_jobs`.`payload` AS BINARY))
-- binds nothing

-- requeueOne 1/2
INSERT INTO `jobs` (`id`, `payload`) SELECT d.`id`, d.`payload` FROM `dead_jobs` d WHERE d.`id` = ? AND NOT EXISTS (SELECT 1 FROM `jobs` x WHERE x.`id` = d.`id`)
-- binds ID

-- requeueOne 2/2
DELETE FROM `dead_jobs` WHERE `id` = ? AND EXISTS (SELECT 1 FROM `jobs` x WHERE x.`id` = `dead_jobs`.`id` AND CAST(x.`payload` AS BINARY) = CAST(`dead_jobs`.`payload` AS BINARY))
-- binds ID

-- discardDeadLetters
DELETE FROM `dead_jobs` WHERE `dead_at` < CURRENT_TIMESTAMP(6) + INTERVAL ? * 1000 MICROSECOND
-- binds DELAY
