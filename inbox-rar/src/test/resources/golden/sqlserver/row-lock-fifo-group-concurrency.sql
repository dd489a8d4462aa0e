-- sqlserver: TableSpec[table=jobs, idColumn=id, payloadColumn=payload, queueColumn=Optional[queue], dueColumn=Optional[due_at], priorityColumn=Optional[priority], attemptColumn=Optional.empty, processedAtColumn=Optional[processed_at], lockedUntilColumn=Optional.empty, advisoryLock=Optional.empty, fifoColumn=Optional[grp], deadAtColumn=Optional[dead_at], deadLetterTable=Optional.empty, deadLetterColumns=DeadLetterColumns[id=id, queue=queue, payload=payload, attempts=attempts, reason=reason, deadAt=dead_at], setAsideIds=0, keyColumn=Optional.empty, groupConcurrency=3]

-- lockClaim
-- refused (UNSUPPORTED_FIFO): this dialect keeps no FIFO groups in the row lock form; remove 'fifoColumn'

-- fifoGuard: none

-- fifoRelease: none

-- fifoSlotGuard: none

-- fifoSlotRelease: none

-- probe
SELECT TOP (1) 1 FROM [jobs] h WHERE [queue] = ? AND ([due_at] IS NULL OR [due_at] <= CURRENT_TIMESTAMP) AND [processed_at] IS NULL AND [dead_at] IS NULL AND (SELECT 1 FROM [jobs] e WHERE e.[grp] = h.[grp] AND e.[processed_at] IS NULL AND e.[dead_at] IS NULL AND (e.[priority] < h.[priority] OR (e.[priority] = h.[priority] AND e.[id] < h.[id])) LIMIT 1 OFFSET 2) IS NULL
-- binds QUEUE

-- settle
UPDATE [jobs] SET [processed_at] = CURRENT_TIMESTAMP WHERE [id] = ? AND [processed_at] IS NULL AND [dead_at] IS NULL
-- binds ID

-- settleAll 3
UPDATE [jobs] SET [processed_at] = CURRENT_TIMESTAMP WHERE [id] IN (?, ?, ?) AND [processed_at] IS NULL AND [dead_at] IS NULL
-- binds ID, ID, ID

-- reschedule
UPDATE [jobs] SET [due_at] = DATEADD(MILLISECOND, ?, CURRENT_TIMESTAMP) WHERE [id] = ? AND [processed_at] IS NULL AND [dead_at] IS NULL
-- binds DELAY, ID

-- duePartitionsAhead: none

-- deadLetter 1/1
UPDATE [jobs] SET [dead_at] = CURRENT_TIMESTAMP WHERE [id] = ? AND [processed_at] IS NULL AND [dead_at] IS NULL
-- binds ID

-- purge
-- refused (UNSUPPORTED): this dialect cannot delete processed rows after their retention; remove 'retention'

-- expiredPartitions
-- refused (UNSUPPORTED): this dialect drops no partitions; the retention sweep deletes processed rows one by one

-- partitionDrop jobs_2026_01
-- refused (UNSUPPORTED): this dialect drops no partitions; the retention sweep deletes processed rows one by one

-- backlog
SELECT COUNT(*), MIN(h.[due_at]), MIN(h.[id]), CURRENT_TIMESTAMP FROM [jobs] h WHERE [queue] = ? AND ([due_at] IS NULL OR [due_at] <= CURRENT_TIMESTAMP) AND [processed_at] IS NULL AND [dead_at] IS NULL AND (SELECT 1 FROM [jobs] e WHERE e.[grp] = h.[grp] AND e.[processed_at] IS NULL AND e.[dead_at] IS NULL AND (e.[priority] < h.[priority] OR (e.[priority] = h.[priority] AND e.[id] < h.[id])) LIMIT 1 OFFSET 2) IS NULL
-- binds QUEUE

-- inWork: none

-- inboxRow
SELECT [id], NULL, [payload], NULL, [due_at], [processed_at], [dead_at], 0 FROM [jobs] WHERE [queue] = ? AND [id] = ?
-- binds QUEUE, ID

-- holdPendingRow
SELECT [id], 0 FROM [jobs] h WITH (UPDLOCK, READPAST, ROWLOCK) WHERE [queue] = ? AND [id] = ? AND [processed_at] IS NULL AND [dead_at] IS NULL
-- binds QUEUE, ID

-- deadLetterCount
SELECT COUNT(*) FROM [jobs] WHERE [queue] = ? AND [dead_at] IS NOT NULL
-- binds QUEUE

-- deadLetterIds
SELECT [id] FROM [jobs] WHERE [queue] = ? AND [dead_at] IS NOT NULL
-- binds QUEUE

-- deadLetterList
SELECT [id], [payload], NULL, NULL, [dead_at] FROM [jobs] WHERE [queue] = ? AND [dead_at] IS NOT NULL ORDER BY [dead_at] DESC, [id] DESC
-- binds QUEUE

-- deadLetterById
SELECT [id], [payload], NULL, NULL, [dead_at] FROM [jobs] WHERE [queue] = ? AND [dead_at] IS NOT NULL AND [id] = ?
-- binds QUEUE, ID

-- requeueAll 1/1
UPDATE [jobs] SET [dead_at] = NULL, [due_at] = CURRENT_TIMESTAMP WHERE [queue] = ? AND [dead_at] IS NOT NULL
-- binds QUEUE

-- requeueOne 1/1
UPDATE [jobs] SET [dead_at] = NULL, [due_at] = CURRENT_TIMESTAMP WHERE [queue] = ? AND [dead_at] IS NOT NULL AND [id] = ?
-- binds QUEUE, ID

-- discardDeadLetters
DELETE FROM [jobs] WHERE [queue] = ? AND [dead_at] IS NOT NULL AND [dead_at] < DATEADD(MILLISECOND, ?, CURRENT_TIMESTAMP)
-- binds QUEUE, DELAY
