-- postgres: the statements of no table

-- claimSavepoint
SAVEPOINT inbox_claimed
-- binds nothing

-- rollbackToClaimSavepoint
ROLLBACK TO SAVEPOINT inbox_claimed
-- binds nothing

-- sessionStatementTimeout PT20S
SET statement_timeout = 20000
-- binds nothing

-- insertIfAbsent payments_in (payload, queue, message_key) key message_key
INSERT INTO payments_in (payload, queue, message_key) VALUES (?, ?, ?) ON CONFLICT (message_key) DO NOTHING
-- binds payload, queue, message_key

-- sessionId
SELECT pg_backend_pid()
-- binds nothing

-- waiting
SELECT 1 FROM pg_locks WHERE pid = 42 AND NOT granted
-- binds nothing

-- listen 1/2
SET application_name = 'inbox-ra:jobs:listen'
-- binds nothing

-- listen 2/2
LISTEN inbox_jobs
-- binds nothing

-- listen "what's?new" 1/2
SET application_name = E'inbox-ra:what''s\x3fnew:listen'
-- binds nothing

-- listen "what's?new" 2/2
LISTEN inbox_jobs
-- binds nothing

-- notification
NOTIFY inbox_jobs
-- binds nothing
