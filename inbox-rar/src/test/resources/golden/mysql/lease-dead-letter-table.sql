-- mysql: TableSpec[table=jobs, idColumn=id, payloadColumn=payload, queueColumn=Optional[queue], dueColumn=Optional[due_at], priorityColumn=Optional.empty, attemptColumn=Optional[attempts], processedAtColumn=Optional.empty, lockedUntilColumn=Optional[locked_until], advisoryLock=Optional.empty, fifoColumn=Optional.empty, deadAtColumn=Optional.empty, deadLetterTable=Optional[dead_jobs], deadLetterColumns=DeadLetterColumns[id=id, queue=queue, payload=payload, attempts=attempts, reason=reason, deadAt=dead_at]]

-- leaseIds
SELECT `id` AS inbox_id FROM `jobs` h WHERE `queue` = ? AND (`due_at` IS NULL OR `due_at` <= CURRENT_TIMESTAMP(6)) AND (`locked_until` IS NULL OR `locked_until` < CURRENT_TIMESTAMP(6)) ORDER BY `due_at`, `id` LIMIT ? FOR UPDATE SKIP LOCKED
-- binds QUEUE, LIMIT

-- leaseWrite
UPDATE `jobs` SET `locked_until` = CURRENT_TIMESTAMP(6) + INTERVAL ? * 1000 MICROSECOND WHERE `id` = ?
-- binds LEASE, ID

-- leaseRead
SELECT `id` AS inbox_id, `payload` AS inbox_payload, `attempts` AS inbox_attempt, CAST(`locked_until` AS CHAR) AS inbox_token FROM `jobs` WHERE `id` = ?
-- binds ID

-- leaseWriteAll 3
UPDATE `jobs` SET `locked_until` = CURRENT_TIMESTAMP(6) + INTERVAL ? * 1000 MICROSECOND WHERE `id` IN (?, ?, ?)
-- binds LEASE, ID, ID, ID

-- leaseReadAll 3
SELECT `id` AS inbox_id, `payload` AS inbox_payload, `attempts` AS inbox_attempt, CAST(`locked_until` AS CHAR) AS inbox_token FROM `jobs` WHERE `id` IN (?, ?, ?)
-- binds ID, ID, ID

-- leaseRows
SELECT `id` AS inbox_id, `payload` AS inbox_payload, `attempts` AS inbox_attempt, CAST(CURRENT_TIMESTAMP(6) + INTERVAL ? * 1000 MICROSECOND AS CHAR) AS inbox_token FROM `jobs` h WHERE `queue` = ? AND (`due_at` IS NULL OR `due_at` <= CURRENT_TIMESTAMP(6)) AND (`locked_until` IS NULL OR `locked_until` < CURRENT_TIMESTAMP(6)) ORDER BY `due_at`, `id` LIMIT ? FOR UPDATE SKIP LOCKED
-- binds LEASE, QUEUE, LIMIT

-- leaseWriteToken 3
UPDATE `jobs` SET `locked_until` = ? WHERE `id` IN (?, ?, ?)
-- binds TOKEN, ID, ID, ID

-- extendLease
UPDATE `jobs` SET `locked_until` = CURRENT_TIMESTAMP(6) + INTERVAL ? * 1000 MICROSECOND WHERE `id` = ? AND `locked_until` = ?
-- binds LEASE, ID, TOKEN

-- extendLeaseAfterCutOff
UPDATE `jobs` SET `locked_until` = CURRENT_TIMESTAMP(6) + INTERVAL ? * 1000 MICROSECOND WHERE `id` = ? AND `locked_until` > ? AND `locked_until` - INTERVAL ? * 1000 MICROSECOND < ?
-- binds LEASE, ID, TOKEN, LEASE, TOKEN

-- releaseLease
UPDATE `jobs` SET `locked_until` = NULL WHERE `id` = ? AND `locked_until` = ?
-- binds ID, TOKEN

-- settle
DELETE FROM `jobs` WHERE `id` = ? AND `locked_until` = ?
-- binds ID, TOKEN

-- reschedule
UPDATE `jobs` SET `due_at` = CURRENT_TIMESTAMP(6) + INTERVAL ? * 1000 MICROSECOND, `attempts` = `attempts` + 1, `locked_until` = NULL WHERE `id` = ? AND `locked_until` = ?
-- binds DELAY, ID, TOKEN

-- duePartitionsAhead: none

-- deadLetter 1/2
INSERT INTO `dead_jobs` (`id`, `queue`, `payload`, `attempts`, `reason`, `dead_at`) SELECT `id`, `queue`, `payload`, ?, ?, CURRENT_TIMESTAMP(6) FROM `jobs` WHERE `id` = ? AND `locked_until` = ? AND NOT EXISTS (SELECT 1 FROM `dead_jobs` d WHERE d.`id` = `jobs`.`id`)
-- binds ATTEMPT, REASON, ID, TOKEN

-- deadLetter 2/2
DELETE FROM `jobs` WHERE `id` = ? AND `locked_until` = ? AND EXISTS (SELECT 1 FROM `dead_jobs` d WHERE d.`id` = `jobs`.`id` AND CAST(d.`payload` AS BINARY) = CAST(`jobs`.`payload` AS BINARY))
-- binds ID, TOKEN

-- deadLetterConflict
SELECT 1 FROM `dead_jobs` d, `jobs` WHERE `jobs`.`id` = ? AND d.`id` = `jobs`.`id` AND NOT (CAST(d.`payload` AS BINARY) = CAST(`jobs`.`payload` AS BINARY))
-- binds ID

-- createClaimIndex
CREATE INDEX jobs_claim ON `jobs` (`queue`, `due_at`, `id`)
-- binds nothing

-- backlog
SELECT COUNT(*), MIN(h.`due_at`), MIN(h.`id`), CURRENT_TIMESTAMP(6) FROM `jobs` h WHERE `queue` = ? AND (`due_at` IS NULL OR `due_at` <= CURRENT_TIMESTAMP(6)) AND (`locked_until` IS NULL OR `locked_until` < CURRENT_TIMESTAMP(6))
-- binds QUEUE

-- inWork
SELECT COUNT(*) FROM `jobs` WHERE `queue` = ? AND `locked_until` >= CURRENT_TIMESTAMP(6)
-- binds QUEUE

-- inboxRow
SELECT `id`, NULL, SUBSTRING(`payload`, 1, 4096), `attempts`, `due_at`, NULL, NULL, CASE WHEN `locked_until` >= CURRENT_TIMESTAMP(6) THEN 1 ELSE 0 END FROM `jobs` WHERE `queue` = ? AND `id` = ?
-- binds QUEUE, ID

-- holdPendingRow
SELECT `id`, `attempts` FROM `jobs` h WHERE `queue` = ? AND `id` = ? AND (`locked_until` IS NULL OR `locked_until` < CURRENT_TIMESTAMP(6)) FOR UPDATE SKIP LOCKED
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
