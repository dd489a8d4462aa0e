-- mariadb: TableSpec[table=jobs, idColumn=id, payloadColumn=payload, queueColumn=Optional[queue], dueColumn=Optional.empty, priorityColumn=Optional.empty, attemptColumn=Optional.empty, processedAtColumn=Optional.empty, lockedUntilColumn=Optional.empty, advisoryLock=Optional[id], fifoColumn=Optional.empty, deadAtColumn=Optional.empty, deadLetterTable=Optional.empty, deadLetterColumns=DeadLetterColumns[id=id, queue=queue, payload=payload, attempts=attempts, reason=reason, deadAt=dead_at], setAsideIds=3]

-- advisoryClaim
SELECT * FROM (SELECT `id` AS inbox_id, `payload` AS inbox_payload, CONCAT('inbox.', MD5(CONCAT('jobs:k:', `id`))) AS inbox_key FROM `jobs` h WHERE `queue` = ? AND `id` NOT IN (?, ?, ?) ORDER BY `id` LIMIT ?) candidates WHERE GET_LOCK(inbox_key, 0) = 1 LIMIT ?
-- binds QUEUE, SET_ASIDE, SET_ASIDE, SET_ASIDE, CANDIDATES, LIMIT

-- recheck
SELECT `id` AS inbox_id, `payload` AS inbox_payload FROM `jobs` h WHERE `queue` = ? AND `id` NOT IN (?, ?, ?) AND h.`id` = ?
-- binds QUEUE, SET_ASIDE, SET_ASIDE, SET_ASIDE, ID

-- unlock
SELECT RELEASE_LOCK(?)
-- binds KEY

-- recheckAll 3
SELECT `id` AS inbox_id, `payload` AS inbox_payload FROM `jobs` h WHERE `queue` = ? AND `id` NOT IN (?, ?, ?) AND h.`id` IN (?, ?, ?)
-- binds QUEUE, SET_ASIDE, SET_ASIDE, SET_ASIDE, ID, ID, ID

-- unlockAll
SELECT RELEASE_ALL_LOCKS()
-- binds nothing

-- tryLock
SELECT * FROM (SELECT h.`id` AS inbox_id, CONCAT('inbox.', MD5(CONCAT('jobs:k:', `id`))) AS inbox_key FROM `jobs` h WHERE h.`id` = ? LIMIT 1) candidate WHERE GET_LOCK(inbox_key, 0) = 1
-- binds ID

-- settle
DELETE FROM `jobs` WHERE `id` = ?
-- binds ID

-- settleAll 3
SET STATEMENT join_cache_level=0 FOR DELETE h FROM (SELECT ? AS inbox_ra_settled_id UNION ALL SELECT ? UNION ALL SELECT ?) k STRAIGHT_JOIN `jobs` h ON h.`id` = k.inbox_ra_settled_id
-- binds ID, ID, ID

-- createClaimIndex
CREATE INDEX jobs_claim ON `jobs` (`queue`, `id`)
-- binds nothing

-- backlog
SELECT COUNT(*), NULL, MIN(h.`id`), CURRENT_TIMESTAMP(6) FROM `jobs` h WHERE `queue` = ? AND `id` NOT IN (?, ?, ?)
-- binds QUEUE, SET_ASIDE, SET_ASIDE, SET_ASIDE

-- inWork: none

-- inboxRow
SELECT `id`, NULL, SUBSTRING(`payload`, 1, 4096), NULL, NULL, NULL, NULL, 0 FROM `jobs` WHERE `queue` = ? AND `id` = ?
-- binds QUEUE, ID

-- holdPendingRow
SELECT `id`, 0 FROM `jobs` h WHERE `queue` = ? AND `id` = ? FOR UPDATE SKIP LOCKED
-- binds QUEUE, ID
