#!/bin/bash
# Interleaved single-client pgbench: a claim of 50 rows and their delete in one statement, plain (a),
# with the adapter's payload limit only (c), with the limit and the row guard (b). Each round on a fresh table.
cd "$(dirname "$0")"
for round in 1 2 3 4 5; do
  for s in a c b; do
    psql -qh127.0.0.1 -U postgres test -c "DROP TABLE IF EXISTS pb" -c "CREATE TABLE pb (id BIGSERIAL PRIMARY KEY, payload TEXT NOT NULL) WITH (autovacuum_enabled=false)" -c "INSERT INTO pb (payload) SELECT repeat('x',100) FROM generate_series(1,250000)" -c "VACUUM ANALYZE pb" 2>/dev/null
    echo "$round $s $(pgbench -h127.0.0.1 -U postgres -n -c 1 -t 4000 -f $s.sql test 2>&1 | grep -E '^latency average' | awk '{print $4}')"
  done
done
