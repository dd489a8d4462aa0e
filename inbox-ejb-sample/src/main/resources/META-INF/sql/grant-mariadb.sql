-- The sample's MariaDB user, with what it needs on its own tables only (README, "Database roles"); one statement a line.
-- Run as an administrator in the sample's database (mysql -u root test < grant-mariadb.sql); idempotent. It adds to what the
-- user holds: for a user an older setup granted more, REVOKE ALL PRIVILEGES, GRANT OPTION FROM 'inbox_sample'@'%' first.
CREATE USER IF NOT EXISTS 'inbox_sample'@'%' IDENTIFIED BY 'inbox';
-- The inbox: claims read it, retries update it, settlements delete, the operator's requeue inserts; CREATE for the schema script on Payara.
GRANT SELECT, INSERT, UPDATE, DELETE, CREATE ON invoice_jobs TO 'inbox_sample'@'%';
-- The dead-letter table: the move inserts, looks for a copy, requeue and discard delete.
GRANT SELECT, INSERT, UPDATE, DELETE, CREATE ON invoice_jobs_dead TO 'inbox_sample'@'%';
-- The MDB's own writes (JPA), and the REST resource's delete of an invoice.
GRANT SELECT, INSERT, UPDATE, DELETE, CREATE ON issued_invoices TO 'inbox_sample'@'%';
-- Optional: lets the adapter see a failure's record wait on the row's lock in INNODB_TRX.
GRANT PROCESS ON *.* TO 'inbox_sample'@'%';
