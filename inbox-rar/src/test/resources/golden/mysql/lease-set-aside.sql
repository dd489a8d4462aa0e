-- mysql: TableSpec[table=jobs, idColumn=id, payloadColumn=payload, queueColumn=Optional[queue], dueColumn=Optional.empty, priorityColumn=Optional.empty, attemptColumn=Optional.empty, processedAtColumn=Optional.empty, lockedUntilColumn=Optional[locked_until], advisoryLock=Optional.empty, fifoColumn=Optional.empty, deadAtColumn=Optional.empty, deadLetterTable=Optional.empty, deadLetterColumns=DeadLetterColumns[id=id, queue=queue, payload=payload, attempts=attempts, reason=reason, deadAt=dead_at], setAsideIds=3]

-- leaseIds
SELECT `id` AS inbox_id FROM `jobs` h WHERE `queue` = ? AND (`locked_until` IS NULL OR `locked_until` < CURRENT_TIMESTAMP(6)) AND `id` NOT IN (?, ?, ?) ORDER BY `id` LIMIT ? FOR UPDATE SKIP LOCKED
-- binds QUEUE, SET_ASIDE, SET_ASIDE, SET_ASIDE, LIMIT

-- leaseWrite
UPDATE `jobs` SET `locked_until` = CURRENT_TIMESTAMP(6) + INTERVAL ? * 1000 MICROSECOND WHERE `id` = ?
-- binds LEASE, ID

-- leaseRead
SELECT `id` AS inbox_id, `payload` AS inbox_payload, CAST(`locked_until` AS CHAR) AS inbox_token FROM `jobs` WHERE `id` = ?
-- binds ID

-- leaseWriteAll 3
UPDATE `jobs` SET `locked_until` = CURRENT_TIMESTAMP(6) + INTERVAL ? * 1000 MICROSECOND WHERE `id` IN (?, ?, ?)
-- binds LEASE, ID, ID, ID

-- leaseReadAll 3
SELECT `id` AS inbox_id, `payload` AS inbox_payload, CAST(`locked_until` AS CHAR) AS inbox_token FROM `jobs` WHERE `id` IN (?, ?, ?)
-- binds ID, ID, ID

-- leaseRows
SELECT `id` AS inbox_id, `payload` AS inbox_payload, CAST(CURRENT_TIMESTAMP(6) + INTERVAL ? * 1000 MICROSECOND AS CHAR) AS inbox_token FROM `jobs` h WHERE `queue` = ? AND (`locked_until` IS NULL OR `locked_until` < CURRENT_TIMESTAMP(6)) AND `id` NOT IN (?, ?, ?) ORDER BY `id` LIMIT ? FOR UPDATE SKIP LOCKED
-- binds LEASE, QUEUE, SET_ASIDE, SET_ASIDE, SET_ASIDE, LIMIT

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

-- createClaimIndex
CREATE INDEX jobs_claim ON `jobs` (`queue`, `id`)
-- binds nothing

-- backlog
SELECT COUNT(*), NULL, MIN(h.`id`), CURRENT_TIMESTAMP(6) FROM `jobs` h WHERE `queue` = ? AND (`locked_until` IS NULL OR `locked_until` < CURRENT_TIMESTAMP(6)) AND `id` NOT IN (?, ?, ?)
-- binds QUEUE, SET_ASIDE, SET_ASIDE, SET_ASIDE

-- inWork
SELECT COUNT(*) FROM `jobs` WHERE `queue` = ? AND `locked_until` >= CURRENT_TIMESTAMP(6)
-- binds QUEUE

-- inboxRow
SELECT `id`, NULL, SUBSTRING(`payload`, 1, 4096), NULL, NULL, NULL, NULL, CASE WHEN `locked_until` >= CURRENT_TIMESTAMP(6) THEN 1 ELSE 0 END FROM `jobs` WHERE `queue` = ? AND `id` = ?
-- binds QUEUE, ID

-- holdPendingRow
SELECT `id`, 0 FROM `jobs` h WHERE `queue` = ? AND `id` = ? AND (`locked_until` IS NULL OR `locked_until` < CURRENT_TIMESTAMP(6)) FOR UPDATE SKIP LOCKED
-- binds QUEUE, ID
