-- postgres: the statements of no table

-- claimSavepoint
SAVEPOINT inbox_claimed
-- binds nothing

-- rollbackToClaimSavepoint
ROLLBACK TO SAVEPOINT inbox_claimed
-- binds nothing

-- sessionId
SELECT pg_backend_pid()
-- binds nothing

-- waiting
SELECT 1 FROM pg_locks WHERE pid = 42 AND NOT granted
-- binds nothing
