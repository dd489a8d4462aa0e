-- mariadb: TableSpec[table=jobs, idColumn=id, payloadColumn=payload, queueColumn=Optional[queue], dueColumn=Optional[due_at], priorityColumn=Optional.empty, attemptColumn=Optional[attempts], processedAtColumn=Optional.empty, lockedUntilColumn=Optional.empty, advisoryLock=Optional.empty, fifoColumn=Optional.empty, deadAtColumn=Optional[dead_at], deadLetterTable=Optional.empty, deadLetterColumns=DeadLetterColumns[id=id, queue=queue, payload=payload, attempts=attempts, reason=reason, deadAt=dead_at], setAsideIds=0, keyColumn=Optional[message_key]]

-- lockClaim
SELECT `id` AS inbox_id, `payload` AS inbox_payload, `attempts` AS inbox_attempt FROM `jobs` h WHERE `queue` = ? AND (`due_at` IS NULL OR `due_at` <= CURRENT_TIMESTAMP(6)) AND `dead_at` IS NULL ORDER BY `due_at`, `id` LIMIT ? FOR UPDATE SKIP LOCKED
-- binds QUEUE, LIMIT

-- probe
SELECT 1 FROM `jobs` h WHERE `queue` = ? AND (`due_at` IS NULL OR `due_at` <= CURRENT_TIMESTAMP(6)) AND `dead_at` IS NULL LIMIT 1
-- binds QUEUE

-- settle
DELETE FROM `jobs` WHERE `id` = ? AND `dead_at` IS NULL
-- binds ID

-- settleAll 3
SET STATEMENT join_cache_level=0 FOR DELETE h FROM (SELECT ? AS inbox_ra_settled_id UNION ALL SELECT ? UNION ALL SELECT ?) k STRAIGHT_JOIN `jobs` h ON h.`id` = k.inbox_ra_settled_id WHERE h.`dead_at` IS NULL
-- binds ID, ID, ID

-- reschedule
UPDATE `jobs` SET `due_at` = CURRENT_TIMESTAMP(6) + INTERVAL ? * 1000 MICROSECOND, `attempts` = `attempts` + 1 WHERE `id` = ? AND `dead_at` IS NULL
-- binds DELAY, ID

-- duePartitionsAhead: none

-- deadLetter 1/1
UPDATE `jobs` SET `dead_at` = CURRENT_TIMESTAMP(6), `attempts` = `attempts` + 1 WHERE `id` = ? AND `dead_at` IS NULL
-- binds ID

-- createClaimIndex
CREATE INDEX jobs_claim ON `jobs` (`queue`, `due_at`, `id`)
-- binds nothing

-- backlog
SELECT COUNT(*), MIN(h.`due_at`), MIN(h.`id`), CURRENT_TIMESTAMP(6) FROM `jobs` h WHERE `queue` = ? AND (`due_at` IS NULL OR `due_at` <= CURRENT_TIMESTAMP(6)) AND `dead_at` IS NULL
-- binds QUEUE

-- inWork: none

-- inboxRow
SELECT `id`, `message_key`, SUBSTRING(`payload`, 1, 4096), `attempts`, `due_at`, NULL, `dead_at`, 0 FROM `jobs` WHERE `queue` = ? AND `id` = ?
-- binds QUEUE, ID

-- inboxRow by key
SELECT `id`, `message_key`, SUBSTRING(`payload`, 1, 4096), `attempts`, `due_at`, NULL, `dead_at`, 0 FROM `jobs` WHERE `queue` = ? AND `message_key` = ?
-- binds QUEUE, MESSAGE_KEY

-- holdPendingRow
SELECT `id`, `attempts` FROM `jobs` h WHERE `queue` = ? AND `id` = ? AND `dead_at` IS NULL FOR UPDATE SKIP LOCKED
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

-- deadLettersByKey: none

-- requeueAll 1/1
UPDATE `jobs` SET `dead_at` = NULL, `attempts` = 0, `due_at` = CURRENT_TIMESTAMP(6) WHERE `queue` = ? AND `dead_at` IS NOT NULL
-- binds QUEUE

-- requeueOne 1/1
UPDATE `jobs` SET `dead_at` = NULL, `attempts` = 0, `due_at` = CURRENT_TIMESTAMP(6) WHERE `queue` = ? AND `dead_at` IS NOT NULL AND `id` = ?
-- binds QUEUE, ID

-- discardDeadLetters
DELETE FROM `jobs` WHERE `queue` = ? AND `dead_at` IS NOT NULL AND `dead_at` < CURRENT_TIMESTAMP(6) + INTERVAL ? * 1000 MICROSECOND
-- binds QUEUE, DELAY
