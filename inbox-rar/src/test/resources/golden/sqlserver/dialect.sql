-- sqlserver: the statements of no table

-- claimSavepoint
SAVE TRANSACTION inbox_claimed
-- binds nothing

-- rollbackToClaimSavepoint
ROLLBACK TRANSACTION inbox_claimed
-- binds nothing
