-- sqlserver: TableSpec[table=jobs, idColumn=id, payloadColumn=payload, queueColumn=Optional.empty, dueColumn=Optional.empty, priorityColumn=Optional.empty, attemptColumn=Optional.empty, processedAtColumn=Optional.empty, lockedUntilColumn=Optional.empty, advisoryLock=Optional.empty, fifoColumn=Optional.empty, deadAtColumn=Optional.empty, deadLetterTable=Optional.empty, deadLetterColumns=DeadLetterColumns[id=id, queue=queue, payload=payload, attempts=attempts, reason=reason, deadAt=dead_at]]

-- lockClaim
SELECT TOP (?) [id] AS inbox_id, [payload] AS inbox_payload FROM [jobs] h WITH (UPDLOCK, READPAST, ROWLOCK) ORDER BY [id]
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

-- backlog
SELECT COUNT(*), NULL, MIN(h.[id]), CURRENT_TIMESTAMP FROM [jobs] h
-- binds nothing

-- inWork: none

-- inboxRow
SELECT [id], NULL, [payload], NULL, NULL, NULL, NULL, 0 FROM [jobs] WHERE [id] = ?
-- binds ID

-- holdPendingRow
SELECT [id], 0 FROM [jobs] h WITH (UPDLOCK, READPAST, ROWLOCK) WHERE [id] = ?
-- binds ID
