-- sqlserver: TableSpec[table=jobs, idColumn=id, payloadColumn=payload, queueColumn=Optional.empty, dueColumn=Optional.empty, priorityColumn=Optional.empty, attemptColumn=Optional[attempts], processedAtColumn=Optional.empty, lockedUntilColumn=Optional.empty, advisoryLock=Optional.empty, fifoColumn=Optional[grp], deadAtColumn=Optional.empty, deadLetterTable=Optional.empty, deadLetterColumns=DeadLetterColumns[id=id, queue=queue, payload=payload, attempts=attempts, reason=reason, deadAt=dead_at], setAsideIds=0, keyColumn=Optional.empty, traceColumn=Optional[trace_context]]

-- lockClaim
-- refused (UNSUPPORTED_FIFO): this dialect keeps no FIFO groups in the row lock form; remove 'fifoColumn'

-- fifoGuard: none

-- fifoRelease: none

-- probe
SELECT TOP (1) 1 FROM [jobs] h WHERE NOT EXISTS (SELECT 1 FROM [jobs] e WHERE e.[grp] = h.[grp] AND e.[id] < h.[id])
-- binds nothing

-- settle
DELETE FROM [jobs] WHERE [id] = ?
-- binds ID

-- settleAll 3
DELETE FROM [jobs] WHERE [id] IN (?, ?, ?)
-- binds ID, ID, ID

-- backlog
SELECT COUNT(*), NULL, MIN(h.[id]), CURRENT_TIMESTAMP FROM [jobs] h WHERE NOT EXISTS (SELECT 1 FROM [jobs] e WHERE e.[grp] = h.[grp] AND e.[id] < h.[id])
-- binds nothing

-- inWork: none

-- inboxRow
SELECT [id], NULL, [payload], [attempts], NULL, NULL, NULL, 0 FROM [jobs] WHERE [id] = ?
-- binds ID

-- holdPendingRow
SELECT [id], [attempts] FROM [jobs] h WITH (UPDLOCK, READPAST, ROWLOCK) WHERE [id] = ?
-- binds ID
