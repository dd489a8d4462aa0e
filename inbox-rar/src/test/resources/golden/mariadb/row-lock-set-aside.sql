-- mariadb: TableSpec[table=jobs, idColumn=id, payloadColumn=payload, queueColumn=Optional[queue], dueColumn=Optional[due_at], priorityColumn=Optional.empty, attemptColumn=Optional.empty, processedAtColumn=Optional.empty, lockedUntilColumn=Optional.empty, advisoryLock=Optional.empty, fifoColumn=Optional.empty, deadAtColumn=Optional.empty, deadLetterTable=Optional.empty, deadLetterColumns=DeadLetterColumns[id=id, queue=queue, payload=payload, attempts=attempts, reason=reason, deadAt=dead_at], setAsideIds=3]

-- lockClaim
SELECT `id` AS inbox_id, `payload` AS inbox_payload FROM `jobs` h WHERE `queue` = ? AND (`due_at` IS NULL OR `due_at` <= CURRENT_TIMESTAMP(6)) AND `id` NOT IN (?, ?, ?) ORDER BY `due_at`, `id` LIMIT ? FOR UPDATE SKIP LOCKED
-- binds QUEUE, SET_ASIDE, SET_ASIDE, SET_ASIDE, LIMIT

-- probe
SELECT 1 FROM `jobs` h WHERE `queue` = ? AND (`due_at` IS NULL OR `due_at` <= CURRENT_TIMESTAMP(6)) AND `id` NOT IN (?, ?, ?) LIMIT 1
-- binds QUEUE, SET_ASIDE, SET_ASIDE, SET_ASIDE

-- settle
DELETE FROM `jobs` WHERE `id` = ?
-- binds ID

-- settleAll 3
SET STATEMENT join_cache_level=0 FOR DELETE h FROM (SELECT ? AS inbox_ra_settled_id UNION ALL SELECT ? UNION ALL SELECT ?) k STRAIGHT_JOIN `jobs` h ON h.`id` = k.inbox_ra_settled_id
-- binds ID, ID, ID

-- reschedule
UPDATE `jobs` SET `due_at` = CURRENT_TIMESTAMP(6) + INTERVAL ? * 1000 MICROSECOND WHERE `id` = ?
-- binds DELAY, ID

-- duePartitionsAhead: none

-- createClaimIndex
CREATE INDEX jobs_claim ON `jobs` (`queue`, `due_at`, `id`)
-- binds nothing

-- backlog
SELECT COUNT(*), MIN(h.`due_at`), MIN(h.`id`), CURRENT_TIMESTAMP(6) FROM `jobs` h WHERE `queue` = ? AND (`due_at` IS NULL OR `due_at` <= CURRENT_TIMESTAMP(6)) AND `id` NOT IN (?, ?, ?)
-- binds QUEUE, SET_ASIDE, SET_ASIDE, SET_ASIDE

-- inWork: none

-- inboxRow
SELECT `id`, NULL, SUBSTRING(`payload`, 1, 4096), NULL, `due_at`, NULL, NULL, 0 FROM `jobs` WHERE `queue` = ? AND `id` = ?
-- binds QUEUE, ID

-- holdPendingRow
SELECT `id`, 0 FROM `jobs` h WHERE `queue` = ? AND `id` = ? FOR UPDATE SKIP LOCKED
-- binds QUEUE, ID
