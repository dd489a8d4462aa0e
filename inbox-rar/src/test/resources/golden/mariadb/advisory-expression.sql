-- mariadb: TableSpec[table=jobs, idColumn=id, payloadColumn=payload, queueColumn=Optional[queue], dueColumn=Optional[due_at], priorityColumn=Optional[priority], attemptColumn=Optional[attempts], processedAtColumn=Optional[processed_at], lockedUntilColumn=Optional.empty, advisoryLock=Optional[tenant_id * 7], fifoColumn=Optional.empty, deadAtColumn=Optional[dead_at], deadLetterTable=Optional.empty, deadLetterColumns=DeadLetterColumns[id=id, queue=queue, payload=payload, attempts=attempts, reason=reason, deadAt=dead_at]]

-- advisoryClaim
SELECT * FROM (SELECT `id` AS inbox_id, `payload` AS inbox_payload, `attempts` AS inbox_attempt, CONCAT('inbox.', MD5(CONCAT('jobs:k:', (tenant_id * 7)))) AS inbox_key FROM `jobs` h WHERE `queue` = ? AND (`due_at` IS NULL OR `due_at` <= CURRENT_TIMESTAMP(6)) AND `processed_at` IS NULL AND `dead_at` IS NULL ORDER BY `priority`, `due_at`, `id` LIMIT ?) candidates WHERE GET_LOCK(inbox_key, 0) = 1 LIMIT ?
-- binds QUEUE, CANDIDATES, LIMIT

-- recheck
SELECT `id` AS inbox_id, `payload` AS inbox_payload, `attempts` AS inbox_attempt FROM `jobs` h WHERE `queue` = ? AND (`due_at` IS NULL OR `due_at` <= CURRENT_TIMESTAMP(6)) AND `processed_at` IS NULL AND `dead_at` IS NULL AND h.`id` = ?
-- binds QUEUE, ID

-- unlock
SELECT RELEASE_LOCK(?)
-- binds KEY

-- recheckAll 3
SELECT `id` AS inbox_id, `payload` AS inbox_payload, `attempts` AS inbox_attempt FROM `jobs` h WHERE `queue` = ? AND (`due_at` IS NULL OR `due_at` <= CURRENT_TIMESTAMP(6)) AND `processed_at` IS NULL AND `dead_at` IS NULL AND h.`id` IN (?, ?, ?)
-- binds QUEUE, ID, ID, ID

-- unlockAll
SELECT RELEASE_ALL_LOCKS()
-- binds nothing

-- tryLock
SELECT * FROM (SELECT h.`id` AS inbox_id, CONCAT('inbox.', MD5(CONCAT('jobs:k:', (tenant_id * 7)))) AS inbox_key FROM `jobs` h WHERE h.`id` = ? LIMIT 1) candidate WHERE GET_LOCK(inbox_key, 0) = 1
-- binds ID

-- settle
UPDATE `jobs` SET `processed_at` = CURRENT_TIMESTAMP(6) WHERE `id` = ? AND `processed_at` IS NULL AND `dead_at` IS NULL
-- binds ID

-- settleAll 3
SET STATEMENT join_cache_level=0 FOR UPDATE (SELECT ? AS inbox_ra_settled_id UNION ALL SELECT ? UNION ALL SELECT ?) k STRAIGHT_JOIN `jobs` h ON h.`id` = k.inbox_ra_settled_id SET h.`processed_at` = CURRENT_TIMESTAMP(6) WHERE h.`processed_at` IS NULL AND h.`dead_at` IS NULL
-- binds ID, ID, ID

-- reschedule
UPDATE `jobs` SET `due_at` = CURRENT_TIMESTAMP(6) + INTERVAL ? * 1000 MICROSECOND, `attempts` = `attempts` + 1 WHERE `id` = ? AND `processed_at` IS NULL AND `dead_at` IS NULL
-- binds DELAY, ID

-- duePartitionsAhead: none

-- deadLetter 1/1
UPDATE `jobs` SET `dead_at` = CURRENT_TIMESTAMP(6), `attempts` = `attempts` + 1 WHERE `id` = ? AND `processed_at` IS NULL AND `dead_at` IS NULL
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
SELECT COUNT(*), MIN(h.`due_at`), MIN(h.`id`), CURRENT_TIMESTAMP(6) FROM `jobs` h WHERE `queue` = ? AND (`due_at` IS NULL OR `due_at` <= CURRENT_TIMESTAMP(6)) AND `processed_at` IS NULL AND `dead_at` IS NULL
-- binds QUEUE

-- inWork: none

-- inboxRow
SELECT `id`, NULL, SUBSTRING(`payload`, 1, 4096), `attempts`, `due_at`, `processed_at`, `dead_at`, 0 FROM `jobs` WHERE `queue` = ? AND `id` = ?
-- binds QUEUE, ID

-- holdPendingRow
SELECT `id`, `attempts` FROM `jobs` h WHERE `queue` = ? AND `id` = ? AND `processed_at` IS NULL AND `dead_at` IS NULL FOR UPDATE SKIP LOCKED
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
