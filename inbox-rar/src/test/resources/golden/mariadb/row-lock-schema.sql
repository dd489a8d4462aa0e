-- mariadb: TableSpec[table=app.jobs, idColumn=job_id, payloadColumn=body, queueColumn=Optional[queue], dueColumn=Optional[due_at], priorityColumn=Optional.empty, attemptColumn=Optional.empty, processedAtColumn=Optional.empty, lockedUntilColumn=Optional.empty, advisoryLock=Optional.empty, fifoColumn=Optional.empty, deadAtColumn=Optional.empty, deadLetterTable=Optional[app.dead_jobs], deadLetterColumns=DeadLetterColumns[id=id, queue=queue, payload=payload, attempts=attempts, reason=reason, deadAt=dead_at]]

-- lockClaim
SELECT `job_id` AS inbox_id, `body` AS inbox_payload FROM `app`.`jobs` h WHERE `queue` = ? AND (`due_at` IS NULL OR `due_at` <= CURRENT_TIMESTAMP(6)) ORDER BY `due_at`, `job_id` LIMIT ? FOR UPDATE SKIP LOCKED
-- binds QUEUE, LIMIT

-- probe
SELECT 1 FROM `app`.`jobs` h WHERE `queue` = ? AND (`due_at` IS NULL OR `due_at` <= CURRENT_TIMESTAMP(6)) LIMIT 1
-- binds QUEUE

-- settle
DELETE FROM `app`.`jobs` WHERE `job_id` = ?
-- binds ID

-- settleAll 3
SET STATEMENT join_cache_level=0 FOR DELETE h FROM (SELECT ? AS inbox_ra_settled_id UNION ALL SELECT ? UNION ALL SELECT ?) k STRAIGHT_JOIN `app`.`jobs` h ON h.`job_id` = k.inbox_ra_settled_id
-- binds ID, ID, ID

-- reschedule
UPDATE `app`.`jobs` SET `due_at` = CURRENT_TIMESTAMP(6) + INTERVAL ? * 1000 MICROSECOND WHERE `job_id` = ?
-- binds DELAY, ID

-- duePartitionsAhead: none

-- deadLetter 1/2
INSERT INTO `app`.`dead_jobs` (`id`, `queue`, `payload`, `attempts`, `reason`, `dead_at`) SELECT `job_id`, `queue`, `body`, ?, ?, CURRENT_TIMESTAMP(6) FROM `app`.`jobs` WHERE `job_id` = ? AND NOT EXISTS (SELECT 1 FROM `app`.`dead_jobs` d WHERE d.`id` = `app`.`jobs`.`job_id`)
-- binds ATTEMPT, REASON, ID

-- deadLetter 2/2
DELETE FROM `app`.`jobs` WHERE `job_id` = ? AND EXISTS (SELECT 1 FROM `app`.`dead_jobs` d WHERE d.`id` = `app`.`jobs`.`job_id` AND CAST(d.`payload` AS BINARY) = CAST(`app`.`jobs`.`body` AS BINARY))
-- binds ID

-- deadLetterConflict
SELECT 1 FROM `app`.`dead_jobs` d, `app`.`jobs` WHERE `app`.`jobs`.`job_id` = ? AND d.`id` = `app`.`jobs`.`job_id` AND NOT (CAST(d.`payload` AS BINARY) = CAST(`app`.`jobs`.`body` AS BINARY))
-- binds ID

-- createClaimIndex
CREATE INDEX jobs_claim ON `app`.`jobs` (`queue`, `due_at`, `job_id`)
-- binds nothing

-- backlog
SELECT COUNT(*), MIN(h.`due_at`), MIN(h.`job_id`), CURRENT_TIMESTAMP(6) FROM `app`.`jobs` h WHERE `queue` = ? AND (`due_at` IS NULL OR `due_at` <= CURRENT_TIMESTAMP(6))
-- binds QUEUE

-- inWork: none

-- inboxRow
SELECT `job_id`, NULL, SUBSTRING(`body`, 1, 4096), NULL, `due_at`, NULL, NULL, 0 FROM `app`.`jobs` WHERE `queue` = ? AND `job_id` = ?
-- binds QUEUE, ID

-- holdPendingRow
SELECT `job_id`, 0 FROM `app`.`jobs` h WHERE `queue` = ? AND `job_id` = ? FOR UPDATE SKIP LOCKED
-- binds QUEUE, ID

-- deadLetterCount
SELECT COUNT(*) FROM `app`.`dead_jobs` WHERE `queue` = ?
-- binds QUEUE

-- deadLetterIds
SELECT `id` FROM `app`.`dead_jobs` WHERE `queue` = ?
-- binds QUEUE

-- deadLetterList
SELECT `id`, SUBSTRING(`payload`, 1, 4096), `attempts`, `reason`, `dead_at`, LENGTH(`payload`) FROM `app`.`dead_jobs` WHERE `queue` = ? ORDER BY `dead_at` DESC, `id` DESC
-- binds QUEUE

-- deadLetterById
SELECT `id`, `payload`, `attempts`, `reason`, `dead_at` FROM `app`.`dead_jobs` WHERE `queue` = ? AND `id` = ?
-- binds QUEUE, ID

-- requeueAll 1/2
INSERT INTO `app`.`jobs` (`job_id`, `queue`, `body`, `due_at`) SELECT d.`id`, d.`queue`, d.`payload`, CURRENT_TIMESTAMP(6) FROM `app`.`dead_jobs` d WHERE d.`queue` = ? AND NOT EXISTS (SELECT 1 FROM `app`.`jobs` x WHERE x.`job_id` = d.`id`)
-- binds QUEUE

-- requeueAll 2/2
DELETE FROM `app`.`dead_jobs` WHERE `queue` = ? AND EXISTS (SELECT 1 FROM `app`.`jobs` x WHERE x.`job_id` = `app`.`dead_jobs`.`id` AND CAST(x.`body` AS BINARY) = CAST(`app`.`dead_jobs`.`payload` AS BINARY))
-- binds QUEUE

-- requeueOne 1/2
INSERT INTO `app`.`jobs` (`job_id`, `queue`, `body`, `due_at`) SELECT d.`id`, d.`queue`, d.`payload`, CURRENT_TIMESTAMP(6) FROM `app`.`dead_jobs` d WHERE d.`queue` = ? AND d.`id` = ? AND NOT EXISTS (SELECT 1 FROM `app`.`jobs` x WHERE x.`job_id` = d.`id`)
-- binds QUEUE, ID

-- requeueOne 2/2
DELETE FROM `app`.`dead_jobs` WHERE `queue` = ? AND `id` = ? AND EXISTS (SELECT 1 FROM `app`.`jobs` x WHERE x.`job_id` = `app`.`dead_jobs`.`id` AND CAST(x.`body` AS BINARY) = CAST(`app`.`dead_jobs`.`payload` AS BINARY))
-- binds QUEUE, ID

-- discardDeadLetters
DELETE FROM `app`.`dead_jobs` WHERE `queue` = ? AND `dead_at` < CURRENT_TIMESTAMP(6) + INTERVAL ? * 1000 MICROSECOND
-- binds QUEUE, DELAY
