-- Counters of rate-limiter-flexible's PostgreSQL store (issue 9): every API process on this database
-- shares them, so parallel guesses and a second process cannot get past a limit. Created here rather
-- than by the library at run time (tableCreated: true). Keys are prefixed by purpose, e.g. `login-ip:1.2.3.4`.
CREATE TABLE IF NOT EXISTS "rate_limits" (
  "key" varchar(255) PRIMARY KEY,
  "points" integer NOT NULL DEFAULT 0,
  "expire" bigint
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "rate_limits_expire_idx" ON "rate_limits" ("expire");
