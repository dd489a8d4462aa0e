-- mysql: TableSpec[table=jobs, idColumn=id, payloadColumn=payload, queueColumn=Optional[queue], dueColumn=Optional[due_at], priorityColumn=Optional[priority], attemptColumn=Optional[attempts], processedAtColumn=Optional[processed_at], lockedUntilColumn=Optional[locked_until], advisoryLock=Optional.empty, fifoColumn=Optional.empty, deadAtColumn=Optional[dead_at], deadLetterTable=Optional.empty, deadLetterColumns=DeadLetterColumns[id=id, queue=queue, payload=payload, attempts=attempts, reason=reason, deadAt=dead_at]]

-- leaseIds
SELECT `id` AS inbox_id FROM `jobs` h WHERE `queue` = ? AND (`due_at` IS NULL OR `due_at` <= CURRENT_TIMESTAMP(6)) AND `processed_at` IS NULL AND `dead_at` IS NULL AND (`locked_until` IS NULL OR `locked_until` < CURRENT_TIMESTAMP(6)) ORDER BY `priority`, `due_at`, `id` LIMIT ? FOR UPDATE SKIP LOCKED
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
SELECT `id` AS inbox_id, `payload` AS inbox_payload, `attempts` AS inbox_attempt, CAST(CURRENT_TIMESTAMP(6) + INTERVAL ? * 1000 MICROSECOND AS CHAR) AS inbox_token FROM `jobs` h WHERE `queue` = ? AND (`due_at` IS NULL OR `due_at` <= CURRENT_TIMESTAMP(6)) AND `processed_at` IS NULL AND `dead_at` IS NULL AND (`locked_until` IS NULL OR `locked_until` < CURRENT_TIMESTAMP(6)) ORDER BY `priority`, `due_at`, `id` LIMIT ? FOR UPDATE SKIP LOCKED
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
UPDATE `jobs` SET `processed_at` = CURRENT_TIMESTAMP(6), `locked_until` = NULL WHERE `id` = ? AND `locked_until` = ? AND `processed_at` IS NULL AND `dead_at` IS NULL
-- binds ID, TOKEN

-- reschedule
UPDATE `jobs` SET `due_at` = CURRENT_TIMESTAMP(6) + INTERVAL ? * 1000 MICROSECOND, `attempts` = `attempts` + 1, `locked_until` = NULL WHERE `id` = ? AND `locked_until` = ? AND `processed_at` IS NULL AND `dead_at` IS NULL
-- binds DELAY, ID, TOKEN

-- duePartitionsAhead: none

-- deadLetter 1/1
UPDATE `jobs` SET `dead_at` = CURRENT_TIMESTAMP(6), `attempts` = `attempts` + 1, `locked_until` = NULL WHERE `id` = ? AND `locked_until` = ? AND `processed_at` IS NULL AND `dead_at` IS NULL
-- binds ID, TOKEN

-- purge
DELETE FROM `jobs` WHERE `processed_at` < CURRENT_TIMESTAMP(6) - INTERVAL ? * 1000 MICROSECOND LIMIT ?
-- binds AGE, LIMIT

-- expiredPartitions
-- refused (UNSUPPORTED): this dialect drops no partitions; the retention sweep deletes processed rows one by one

-- partitionDrop jobs_2026_01
-- refused (UNSUPPORTED): this dialect drops no partitions; the retention sweep deletes processed rows one by one

-- createClaimIndex
CREATE INDEX jobs_claim ON `jobs` (`queue`, `priority`, `due_at`, `id`)
-- binds nothing

-- backlog
SELECT COUNT(*), MIN(h.`due_at`), MIN(h.`id`), CURRENT_TIMESTAMP(6) FROM `jobs` h WHERE `queue` = ? AND (`due_at` IS NULL OR `due_at` <= CURRENT_TIMESTAMP(6)) AND `processed_at` IS NULL AND `dead_at` IS NULL AND (`locked_until` IS NULL OR `locked_until` < CURRENT_TIMESTAMP(6))
-- binds QUEUE

-- inWork
SELECT COUNT(*) FROM `jobs` WHERE `queue` = ? AND `locked_until` >= CURRENT_TIMESTAMP(6)
-- binds QUEUE

-- inboxRow
SELECT `id`, NULL, SUBSTRING(`payload`, 1, 4096), `attempts`, `due_at`, `processed_at`, `dead_at`, CASE WHEN `locked_until` >= CURRENT_TIMESTAMP(6) THEN 1 ELSE 0 END FROM `jobs` WHERE `queue` = ? AND `id` = ?
-- binds QUEUE, ID

-- holdPendingRow
SELECT `id`, `attempts` FROM `jobs` h WHERE `queue` = ? AND `id` = ? AND `processed_at` IS NULL AND `dead_at` IS NULL AND (`locked_until` IS NULL OR `locked_until` < CURRENT_TIMESTAMP(6)) FOR UPDATE SKIP LOCKED
-- binds QUEUE, ID

-- deadLetterCount
SELECT COUNT(*) FROM `jobs` WHERE `queue` = ? AND `dead_at` IS NOT NULL
-- binds QUEUE

-- deadLetterIds
SELECT `id` FROM `jobs` WHERE `queue` = ? AND `dead_at` IS NOT NULL
-- binds QUEUE

-- deadLetterList
SELECT `id`, SUBSTRING(`payload`, 1, 4096), `attempts`, NULL, `dead_at`, LENGTH(`payload`) FROM `jobs` WHERE `queue` = ? AND `dead_at` IS NOT NULL ORDER BY `dead_at` DESC, `id` DESC
-- binds QUEUE

-- deadLetterById
SELECT `id`, `payload`, `attempts`, NULL, `dead_at` FROM `jobs` WHERE `queue` = ? AND `dead_at` IS NOT NULL AND `id` = ?
-- binds QUEUE, ID

-- requeueAll 1/1
UPDATE `jobs` SET `dead_at` = NULL, `attempts` = 0, `due_at` = CURRENT_TIMESTAMP(6) WHERE `queue` = ? AND `dead_at` IS NOT NULL
-- binds QUEUE

-- requeueOne 1/1
UPDATE `jobs` SET `dead_at` = NULL, `attempts` = 0, `due_at` = CURRENT_TIMESTAMP(6) WHERE `queue` = ? AND `dead_at` IS NOT NULL AND `id` = ?
-- binds QUEUE, ID

-- discardDeadLetters
DELETE FROM `jobs` WHERE `queue` = ? AND `dead_at` IS NOT NULL AND `dead_at` < CURRENT_TIMESTAMP(6) + INTERVAL ? * 1000 MICROSECOND
-- binds QUEUE, DELAY
