-- The trigram index over every entry's bird name (0002) is read by no query. Since session 13 the console's searches
-- match the term against the distinct names (stats_bird_names, under a thousand rows at 2 M entries) and then look
-- entries up by exact name (entries_bird_name_idx); no other query filters entries.bird_name by LIKE or similarity.
-- After a whole `npm run bench` (every list, search, export and the upload) pg_stat_user_indexes showed 0 scans of it.
--
-- It still cost every write: some fifteen trigram keys per entry, gathered in GIN's pending list and merged into the
-- 98 MB index by whichever insert overflowed the list. Ten batches of 10,000 entries (bench/upload-phases.ts, 2 M
-- entries, alternating) took 5.0-6.4 s without it (five runs, mean 5.6 s) and 5.2-7.6 s with it (five, mean 6.5 s).
DROP INDEX IF EXISTS "entries_bird_name_trgm_idx";
