-- mysql: TableSpec[table=jobs, idColumn=id, payloadColumn=payload, queueColumn=Optional.empty, dueColumn=Optional.empty, priorityColumn=Optional.empty, attemptColumn=Optional[attempts], processedAtColumn=Optional.empty, lockedUntilColumn=Optional[locked_until], advisoryLock=Optional.empty, fifoColumn=Optional.empty, deadAtColumn=Optional[dead_at], deadLetterTable=Optional.empty, deadLetterColumns=DeadLetterColumns[id=id, queue=queue, payload=payload, attempts=attempts, reason=reason, deadAt=dead_at], maxPayloadBytes=OptionalInt[1048576]]

-- leaseIds
SELECT `id` AS inbox_id FROM `jobs` h WHERE `dead_at` IS NULL AND (`locked_until` IS NULL OR `locked_until` < CURRENT_TIMESTAMP(6)) ORDER BY `id` LIMIT ? FOR UPDATE SKIP LOCKED
-- binds LIMIT

-- leaseWrite
UPDATE `jobs` SET `locked_until` = CURRENT_TIMESTAMP(6) + INTERVAL ? * 1000 MICROSECOND WHERE `id` = ?
-- binds LEASE, ID

-- leaseRead
SELECT `id` AS inbox_id, CASE WHEN LENGTH(`payload`) <= 1048576 THEN `payload` END AS inbox_payload, LENGTH(`payload`) AS inbox_payload_bytes, `attempts` AS inbox_attempt, CAST(`locked_until` AS CHAR) AS inbox_token FROM `jobs` WHERE `id` = ?
-- binds ID

-- leaseWriteAll 3
UPDATE `jobs` SET `locked_until` = CURRENT_TIMESTAMP(6) + INTERVAL ? * 1000 MICROSECOND WHERE `id` IN (?, ?, ?)
-- binds LEASE, ID, ID, ID

-- leaseReadAll 3
SELECT `id` AS inbox_id, CASE WHEN LENGTH(`payload`) <= 1048576 THEN `payload` END AS inbox_payload, LENGTH(`payload`) AS inbox_payload_bytes, `attempts` AS inbox_attempt, CAST(`locked_until` AS CHAR) AS inbox_token FROM `jobs` WHERE `id` IN (?, ?, ?)
-- binds ID, ID, ID

-- leaseRows
SELECT `id` AS inbox_id, CASE WHEN LENGTH(`payload`) <= 1048576 THEN `payload` END AS inbox_payload, LENGTH(`payload`) AS inbox_payload_bytes, `attempts` AS inbox_attempt, CAST(CURRENT_TIMESTAMP(6) + INTERVAL ? * 1000 MICROSECOND AS CHAR) AS inbox_token FROM `jobs` h WHERE `dead_at` IS NULL AND (`locked_until` IS NULL OR `locked_until` < CURRENT_TIMESTAMP(6)) ORDER BY `id` LIMIT ? FOR UPDATE SKIP LOCKED
-- binds LEASE, LIMIT

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
DELETE FROM `jobs` WHERE `id` = ? AND `locked_until` = ? AND `dead_at` IS NULL
-- binds ID, TOKEN

-- deadLetter 1/1
UPDATE `jobs` SET `dead_at` = CURRENT_TIMESTAMP(6), `attempts` = `attempts` + 1, `locked_until` = NULL WHERE `id` = ? AND `locked_until` = ? AND `dead_at` IS NULL
-- binds ID, TOKEN

-- createClaimIndex
CREATE INDEX jobs_claim ON `jobs` (`id`)
-- binds nothing

-- backlog
SELECT COUNT(*), NULL, MIN(h.`id`), CURRENT_TIMESTAMP(6) FROM `jobs` h WHERE `dead_at` IS NULL AND (`locked_until` IS NULL OR `locked_until` < CURRENT_TIMESTAMP(6))
-- binds nothing

-- inWork
SELECT COUNT(*) FROM `jobs` WHERE `locked_until` >= CURRENT_TIMESTAMP(6)
-- binds nothing

-- inboxRow
SELECT `id`, NULL, SUBSTRING(`payload`, 1, 4096), `attempts`, NULL, NULL, `dead_at`, CASE WHEN `locked_until` >= CURRENT_TIMESTAMP(6) THEN 1 ELSE 0 END FROM `jobs` WHERE `id` = ?
-- binds ID

-- holdPendingRow
SELECT `id`, `attempts` FROM `jobs` h WHERE `id` = ? AND `dead_at` IS NULL AND (`locked_until` IS NULL OR `locked_until` < CURRENT_TIMESTAMP(6)) FOR UPDATE SKIP LOCKED
-- binds ID

-- deadLetterCount
SELECT COUNT(*) FROM `jobs` WHERE `dead_at` IS NOT NULL
-- binds nothing

-- deadLetterIds
SELECT `id` FROM `jobs` WHERE `dead_at` IS NOT NULL
-- binds nothing

-- deadLetterList
SELECT `id`, SUBSTRING(`payload`, 1, 4096), `attempts`, NULL, `dead_at`, LENGTH(`payload`) FROM `jobs` WHERE `dead_at` IS NOT NULL ORDER BY `dead_at` DESC, `id` DESC
-- binds nothing

-- deadLetterById
SELECT `id`, `payload`, `attempts`, NULL, `dead_at` FROM `jobs` WHERE `dead_at` IS NOT NULL AND `id` = ?
-- binds ID

-- requeueAll 1/1
UPDATE `jobs` SET `dead_at` = NULL, `attempts` = 0 WHERE `dead_at` IS NOT NULL
-- binds nothing

-- requeueOne 1/1
UPDATE `jobs` SET `dead_at` = NULL, `attempts` = 0 WHERE `dead_at` IS NOT NULL AND `id` = ?
-- binds ID

-- discardDeadLetters
DELETE FROM `jobs` WHERE `dead_at` IS NOT NULL AND `dead_at` < CURRENT_TIMESTAMP(6) + INTERVAL ? * 1000 MICROSECOND
-- binds DELAY
