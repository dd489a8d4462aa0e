-- mariadb: TableSpec[table=jobs, idColumn=id, payloadColumn=payload, queueColumn=Optional[queue], dueColumn=Optional[due_at], priorityColumn=Optional[priority], attemptColumn=Optional.empty, processedAtColumn=Optional[processed_at], lockedUntilColumn=Optional.empty, advisoryLock=Optional.empty, fifoColumn=Optional[grp], deadAtColumn=Optional[dead_at], deadLetterTable=Optional.empty, deadLetterColumns=DeadLetterColumns[id=id, queue=queue, payload=payload, attempts=attempts, reason=reason, deadAt=dead_at]]

-- lockClaim
SELECT `id` AS inbox_id, `payload` AS inbox_payload, `grp` AS inbox_group FROM `jobs` h WHERE `queue` = ? AND (`due_at` IS NULL OR `due_at` <= CURRENT_TIMESTAMP(6)) AND `processed_at` IS NULL AND `dead_at` IS NULL AND NOT EXISTS (SELECT 1 FROM `jobs` e WHERE e.`grp` = h.`grp` AND e.`processed_at` IS NULL AND e.`dead_at` IS NULL AND (ROW(e.`priority`, e.`id`)) < (ROW(h.`priority`, h.`id`))) ORDER BY `priority`, `due_at`, `id` LIMIT ? FOR UPDATE SKIP LOCKED
-- binds QUEUE, LIMIT

-- fifoGuard
SELECT GET_LOCK(CONCAT('inbox.', MD5(CONCAT('jobs:g:', ?))), 0)
-- binds GROUP

-- fifoRelease
SELECT RELEASE_LOCK(CONCAT('inbox.', MD5(CONCAT('jobs:g:', ?))))
-- binds GROUP

-- probe
SELECT 1 FROM `jobs` h WHERE `queue` = ? AND (`due_at` IS NULL OR `due_at` <= CURRENT_TIMESTAMP(6)) AND `processed_at` IS NULL AND `dead_at` IS NULL AND NOT EXISTS (SELECT 1 FROM `jobs` e WHERE e.`grp` = h.`grp` AND e.`processed_at` IS NULL AND e.`dead_at` IS NULL AND (ROW(e.`priority`, e.`id`)) < (ROW(h.`priority`, h.`id`))) LIMIT 1
-- binds QUEUE

-- settle
UPDATE `jobs` SET `processed_at` = CURRENT_TIMESTAMP(6) WHERE `id` = ? AND `processed_at` IS NULL AND `dead_at` IS NULL
-- binds ID

-- settleAll 3
SET STATEMENT join_cache_level=0 FOR UPDATE (SELECT ? AS inbox_ra_settled_id UNION ALL SELECT ? UNION ALL SELECT ?) k STRAIGHT_JOIN `jobs` h ON h.`id` = k.inbox_ra_settled_id SET h.`processed_at` = CURRENT_TIMESTAMP(6) WHERE h.`processed_at` IS NULL AND h.`dead_at` IS NULL
-- binds ID, ID, ID

-- reschedule
UPDATE `jobs` SET `due_at` = CURRENT_TIMESTAMP(6) + INTERVAL ? * 1000 MICROSECOND WHERE `id` = ? AND `processed_at` IS NULL AND `dead_at` IS NULL
-- binds DELAY, ID

-- duePartitionsAhead: none

-- deadLetter 1/1
UPDATE `jobs` SET `dead_at` = CURRENT_TIMESTAMP(6) WHERE `id` = ? AND `processed_at` IS NULL AND `dead_at` IS NULL
-- binds ID

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
SELECT COUNT(*), MIN(h.`due_at`), MIN(h.`id`), CURRENT_TIMESTAMP(6) FROM `jobs` h WHERE `queue` = ? AND (`due_at` IS NULL OR `due_at` <= CURRENT_TIMESTAMP(6)) AND `processed_at` IS NULL AND `dead_at` IS NULL AND NOT EXISTS (SELECT 1 FROM `jobs` e WHERE e.`grp` = h.`grp` AND e.`processed_at` IS NULL AND e.`dead_at` IS NULL AND (ROW(e.`priority`, e.`id`)) < (ROW(h.`priority`, h.`id`)))
-- binds QUEUE

-- inWork: none

-- inboxRow
SELECT `id`, NULL, SUBSTRING(`payload`, 1, 4096), NULL, `due_at`, `processed_at`, `dead_at`, 0 FROM `jobs` WHERE `queue` = ? AND `id` = ?
-- binds QUEUE, ID

-- holdPendingRow
SELECT `id`, 0 FROM `jobs` h WHERE `queue` = ? AND `id` = ? AND `processed_at` IS NULL AND `dead_at` IS NULL FOR UPDATE SKIP LOCKED
-- binds QUEUE, ID

-- deadLetterCount
SELECT COUNT(*) FROM `jobs` WHERE `queue` = ? AND `dead_at` IS NOT NULL
-- binds QUEUE

-- deadLetterIds
SELECT `id` FROM `jobs` WHERE `queue` = ? AND `dead_at` IS NOT NULL
-- binds QUEUE

-- deadLetterList
SELECT `id`, SUBSTRING(`payload`, 1, 4096), NULL, NULL, `dead_at`, LENGTH(`payload`) FROM `jobs` WHERE `queue` = ? AND `dead_at` IS NOT NULL ORDER BY `dead_at` DESC, `id` DESC
-- binds QUEUE

-- deadLetterById
SELECT `id`, `payload`, NULL, NULL, `dead_at` FROM `jobs` WHERE `queue` = ? AND `dead_at` IS NOT NULL AND `id` = ?
-- binds QUEUE, ID

-- requeueAll 1/1
UPDATE `jobs` SET `dead_at` = NULL, `due_at` = CURRENT_TIMESTAMP(6) WHERE `queue` = ? AND `dead_at` IS NOT NULL
-- binds QUEUE

-- requeueOne 1/1
UPDATE `jobs` SET `dead_at` = NULL, `due_at` = CURRENT_TIMESTAMP(6) WHERE `queue` = ? AND `dead_at` IS NOT NULL AND `id` = ?
-- binds QUEUE, ID

-- discardDeadLetters
DELETE FROM `jobs` WHERE `queue` = ? AND `dead_at` IS NOT NULL AND `dead_at` < CURRENT_TIMESTAMP(6) + INTERVAL ? * 1000 MICROSECOND
-- binds QUEUE, DELAY
