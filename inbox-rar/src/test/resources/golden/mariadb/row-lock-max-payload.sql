-- mariadb: TableSpec[table=jobs, idColumn=id, payloadColumn=payload, queueColumn=Optional.empty, dueColumn=Optional.empty, priorityColumn=Optional.empty, attemptColumn=Optional[attempts], processedAtColumn=Optional.empty, lockedUntilColumn=Optional.empty, advisoryLock=Optional.empty, fifoColumn=Optional.empty, deadAtColumn=Optional.empty, deadLetterTable=Optional[dead_jobs], deadLetterColumns=DeadLetterColumns[id=id, queue=queue, payload=payload, attempts=attempts, reason=reason, deadAt=dead_at], maxPayloadBytes=OptionalInt[1048576]]

-- lockClaim
SELECT `id` AS inbox_id, CASE WHEN LENGTH(`payload`) <= 1048576 THEN `payload` END AS inbox_payload, LENGTH(`payload`) AS inbox_payload_bytes, `attempts` AS inbox_attempt FROM `jobs` h ORDER BY `id` LIMIT ? FOR UPDATE SKIP LOCKED
-- binds LIMIT

-- probe
SELECT 1 FROM `jobs` h LIMIT 1
-- binds nothing

-- settle
DELETE FROM `jobs` WHERE `id` = ?
-- binds ID

-- settleAll 3
SET STATEMENT join_cache_level=0 FOR DELETE h FROM (SELECT ? AS inbox_ra_settled_id UNION ALL SELECT ? UNION ALL SELECT ?) k STRAIGHT_JOIN `jobs` h ON h.`id` = k.inbox_ra_settled_id
-- binds ID, ID, ID

-- deadLetter 1/2
INSERT INTO `dead_jobs` (`id`, `payload`, `attempts`, `reason`, `dead_at`) SELECT `id`, `payload`, ?, ?, CURRENT_TIMESTAMP(6) FROM `jobs` WHERE `id` = ? AND NOT EXISTS (SELECT 1 FROM `dead_jobs` d WHERE d.`id` = `jobs`.`id`)
-- binds ATTEMPT, REASON, ID

-- deadLetter 2/2
DELETE FROM `jobs` WHERE `id` = ? AND EXISTS (SELECT 1 FROM `dead_jobs` d WHERE d.`id` = `jobs`.`id` AND CAST(d.`payload` AS BINARY) = CAST(`jobs`.`payload` AS BINARY))
-- binds ID

-- deadLetterConflict
SELECT 1 FROM `dead_jobs` d, `jobs` WHERE `jobs`.`id` = ? AND d.`id` = `jobs`.`id` AND NOT (CAST(d.`payload` AS BINARY) = CAST(`jobs`.`payload` AS BINARY))
-- binds ID

-- createClaimIndex
CREATE INDEX jobs_claim ON `jobs` (`id`)
-- binds nothing

-- backlog
SELECT COUNT(*), NULL, MIN(h.`id`), CURRENT_TIMESTAMP(6) FROM `jobs` h
-- binds nothing

-- inWork: none

-- inboxRow
SELECT `id`, NULL, SUBSTRING(`payload`, 1, 4096), `attempts`, NULL, NULL, NULL, 0 FROM `jobs` WHERE `id` = ?
-- binds ID

-- holdPendingRow
SELECT `id`, `attempts` FROM `jobs` h WHERE `id` = ? FOR UPDATE SKIP LOCKED
-- binds ID

-- deadLetterCount
SELECT COUNT(*) FROM `dead_jobs`
-- binds nothing

-- deadLetterIds
SELECT `id` FROM `dead_jobs`
-- binds nothing

-- deadLetterList
SELECT `id`, SUBSTRING(`payload`, 1, 4096), `attempts`, `reason`, `dead_at`, LENGTH(`payload`) FROM `dead_jobs` ORDER BY `dead_at` DESC, `id` DESC
-- binds nothing

-- deadLetterById
SELECT `id`, `payload`, `attempts`, `reason`, `dead_at` FROM `dead_jobs` WHERE `id` = ?
-- binds ID

-- requeueAll 1/2
INSERT INTO `jobs` (`id`, `payload`, `attempts`) SELECT d.`id`, d.`payload`, 0 FROM `dead_jobs` d WHERE NOT EXISTS (SELECT 1 FROM `jobs` x WHERE x.`id` = d.`id`)
-- binds nothing

-- requeueAll 2/2
DELETE FROM `dead_jobs` WHERE EXISTS (SELECT 1 FROM `jobs` x WHERE x.`id` = `dead_jobs`.`id` AND CAST(x.`payload` AS BINARY) = CAST(`dead_jobs`.`payload` AS BINARY))
-- binds nothing

-- requeueOne 1/2
INSERT INTO `jobs` (`id`, `payload`, `attempts`) SELECT d.`id`, d.`payload`, 0 FROM `dead_jobs` d WHERE d.`id` = ? AND NOT EXISTS (SELECT 1 FROM `jobs` x WHERE x.`id` = d.`id`)
-- binds ID

-- requeueOne 2/2
DELETE FROM `dead_jobs` WHERE `id` = ? AND EXISTS (SELECT 1 FROM `jobs` x WHERE x.`id` = `dead_jobs`.`id` AND CAST(x.`payload` AS BINARY) = CAST(`dead_jobs`.`payload` AS BINARY))
-- binds ID

-- discardDeadLetters
DELETE FROM `dead_jobs` WHERE `dead_at` < CURRENT_TIMESTAMP(6) + INTERVAL ? * 1000 MICROSECOND
-- binds DELAY
