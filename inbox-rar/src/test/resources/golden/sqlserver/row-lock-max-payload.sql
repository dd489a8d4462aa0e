-- sqlserver: TableSpec[table=jobs, idColumn=id, payloadColumn=payload, queueColumn=Optional.empty, dueColumn=Optional.empty, priorityColumn=Optional.empty, attemptColumn=Optional[attempts], processedAtColumn=Optional.empty, lockedUntilColumn=Optional.empty, advisoryLock=Optional.empty, fifoColumn=Optional.empty, deadAtColumn=Optional.empty, deadLetterTable=Optional[dead_jobs], deadLetterColumns=DeadLetterColumns[id=id, queue=queue, payload=payload, attempts=attempts, reason=reason, deadAt=dead_at], maxPayloadBytes=OptionalInt[1048576]]

-- lockClaim
SELECT TOP (?) [id] AS inbox_id, [payload] AS inbox_payload, [attempts] AS inbox_attempt FROM [jobs] h WITH (UPDLOCK, READPAST, ROWLOCK) ORDER BY [id]
-- binds LIMIT

-- probe
SELECT TOP (1) 1 FROM [jobs] h
-- binds nothing

-- settle
DELETE FROM [jobs] WHERE [id] = ?
-- binds ID

-- settleAll 3
DELETE FROM [jobs] WHERE [id] IN (?, ?, ?)
-- binds ID, ID, ID

-- deadLetter 1/2
INSERT INTO [dead_jobs] ([id], [payload], [attempts], [reason], [dead_at]) SELECT [id], [payload], ?, ?, CURRENT_TIMESTAMP FROM [jobs] WHERE [id] = ? AND NOT EXISTS (SELECT 1 FROM [dead_jobs] d WHERE d.[id] = [jobs].[id])
-- binds ATTEMPT, REASON, ID

-- deadLetter 2/2
DELETE FROM [jobs] WHERE [id] = ? AND EXISTS (SELECT 1 FROM [dead_jobs] d WHERE d.[id] = [jobs].[id] AND d.[payload] = [jobs].[payload])
-- binds ID

-- deadLetterConflict
SELECT 1 FROM [dead_jobs] d, [jobs] WHERE [jobs].[id] = ? AND d.[id] = [jobs].[id] AND NOT (d.[payload] = [jobs].[payload])
-- binds ID

-- backlog
SELECT COUNT(*), NULL, MIN(h.[id]), CURRENT_TIMESTAMP FROM [jobs] h
-- binds nothing

-- inWork: none

-- inboxRow
SELECT [id], NULL, [payload], [attempts], NULL, NULL, NULL, 0 FROM [jobs] WHERE [id] = ?
-- binds ID

-- holdPendingRow
SELECT [id], [attempts] FROM [jobs] h WITH (UPDLOCK, READPAST, ROWLOCK) WHERE [id] = ?
-- binds ID

-- deadLetterCount
SELECT COUNT(*) FROM [dead_jobs]
-- binds nothing

-- deadLetterIds
SELECT [id] FROM [dead_jobs]
-- binds nothing

-- deadLetterList
SELECT [id], [payload], [attempts], [reason], [dead_at] FROM [dead_jobs] ORDER BY [dead_at] DESC, [id] DESC
-- binds nothing

-- deadLetterById
SELECT [id], [payload], [attempts], [reason], [dead_at] FROM [dead_jobs] WHERE [id] = ?
-- binds ID

-- requeueAll 1/2
INSERT INTO [jobs] ([id], [payload], [attempts]) SELECT d.[id], d.[payload], 0 FROM [dead_jobs] d WHERE NOT EXISTS (SELECT 1 FROM [jobs] x WHERE x.[id] = d.[id])
-- binds nothing

-- requeueAll 2/2
DELETE FROM [dead_jobs] WHERE EXISTS (SELECT 1 FROM [jobs] x WHERE x.[id] = [dead_jobs].[id] AND x.[payload] = [dead_jobs].[payload])
-- binds nothing

-- requeueOne 1/2
INSERT INTO [jobs] ([id], [payload], [attempts]) SELECT d.[id], d.[payload], 0 FROM [dead_jobs] d WHERE d.[id] = ? AND NOT EXISTS (SELECT 1 FROM [jobs] x WHERE x.[id] = d.[id])
-- binds ID

-- requeueOne 2/2
DELETE FROM [dead_jobs] WHERE [id] = ? AND EXISTS (SELECT 1 FROM [jobs] x WHERE x.[id] = [dead_jobs].[id] AND x.[payload] = [dead_jobs].[payload])
-- binds ID

-- discardDeadLetters
DELETE FROM [dead_jobs] WHERE [dead_at] < DATEADD(MILLISECOND, ?, CURRENT_TIMESTAMP)
-- binds DELAY
