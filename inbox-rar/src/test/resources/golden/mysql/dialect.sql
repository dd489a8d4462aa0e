-- mysql: the statements of no table

-- claimSavepoint
SAVEPOINT inbox_claimed
-- binds nothing

-- rollbackToClaimSavepoint
ROLLBACK TO SAVEPOINT inbox_claimed
-- binds nothing

-- insertIfAbsent payments_in (payload, queue, message_key) key message_key
INSERT INTO payments_in (payload, queue, message_key) VALUES (?, ?, ?)
-- binds payload, queue, message_key

-- sessionId
SELECT CONNECTION_ID()
-- binds nothing

-- waiting
SELECT 1 FROM information_schema.INNODB_TRX WHERE trx_mysql_thread_id = 42 AND trx_state = 'LOCK WAIT'
-- binds nothing
