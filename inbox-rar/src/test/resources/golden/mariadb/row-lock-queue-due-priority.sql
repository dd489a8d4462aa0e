-- mariadb: TableSpec[table=jobs, idColumn=id, payloadColumn=payload, queueColumn=Optional[queue], dueColumn=Optional[due_at], priorityColumn=Optional[priority], attemptColumn=Optional[attempts], processedAtColumn=Optional.empty, lockedUntilColumn=Optional.empty, advisoryLock=Optional.empty, fifoColumn=Optional.empty, deadAtColumn=Optional.empty, deadLetterTable=Optional[dead_jobs], deadLetterColumns=DeadLetterColumns[id=id, queue=queue, payload=payload, attempts=attempts, reason=reason, deadAt=dead_at]]

-- lockClaim
SELECT `id` AS inbox_id, `payload` AS inbox_payload, `attempts` AS inbox_attempt FROM `jobs` h WHERE `queue` = ? AND (`due_at` IS NULL OR `due_at` <= CURRENT_TIMESTAMP(6)) ORDER BY `priority`, `due_at`, `id` LIMIT ? FOR UPDATE SKIP LOCKED
-- binds QUEUE, LIMIT

-- probe
SELECT 1 FROM `jobs` h WHERE `queue` = ? AND (`due_at` IS NULL OR `due_at` <= CURRENT_TIMESTAMP(6)) LIMIT 1
-- binds QUEUE

-- settle
DELETE FROM `jobs` WHERE `id` = ?
-- binds ID

-- settleAll 3
SET STATEMENT join_cache_level=0 FOR DELETE h FROM (SELECT ? AS inbox_ra_settled_id UNION ALL SELECT ? UNION ALL SELECT ?) k STRAIGHT_JOIN `jobs` h ON h.`id` = k.inbox_ra_settled_id
-- binds ID, ID, ID

-- reschedule
UPDATE `jobs` SET `due_at` = CURRENT_TIMESTAMP(6) + INTERVAL ? * 1000 MICROSECOND, `attempts` = `attempts` + 1 WHERE `id` = ?
-- binds DELAY, ID

-- duePartitionsAhead: none

-- deadLetter 1/2
INSERT INTO `dead_jobs` (`id`, `queue`, `payload`, `attempts`, `reason`, `dead_at`) SELECT `id`, `queue`, `payload`, ?, ?, CURRENT_TIMESTAMP(6) FROM `jobs` WHERE `id` = ? AND NOT EXISTS (SELECT 1 FROM `dead_jobs` d WHERE d.`id` = `jobs`.`id`)
-- binds ATTEMPT, REASON, ID

-- deadLetter 2/2
DELETE FROM `jobs` WHERE `id` = ? AND EXISTS (SELECT 1 FROM `dead_jobs` d WHERE d.`id` = `jobs`.`id` AND CAST(d.`payload` AS BINARY) = CAST(`jobs`.`payload` AS BINARY))
-- binds ID

-- deadLetterConflict
SELECT 1 FROM `dead_jobs` d, `jobs` WHERE `jobs`.`id` = ? AND d.`id` = `jobs`.`id` AND NOT (CAST(d.`payload` AS BINARY) = CAST(`jobs`.`payload` AS BINARY))
-- binds ID

-- createClaimIndex
CREATE INDEX jobs_claim ON `jobs` (`queue`, `priority`, `due_at`, `id`)
-- binds nothing

-- backlog
SELECT COUNT(*), MIN(h.`due_at`), MIN(h.`id`), CURRENT_TIMESTAMP(6) FROM `jobs` h WHERE `queue` = ? AND (`due_at` IS NULL OR `due_at` <= CURRENT_TIMESTAMP(6))
-- binds QUEUE

-- inWork: none

-- inboxRow
SELECT `id`, NULL, SUBSTRING(`payload`, 1, 4096), `attempts`, `due_at`, NULL, NULL, 0 FROM `jobs` WHERE `queue` = ? AND `id` = ?
-- binds QUEUE, ID

-- holdPendingRow
SELECT `id`, `attempts` FROM `jobs` h WHERE `queue` = ? AND `id` = ? FOR UPDATE SKIP LOCKED
-- binds QUEUE, ID

-- deadLetterCount
SELECT COUNT(*) FROM `dead_jobs` WHERE `queue` = ?
-- binds QUEUE

-- deadLetterIds
SELECT `id` FROM `dead_jobs` WHERE `queue` = ?
-- binds QUEUE

-- deadLetterList
SELECT `id`, SUBSTRING(`payload`, 1, 4096), `attempts`, `reason`, `dead_at`, LENGTH(`payload`) FROM `dead_jobs` WHERE `queue` = ? ORDER BY `dead_at` DESC, `id` DESC
-- binds QUEUE

-- deadLetterById
SELECT `id`, `payload`, `attempts`, `reason`, `dead_at` FROM `dead_jobs` WHERE `queue` = ? AND `id` = ?
-- binds QUEUE, ID

-- requeueAll 1/2
INSERT INTO `jobs` (`id`, `queue`, `payload`, `attempts`, `due_at`) SELECT d.`id`, d.`queue`, d.`payload`, 0, CURRENT_TIMESTAMP(6) FROM `dead_jobs` d WHERE d.`queue` = ? AND NOT EXISTS (SELECT 1 FROM `jobs` x WHERE x.`id` = d.`id`)
-- binds QUEUE

-- requeueAll 2/2
DELETE FROM `dead_jobs` WHERE `queue` = ? AND EXISTS (SELECT 1 FROM `jobs` x WHERE x.`id` = `dead_jobs`.`id` AND CAST(x.`payload` AS BINARY) = CAST(`dead_jobs`.`payload` AS BINARY))
-- binds QUEUE

-- requeueOne 1/2
INSERT INTO `jobs` (`id`, `queue`, `payload`, `attempts`, `due_at`) SELECT d.`id`, d.`queue`, d.`payload`, 0, CURRENT_TIMESTAMP(6) FROM `dead_jobs` d WHERE d.`queue` = ? AND d.`id` = ? AND NOT EXISTS (SELECT 1 FROM `jobs` x WHERE x.`id` = d.`id`)
-- binds QUEUE, ID

-- requeueOne 2/2
DELETE FROM `dead_jobs` WHERE `queue` = ? AND `id` = ? AND EXISTS (SELECT 1 FROM `jobs` x WHERE x.`id` = `dead_jobs`.`id` AND CAST(x.`payload` AS BINARY) = CAST(`dead_jobs`.`payload` AS BINARY))
-- binds QUEUE, ID

-- discardDeadLetters
DELETE FROM `dead_jobs` WHERE `queue` = ? AND `dead_at` < CURRENT_TIMESTAMP(6) + INTERVAL ? * 1000 MICROSECOND
-- binds QUEUE, DELAY
