-- h2: the statements of no table

-- claimSavepoint
SAVEPOINT inbox_claimed
-- binds nothing

-- rollbackToClaimSavepoint
ROLLBACK TO SAVEPOINT inbox_claimed
-- binds nothing

-- insertIfAbsent payments_in (payload, queue, message_key) key message_key
MERGE INTO payments_in t USING (VALUES (?, ?, ?)) s (payload, queue, message_key) ON t.message_key = s.message_key WHEN NOT MATCHED THEN INSERT (payload, queue, message_key) VALUES (s.payload, s.queue, s.message_key)
-- binds payload, queue, message_key
