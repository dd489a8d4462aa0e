-- sqlite: the statements of no table

-- claimSavepoint
SAVEPOINT inbox_claimed
-- binds nothing

-- rollbackToClaimSavepoint
ROLLBACK TO SAVEPOINT inbox_claimed
-- binds nothing

-- insertIfAbsent payments_in (payload, queue, message_key) key message_key
INSERT INTO payments_in (payload, queue, message_key) VALUES (?, ?, ?) ON CONFLICT (message_key) DO NOTHING
-- binds payload, queue, message_key
