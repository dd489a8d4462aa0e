-- mariadb: TableSpec[table=jobs, idColumn=id, payloadColumn=payload, queueColumn=Optional[queue], dueColumn=Optional.empty, priorityColumn=Optional.empty, attemptColumn=Optional.empty, processedAtColumn=Optional.empty, lockedUntilColumn=Optional.empty, advisoryLock=Optional[tenant_id], fifoColumn=Optional.empty, deadAtColumn=Optional.empty, deadLetterTable=Optional[dead_jobs], deadLetterColumns=DeadLetterColumns[id=id, queue=queue, payload=payload, attempts=attempts, reason=reason, deadAt=dead_at, key=Optional[message_key]], setAsideIds=0, keyColumn=Optional[message_key]]

-- advisoryClaim
SELECT * FROM (SELECT `id` AS inbox_id, `payload` AS inbox_payload, CONCAT('inbox.', MD5(CONCAT('jobs:k:', `tenant_id`))) AS inbox_key FROM `jobs` h WHERE `queue` = ? ORDER BY `id` LIMIT ?) candidates WHERE GET_LOCK(inbox_key, 0) = 1 LIMIT ?
-- binds QUEUE, CANDIDATES, LIMIT

-- recheck
SELECT `id` AS inbox_id, `payload` AS inbox_payload FROM `jobs` h WHERE `queue` = ? AND h.`id` = ?
-- binds QUEUE, ID

-- unlock
SELECT RELEASE_LOCK(?)
-- binds KEY

-- recheckAll 3
SELECT `id` AS inbox_id, `payload` AS inbox_payload FROM `jobs` h WHERE `queue` = ? AND h.`id` IN (?, ?, ?)
-- binds QUEUE, ID, ID, ID

-- unlockAll
SELECT RELEASE_ALL_LOCKS()
-- binds nothing

-- tryLock
SELECT * FROM (SELECT h.`id` AS inbox_id, CONCAT('inbox.', MD5(CONCAT('jobs:k:', `tenant_id`))) AS inbox_key FROM `jobs` h WHERE h.`id` = ? LIMIT 1) candidate WHERE GET_LOCK(inbox_key, 0) = 1
-- binds ID

-- settle
DELETE FROM `jobs` WHERE `id` = ?
-- binds ID

-- settleAll 3
SET STATEMENT join_cache_level=0 FOR DELETE h FROM (SELECT ? AS inbox_ra_settled_id UNION ALL SELECT ? UNION ALL SELECT ?) k STRAIGHT_JOIN `jobs` h ON h.`id` = k.inbox_ra_settled_id
-- binds ID, ID, ID

-- deadLetter 1/2
INSERT INTO `dead_jobs` (`id`, `queue`, `message_key`, `payload`, `attempts`, `reason`, `dead_at`) SELECT `id`, `queue`, `message_key`, `payload`, ?, ?, CURRENT_TIMESTAMP(6) FROM `jobs` WHERE `id` = ? AND NOT EXISTS (SELECT 1 FROM `dead_jobs` d WHERE d.`id` = `jobs`.`id`)
-- binds ATTEMPT, REASON, ID

-- deadLetter 2/2
DELETE FROM `jobs` WHERE `id` = ? AND EXISTS (SELECT 1 FROM `dead_jobs` d WHERE d.`id` = `jobs`.`id` AND CAST(d.`payload` AS BINARY) = CAST(`jobs`.`payload` AS BINARY))
-- binds ID

-- deadLetterConflict
SELECT 1 FROM `dead_jobs` d, `jobs` WHERE `jobs`.`id` = ? AND d.`id` = `jobs`.`id` AND NOT (CAST(d.`payload` AS BINARY) = CAST(`jobs`.`payload` AS BINARY))
-- binds ID

-- createClaimIndex
CREATE INDEX jobs_claim ON `jobs` (`queue`, `id`)
-- binds nothing

-- backlog
SELECT COUNT(*), NULL, MIN(h.`id`), CURRENT_TIMESTAMP(6) FROM `jobs` h WHERE `queue` = ?
-- binds QUEUE

-- inWork: none

-- inboxRow
SELECT `id`, `message_key`, SUBSTRING(`payload`, 1, 4096), NULL, NULL, NULL, NULL, 0 FROM `jobs` WHERE `queue` = ? AND `id` = ?
-- binds QUEUE, ID

-- inboxRow by key
SELECT `id`, `message_key`, SUBSTRING(`payload`, 1, 4096), NULL, NULL, NULL, NULL, 0 FROM `jobs` WHERE `queue` = ? AND `message_key` = ?
-- binds QUEUE, MESSAGE_KEY

-- holdPendingRow
SELECT `id`, 0 FROM `jobs` h WHERE `queue` = ? AND `id` = ? FOR UPDATE SKIP LOCKED
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

-- deadLettersByKey
SELECT `id`, SUBSTRING(`payload`, 1, 4096), `attempts`, `reason`, `dead_at`, `message_key` FROM `dead_jobs` WHERE `queue` = ? AND `message_key` = ?
-- binds QUEUE, MESSAGE_KEY

-- requeueAll 1/2
INSERT INTO `jobs` (`id`, `queue`, `message_key`, `payload`) SELECT d.`id`, d.`queue`, d.`message_key`, d.`payload` FROM `dead_jobs` d WHERE d.`queue` = ? AND NOT EXISTS (SELECT 1 FROM `jobs` x WHERE x.`id` = d.`id`) AND NOT EXISTS (SELECT 1 FROM `jobs` k WHERE k.`message_key` = d.`message_key`)
-- binds QUEUE

-- requeueAll 2/2
DELETE FROM `dead_jobs` WHERE `queue` = ? AND EXISTS (SELECT 1 FROM `jobs` x WHERE x.`id` = `dead_jobs`.`id` AND CAST(x.`payload` AS BINARY) = CAST(`dead_jobs`.`payload` AS BINARY))
-- binds QUEUE

-- requeueOne 1/2
INSERT INTO `jobs` (`id`, `queue`, `message_key`, `payload`) SELECT d.`id`, d.`queue`, d.`message_key`, d.`payload` FROM `dead_jobs` d WHERE d.`queue` = ? AND d.`id` = ? AND NOT EXISTS (SELECT 1 FROM `jobs` x WHERE x.`id` = d.`id`) AND NOT EXISTS (SELECT 1 FROM `jobs` k WHERE k.`message_key` = d.`message_key`)
-- binds QUEUE, ID

-- requeueOne 2/2
DELETE FROM `dead_jobs` WHERE `queue` = ? AND `id` = ? AND EXISTS (SELECT 1 FROM `jobs` x WHERE x.`id` = `dead_jobs`.`id` AND CAST(x.`payload` AS BINARY) = CAST(`dead_jobs`.`payload` AS BINARY))
-- binds QUEUE, ID

-- discardDeadLetters
DELETE FROM `dead_jobs` WHERE `queue` = ? AND `dead_at` < CURRENT_TIMESTAMP(6) + INTERVAL ? * 1000 MICROSECOND
-- binds QUEUE, DELAY
