-- mysql: TableSpec[table=jobs, idColumn=id, payloadColumn=payload, queueColumn=Optional.empty, dueColumn=Optional[due_at], priorityColumn=Optional[priority], attemptColumn=Optional.empty, processedAtColumn=Optional[processed_at], lockedUntilColumn=Optional[locked_until], advisoryLock=Optional.empty, fifoColumn=Optional[grp], deadAtColumn=Optional.empty, deadLetterTable=Optional.empty, deadLetterColumns=DeadLetterColumns[id=id, queue=queue, payload=payload, attempts=attempts, reason=reason, deadAt=dead_at], setAsideIds=0, keyColumn=Optional.empty, groupConcurrency=3]

-- leaseIds
SELECT `id` AS inbox_id FROM `jobs` h WHERE (`due_at` IS NULL OR `due_at` <= CURRENT_TIMESTAMP(6)) AND `processed_at` IS NULL AND (`locked_until` IS NULL OR `locked_until` < CURRENT_TIMESTAMP(6)) AND (SELECT 1 FROM `jobs` e WHERE e.`grp` = h.`grp` AND ((e.`processed_at` IS NULL AND (ROW(e.`priority`, e.`id`)) < (ROW(h.`priority`, h.`id`))) OR e.`locked_until` > CURRENT_TIMESTAMP(6)) LIMIT 1 OFFSET 2) IS NULL ORDER BY `priority`, `due_at`, `id` LIMIT ? FOR UPDATE SKIP LOCKED
-- binds LIMIT

-- leaseWrite
UPDATE `jobs` SET `locked_until` = CURRENT_TIMESTAMP(6) + INTERVAL ? * 1000 MICROSECOND WHERE `id` = ?
-- binds LEASE, ID

-- leaseRead
SELECT `id` AS inbox_id, `payload` AS inbox_payload, `grp` AS inbox_group, CAST(`locked_until` AS CHAR) AS inbox_token FROM `jobs` WHERE `id` = ?
-- binds ID

-- leaseWriteAll 3
UPDATE `jobs` SET `locked_until` = CURRENT_TIMESTAMP(6) + INTERVAL ? * 1000 MICROSECOND WHERE `id` IN (?, ?, ?)
-- binds LEASE, ID, ID, ID

-- leaseReadAll 3
SELECT `id` AS inbox_id, `payload` AS inbox_payload, `grp` AS inbox_group, CAST(`locked_until` AS CHAR) AS inbox_token FROM `jobs` WHERE `id` IN (?, ?, ?)
-- binds ID, ID, ID

-- leaseRows
SELECT `id` AS inbox_id, `payload` AS inbox_payload, `grp` AS inbox_group, CAST(CURRENT_TIMESTAMP(6) + INTERVAL ? * 1000 MICROSECOND AS CHAR) AS inbox_token FROM `jobs` h WHERE (`due_at` IS NULL OR `due_at` <= CURRENT_TIMESTAMP(6)) AND `processed_at` IS NULL AND (`locked_until` IS NULL OR `locked_until` < CURRENT_TIMESTAMP(6)) AND (SELECT 1 FROM `jobs` e WHERE e.`grp` = h.`grp` AND ((e.`processed_at` IS NULL AND (ROW(e.`priority`, e.`id`)) < (ROW(h.`priority`, h.`id`))) OR e.`locked_until` > CURRENT_TIMESTAMP(6)) LIMIT 1 OFFSET 2) IS NULL ORDER BY `priority`, `due_at`, `id` LIMIT ? FOR UPDATE SKIP LOCKED
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
UPDATE `jobs` SET `processed_at` = CURRENT_TIMESTAMP(6), `locked_until` = NULL WHERE `id` = ? AND `locked_until` = ? AND `processed_at` IS NULL
-- binds ID, TOKEN

-- reschedule
UPDATE `jobs` SET `due_at` = CURRENT_TIMESTAMP(6) + INTERVAL ? * 1000 MICROSECOND, `locked_until` = NULL WHERE `id` = ? AND `locked_until` = ? AND `processed_at` IS NULL
-- binds DELAY, ID, TOKEN

-- duePartitionsAhead: none

-- purge
DELETE FROM `jobs` WHERE `processed_at` < CURRENT_TIMESTAMP(6) - INTERVAL ? * 1000 MICROSECOND LIMIT ?
-- binds AGE, LIMIT

-- expiredPartitions
-- refused (UNSUPPORTED): this dialect drops no partitions; the retention sweep deletes processed rows one by one

-- partitionDrop jobs_2026_01
-- refused (UNSUPPORTED): this dialect drops no partitions; the retention sweep deletes processed rows one by one

-- createClaimIndex
CREATE INDEX jobs_claim ON `jobs` (`priority`, `due_at`, `id`)
-- binds nothing

-- backlog
SELECT COUNT(*), MIN(h.`due_at`), MIN(h.`id`), CURRENT_TIMESTAMP(6) FROM `jobs` h WHERE (`due_at` IS NULL OR `due_at` <= CURRENT_TIMESTAMP(6)) AND `processed_at` IS NULL AND (`locked_until` IS NULL OR `locked_until` < CURRENT_TIMESTAMP(6)) AND (SELECT 1 FROM `jobs` e WHERE e.`grp` = h.`grp` AND ((e.`processed_at` IS NULL AND (ROW(e.`priority`, e.`id`)) < (ROW(h.`priority`, h.`id`))) OR e.`locked_until` > CURRENT_TIMESTAMP(6)) LIMIT 1 OFFSET 2) IS NULL
-- binds nothing

-- inWork
SELECT COUNT(*) FROM `jobs` WHERE `locked_until` >= CURRENT_TIMESTAMP(6)
-- binds nothing

-- inboxRow
SELECT `id`, NULL, SUBSTRING(`payload`, 1, 4096), NULL, `due_at`, `processed_at`, NULL, CASE WHEN `locked_until` >= CURRENT_TIMESTAMP(6) THEN 1 ELSE 0 END FROM `jobs` WHERE `id` = ?
-- binds ID

-- holdPendingRow
SELECT `id`, 0 FROM `jobs` h WHERE `id` = ? AND `processed_at` IS NULL AND (`locked_until` IS NULL OR `locked_until` < CURRENT_TIMESTAMP(6)) FOR UPDATE SKIP LOCKED
-- binds ID
