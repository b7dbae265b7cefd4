-- The archives' CSV is written by lib/downloads/copy-format.ts from the rows' texts since the archivers read one binary
-- COPY of them (bench/RESULTS.md "Audit-trail archive"): csv_cell (0013, 0018) has no caller left.
DROP FUNCTION IF EXISTS csv_cell(text);
