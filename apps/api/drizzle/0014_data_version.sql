-- A version of the records that changes when, and only when, a write to them commits (issue 10: the console's
-- 10 s polls are answered 304 without running their queries). Statement-level triggers add 1 to one of 16
-- counter rows, picked by the writing connection's backend pid, so concurrent writers rarely wait on the same
-- row; the version is the sum of the 16 rows. A reader sees a bump only once the writing transaction commits
-- (MVCC), so an ETag built from it can never vouch for data that is not visible yet.
CREATE TABLE data_version (
  shard smallint PRIMARY KEY,
  version bigint NOT NULL DEFAULT 0
);
--> statement-breakpoint
INSERT INTO data_version (shard) SELECT generate_series(0, 15);
--> statement-breakpoint
CREATE FUNCTION data_version_bump() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE data_version SET version = version + 1 WHERE shard = pg_backend_pid() % 16;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER checklists_data_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON checklists
  FOR EACH STATEMENT EXECUTE FUNCTION data_version_bump();
--> statement-breakpoint
CREATE TRIGGER entries_data_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON entries
  FOR EACH STATEMENT EXECUTE FUNCTION data_version_bump();
--> statement-breakpoint
CREATE TRIGGER species_data_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON species
  FOR EACH STATEMENT EXECUTE FUNCTION data_version_bump();
--> statement-breakpoint
CREATE TRIGGER users_data_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION data_version_bump();
