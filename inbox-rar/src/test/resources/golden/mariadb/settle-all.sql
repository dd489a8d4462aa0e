-- as in row-lock-plain
-- settleAll 3
SET STATEMENT join_cache_level=0 FOR DELETE h FROM (SELECT ? AS inbox_ra_settled_id UNION ALL SELECT ? UNION ALL SELECT ?) k STRAIGHT_JOIN `jobs` h ON h.`id` = k.inbox_ra_settled_id
-- binds ID, ID, ID

-- as in row-lock-processed-at
-- settleAll 3
SET STATEMENT join_cache_level=0 FOR UPDATE (SELECT ? AS inbox_ra_settled_id UNION ALL SELECT ? UNION ALL SELECT ?) k STRAIGHT_JOIN `jobs` h ON h.`id` = k.inbox_ra_settled_id SET h.`processed_at` = CURRENT_TIMESTAMP(6) WHERE h.`processed_at` IS NULL
-- binds ID, ID, ID

-- as in row-lock-dead-at
-- settleAll 3
SET STATEMENT join_cache_level=0 FOR DELETE h FROM (SELECT ? AS inbox_ra_settled_id UNION ALL SELECT ? UNION ALL SELECT ?) k STRAIGHT_JOIN `jobs` h ON h.`id` = k.inbox_ra_settled_id WHERE h.`dead_at` IS NULL
-- binds ID, ID, ID

-- as in row-lock-fifo
-- settleAll 3
SET STATEMENT join_cache_level=0 FOR UPDATE (SELECT ? AS inbox_ra_settled_id UNION ALL SELECT ? UNION ALL SELECT ?) k STRAIGHT_JOIN `jobs` h ON h.`id` = k.inbox_ra_settled_id SET h.`processed_at` = CURRENT_TIMESTAMP(6) WHERE h.`processed_at` IS NULL AND h.`dead_at` IS NULL
-- binds ID, ID, ID

-- as in row-lock-schema
-- settleAll 3
SET STATEMENT join_cache_level=0 FOR DELETE h FROM (SELECT ? AS inbox_ra_settled_id UNION ALL SELECT ? UNION ALL SELECT ?) k STRAIGHT_JOIN `app`.`jobs` h ON h.`job_id` = k.inbox_ra_settled_id
-- binds ID, ID, ID

