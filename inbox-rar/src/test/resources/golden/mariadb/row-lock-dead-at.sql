-- mariadb: TableSpec[table=jobs, idColumn=id, payloadColumn=payload, queueColumn=Optional.empty, dueColumn=Optional[due_at], priorityColumn=Optional.empty, attemptColumn=Optional[attempts], processedAtColumn=Optional.empty, lockedUntilColumn=Optional.empty, advisoryLock=Optional.empty, fifoColumn=Optional.empty, deadAtColumn=Optional[dead_at], deadLetterTable=Optional.empty, deadLetterColumns=DeadLetterColumns[id=id, queue=queue, payload=payload, attempts=attempts, reason=reason, deadAt=dead_at]]

-- lockClaim
SELECT `id` AS inbox_id, `payload` AS inbox_payload, `attempts` AS inbox_attempt FROM `jobs` h WHERE (`due_at` IS NULL OR `due_at` <= CURRENT_TIMESTAMP(6)) AND `dead_at` IS NULL ORDER BY `due_at`, `id` LIMIT ? FOR UPDATE SKIP LOCKED
-- binds LIMIT

-- probe
SELECT 1 FROM `jobs` h WHERE (`due_at` IS NULL OR `due_at` <= CURRENT_TIMESTAMP(6)) AND `dead_at` IS NULL LIMIT 1
-- binds nothing

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
CREATE INDEX jobs_claim ON `jobs` (`due_at`, `id`)
-- binds nothing

-- backlog
SELECT COUNT(*), MIN(h.`due_at`), MIN(h.`id`), CURRENT_TIMESTAMP(6) FROM `jobs` h WHERE (`due_at` IS NULL OR `due_at` <= CURRENT_TIMESTAMP(6)) AND `dead_at` IS NULL
-- binds nothing

-- inWork: none

-- inboxRow
SELECT `id`, NULL, SUBSTRING(`payload`, 1, 4096), `attempts`, `due_at`, NULL, `dead_at`, 0 FROM `jobs` WHERE `id` = ?
-- binds ID

-- holdPendingRow
SELECT `id`, `attempts` FROM `jobs` h WHERE `id` = ? AND `dead_at` IS NULL FOR UPDATE SKIP LOCKED
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
UPDATE `jobs` SET `dead_at` = NULL, `attempts` = 0, `due_at` = CURRENT_TIMESTAMP(6) WHERE `dead_at` IS NOT NULL
-- binds nothing

-- requeueOne 1/1
UPDATE `jobs` SET `dead_at` = NULL, `attempts` = 0, `due_at` = CURRENT_TIMESTAMP(6) WHERE `dead_at` IS NOT NULL AND `id` = ?
-- binds ID

-- discardDeadLetters
DELETE FROM `jobs` WHERE `dead_at` IS NOT NULL AND `dead_at` < CURRENT_TIMESTAMP(6) + INTERVAL ? * 1000 MICROSECOND
-- binds DELAY
