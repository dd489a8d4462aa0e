-- mariadb: TableSpec[table=jobs, idColumn=id, payloadColumn=payload, queueColumn=Optional.empty, dueColumn=Optional[due_at], priorityColumn=Optional.empty, attemptColumn=Optional[attempts], processedAtColumn=Optional[processed_at], lockedUntilColumn=Optional.empty, advisoryLock=Optional.empty, fifoColumn=Optional.empty, deadAtColumn=Optional.empty, deadLetterTable=Optional.empty, deadLetterColumns=DeadLetterColumns[id=id, queue=queue, payload=payload, attempts=attempts, reason=reason, deadAt=dead_at]]

-- lockClaim
SELECT `id` AS inbox_id, `payload` AS inbox_payload, `attempts` AS inbox_attempt FROM `jobs` h WHERE (`due_at` IS NULL OR `due_at` <= CURRENT_TIMESTAMP(6)) AND `processed_at` IS NULL ORDER BY `due_at`, `id` LIMIT ? FOR UPDATE SKIP LOCKED
-- binds LIMIT

-- probe
SELECT 1 FROM `jobs` h WHERE (`due_at` IS NULL OR `due_at` <= CURRENT_TIMESTAMP(6)) AND `processed_at` IS NULL LIMIT 1
-- binds nothing

-- settle
UPDATE `jobs` SET `processed_at` = CURRENT_TIMESTAMP(6) WHERE `id` = ? AND `processed_at` IS NULL
-- binds ID

-- settleAll 3
SET STATEMENT join_cache_level=0 FOR UPDATE (SELECT ? AS inbox_ra_settled_id UNION ALL SELECT ? UNION ALL SELECT ?) k STRAIGHT_JOIN `jobs` h ON h.`id` = k.inbox_ra_settled_id SET h.`processed_at` = CURRENT_TIMESTAMP(6) WHERE h.`processed_at` IS NULL
-- binds ID, ID, ID

-- reschedule
UPDATE `jobs` SET `due_at` = CURRENT_TIMESTAMP(6) + INTERVAL ? * 1000 MICROSECOND, `attempts` = `attempts` + 1 WHERE `id` = ? AND `processed_at` IS NULL
-- binds DELAY, ID

-- duePartitionsAhead: none

-- purge
DELETE FROM `jobs` WHERE `processed_at` < CURRENT_TIMESTAMP(6) - INTERVAL ? * 1000 MICROSECOND LIMIT ?
-- binds AGE, LIMIT

-- expiredPartitions
-- refused (UNSUPPORTED): this dialect drops no partitions; the retention sweep deletes processed rows one by one

-- partitionDrop jobs_2026_01
-- refused (UNSUPPORTED): this dialect drops no partitions; the retention sweep deletes processed rows one by one

-- createClaimIndex
CREATE INDEX jobs_claim ON `jobs` (`due_at`, `id`)
-- binds nothing

-- backlog
SELECT COUNT(*), MIN(h.`due_at`), MIN(h.`id`), CURRENT_TIMESTAMP(6) FROM `jobs` h WHERE (`due_at` IS NULL OR `due_at` <= CURRENT_TIMESTAMP(6)) AND `processed_at` IS NULL
-- binds nothing

-- inWork: none

-- inboxRow
SELECT `id`, NULL, SUBSTRING(`payload`, 1, 4096), `attempts`, `due_at`, `processed_at`, NULL, 0 FROM `jobs` WHERE `id` = ?
-- binds ID

-- holdPendingRow
SELECT `id`, `attempts` FROM `jobs` h WHERE `id` = ? AND `processed_at` IS NULL FOR UPDATE SKIP LOCKED
-- binds ID
