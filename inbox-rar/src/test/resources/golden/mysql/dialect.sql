-- mysql: the statements of no table

-- claimSavepoint
SAVEPOINT inbox_claimed
-- binds nothing

-- rollbackToClaimSavepoint
ROLLBACK TO SAVEPOINT inbox_claimed
-- binds nothing

-- sessionId
SELECT CONNECTION_ID()
-- binds nothing

-- waiting
SELECT 1 FROM information_schema.INNODB_TRX WHERE trx_mysql_thread_id = 42 AND trx_state = 'LOCK WAIT'
-- binds nothing
