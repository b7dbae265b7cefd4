-- Issue 25: the e-invoice counters (db/schema/statistics.ts einvoiceCounters) join the statistics counters of
-- drizzle/0012_statistics_counters.sql: job_stats_input carries them, and job_stats_add, job_stats_fold, the view
-- job_stats_current and the trigger functions are those of 0012 with the new columns (0021 added them to job_metrics and
-- the counter tables, with 0 for the jobs before). The triggers themselves stay; they call the functions by name.
DO $$ BEGIN
  ALTER TYPE job_stats_input
    ADD ATTRIBUTE einvoices integer,
    ADD ATTRIBUTE einvoices_cii integer,
    ADD ATTRIBUTE einvoices_ubl integer,
    ADD ATTRIBUTE einvoices_warned integer,
    ADD ATTRIBUTE einvoices_minimum integer,
    ADD ATTRIBUTE einvoices_basic_wl integer,
    ADD ATTRIBUTE einvoices_basic integer,
    ADD ATTRIBUTE einvoices_en16931 integer,
    ADD ATTRIBUTE einvoices_extended integer,
    ADD ATTRIBUTE einvoices_xrechnung integer;
EXCEPTION WHEN duplicate_column THEN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION job_stats_add(input job_stats_input[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO job_stats_delta (day, system_id, project_id,
    total, successful, failed, not_started, waiting, restarts, not_deleted, documents, pages, ocr_documents,
    ocr_pages, bytes_in, bytes_out, duration_count, duration_sum_ms, duration_max_ms, duration_le_1s,
    duration_le_5s, duration_le_15s, duration_le_60s, duration_le_300s, einvoices, einvoices_cii,
    einvoices_ubl, einvoices_warned, einvoices_minimum, einvoices_basic_wl, einvoices_basic,
    einvoices_en16931, einvoices_extended, einvoices_xrechnung)
  SELECT day, system_id, project_id,
    total, successful, failed, not_started, waiting, restarts, not_deleted, documents, pages, ocr_documents,
    ocr_pages, bytes_in, bytes_out, duration_count, duration_sum_ms, duration_max_ms, le_1s, le_5s, le_15s,
    le_60s, le_300s, einvoices, einvoices_cii, einvoices_ubl, einvoices_warned, einvoices_minimum,
    einvoices_basic_wl, einvoices_basic, einvoices_en16931, einvoices_extended, einvoices_xrechnung
  FROM (
    SELECT
      (r.created AT TIME ZONE 'UTC')::date AS day,
      r.system_id,
      r.project_id,
      sum(r.sign) AS row_delta,
      sum(CASE WHEN r.state IS NOT NULL THEN r.sign ELSE 0 END) AS total,
      sum(CASE WHEN r.state = 'Ready' OR (r.state = 'Removed' AND r.finished IS NOT NULL AND r.error_code IS NULL)
          THEN r.sign ELSE 0 END) AS successful,
      sum(CASE WHEN r.state = 'Error' OR (r.state = 'Removed' AND r.finished IS NOT NULL AND r.error_code IS NOT NULL)
          THEN r.sign ELSE 0 END) AS failed,
      sum(CASE WHEN r.state IN ('Undefined', 'New', 'Waiting', 'Assigned') THEN r.sign ELSE 0 END) AS not_started,
      sum(CASE WHEN r.state = 'Waiting' THEN r.sign ELSE 0 END) AS waiting,
      sum(CASE WHEN r.state IS NOT NULL THEN r.sign * r.restarts ELSE 0 END) AS restarts,
      sum(CASE WHEN r.state <> 'Removed' THEN r.sign ELSE 0 END) AS not_deleted,
      sum(r.sign * coalesce(r.documents, 0)) AS documents,
      sum(r.sign * coalesce(r.pages, 0)) AS pages,
      sum(r.sign * coalesce(r.ocr_documents, 0)) AS ocr_documents,
      sum(r.sign * coalesce(r.ocr_pages, 0)) AS ocr_pages,
      sum(r.sign * coalesce(r.bytes_in, 0)) AS bytes_in,
      sum(r.sign * coalesce(r.bytes_out, 0)) AS bytes_out,
      sum(CASE WHEN r.duration_ms IS NOT NULL THEN r.sign ELSE 0 END) AS duration_count,
      sum(r.sign * coalesce(r.duration_ms, 0)::bigint) AS duration_sum_ms,
      coalesce(max(r.duration_ms) FILTER (WHERE r.sign > 0), 0) AS duration_max_ms,
      sum(CASE WHEN r.duration_ms <= 1000 THEN r.sign ELSE 0 END) AS le_1s,
      sum(CASE WHEN r.duration_ms <= 5000 THEN r.sign ELSE 0 END) AS le_5s,
      sum(CASE WHEN r.duration_ms <= 15000 THEN r.sign ELSE 0 END) AS le_15s,
      sum(CASE WHEN r.duration_ms <= 60000 THEN r.sign ELSE 0 END) AS le_60s,
      sum(CASE WHEN r.duration_ms <= 300000 THEN r.sign ELSE 0 END) AS le_300s,
      sum(r.sign * coalesce(r.einvoices, 0)) AS einvoices,
      sum(r.sign * coalesce(r.einvoices_cii, 0)) AS einvoices_cii,
      sum(r.sign * coalesce(r.einvoices_ubl, 0)) AS einvoices_ubl,
      sum(r.sign * coalesce(r.einvoices_warned, 0)) AS einvoices_warned,
      sum(r.sign * coalesce(r.einvoices_minimum, 0)) AS einvoices_minimum,
      sum(r.sign * coalesce(r.einvoices_basic_wl, 0)) AS einvoices_basic_wl,
      sum(r.sign * coalesce(r.einvoices_basic, 0)) AS einvoices_basic,
      sum(r.sign * coalesce(r.einvoices_en16931, 0)) AS einvoices_en16931,
      sum(r.sign * coalesce(r.einvoices_extended, 0)) AS einvoices_extended,
      sum(r.sign * coalesce(r.einvoices_xrechnung, 0)) AS einvoices_xrechnung
    FROM unnest(input) r
    GROUP BY 1, 2, 3
  ) d
  -- a statement that changes nothing counted (a lease renewal, a log level) adds no row
  WHERE row_delta <> 0 OR total <> 0 OR successful <> 0 OR failed <> 0 OR not_started <> 0 OR waiting <> 0
    OR restarts <> 0 OR not_deleted <> 0 OR documents <> 0 OR pages <> 0 OR ocr_documents <> 0 OR ocr_pages <> 0
    OR bytes_in <> 0 OR bytes_out <> 0 OR duration_count <> 0 OR duration_sum_ms <> 0
    OR le_1s <> 0 OR le_5s <> 0 OR le_15s <> 0 OR le_60s <> 0 OR le_300s <> 0
    OR einvoices <> 0 OR einvoices_cii <> 0 OR einvoices_ubl <> 0 OR einvoices_warned <> 0
    OR einvoices_minimum <> 0 OR einvoices_basic_wl <> 0 OR einvoices_basic <> 0
    OR einvoices_en16931 <> 0 OR einvoices_extended <> 0 OR einvoices_xrechnung <> 0
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION job_stats_fold() RETURNS bigint LANGUAGE plpgsql AS $$
DECLARE
  folded bigint;
BEGIN
  PERFORM pg_advisory_xact_lock(4912512);
  WITH moved AS (DELETE FROM job_stats_delta RETURNING *),
  summed AS (
    SELECT day, system_id, project_id, count(*) AS n,
      sum(total) AS total, sum(successful) AS successful, sum(failed) AS failed,
      sum(not_started) AS not_started, sum(waiting) AS waiting, sum(restarts) AS restarts,
      sum(not_deleted) AS not_deleted, sum(documents) AS documents, sum(pages) AS pages,
      sum(ocr_documents) AS ocr_documents, sum(ocr_pages) AS ocr_pages, sum(bytes_in) AS bytes_in,
      sum(bytes_out) AS bytes_out, sum(duration_count) AS duration_count,
      sum(duration_sum_ms) AS duration_sum_ms, max(duration_max_ms) AS duration_max_ms,
      sum(duration_le_1s) AS duration_le_1s, sum(duration_le_5s) AS duration_le_5s,
      sum(duration_le_15s) AS duration_le_15s, sum(duration_le_60s) AS duration_le_60s,
      sum(duration_le_300s) AS duration_le_300s, sum(einvoices) AS einvoices,
      sum(einvoices_cii) AS einvoices_cii, sum(einvoices_ubl) AS einvoices_ubl,
      sum(einvoices_warned) AS einvoices_warned, sum(einvoices_minimum) AS einvoices_minimum,
      sum(einvoices_basic_wl) AS einvoices_basic_wl, sum(einvoices_basic) AS einvoices_basic,
      sum(einvoices_en16931) AS einvoices_en16931, sum(einvoices_extended) AS einvoices_extended,
      sum(einvoices_xrechnung) AS einvoices_xrechnung
    FROM moved GROUP BY day, system_id, project_id
  ),
  upserted AS (
    INSERT INTO job_stats_daily AS s (day, system_id, project_id,
    total, successful, failed, not_started, waiting, restarts, not_deleted, documents, pages, ocr_documents,
    ocr_pages, bytes_in, bytes_out, duration_count, duration_sum_ms, duration_max_ms, duration_le_1s,
    duration_le_5s, duration_le_15s, duration_le_60s, duration_le_300s, einvoices, einvoices_cii,
    einvoices_ubl, einvoices_warned, einvoices_minimum, einvoices_basic_wl, einvoices_basic,
    einvoices_en16931, einvoices_extended, einvoices_xrechnung, rolled_up)
    SELECT day, system_id, project_id,
    total, successful, failed, not_started, waiting, restarts, not_deleted, documents, pages, ocr_documents,
    ocr_pages, bytes_in, bytes_out, duration_count, duration_sum_ms, duration_max_ms, duration_le_1s,
    duration_le_5s, duration_le_15s, duration_le_60s, duration_le_300s, einvoices, einvoices_cii,
    einvoices_ubl, einvoices_warned, einvoices_minimum, einvoices_basic_wl, einvoices_basic,
    einvoices_en16931, einvoices_extended, einvoices_xrechnung, false
    FROM summed
    ORDER BY day, system_id, project_id NULLS FIRST
    ON CONFLICT (day, system_id, project_id) DO UPDATE SET
      total = s.total + excluded.total,
      successful = s.successful + excluded.successful,
      failed = s.failed + excluded.failed,
      not_started = s.not_started + excluded.not_started,
      waiting = s.waiting + excluded.waiting,
      restarts = s.restarts + excluded.restarts,
      not_deleted = s.not_deleted + excluded.not_deleted,
      documents = s.documents + excluded.documents,
      pages = s.pages + excluded.pages,
      ocr_documents = s.ocr_documents + excluded.ocr_documents,
      ocr_pages = s.ocr_pages + excluded.ocr_pages,
      bytes_in = s.bytes_in + excluded.bytes_in,
      bytes_out = s.bytes_out + excluded.bytes_out,
      duration_count = s.duration_count + excluded.duration_count,
      duration_sum_ms = s.duration_sum_ms + excluded.duration_sum_ms,
      duration_max_ms = greatest(s.duration_max_ms, excluded.duration_max_ms),
      duration_le_1s = s.duration_le_1s + excluded.duration_le_1s,
      duration_le_5s = s.duration_le_5s + excluded.duration_le_5s,
      duration_le_15s = s.duration_le_15s + excluded.duration_le_15s,
      duration_le_60s = s.duration_le_60s + excluded.duration_le_60s,
      duration_le_300s = s.duration_le_300s + excluded.duration_le_300s,
      einvoices = s.einvoices + excluded.einvoices,
      einvoices_cii = s.einvoices_cii + excluded.einvoices_cii,
      einvoices_ubl = s.einvoices_ubl + excluded.einvoices_ubl,
      einvoices_warned = s.einvoices_warned + excluded.einvoices_warned,
      einvoices_minimum = s.einvoices_minimum + excluded.einvoices_minimum,
      einvoices_basic_wl = s.einvoices_basic_wl + excluded.einvoices_basic_wl,
      einvoices_basic = s.einvoices_basic + excluded.einvoices_basic,
      einvoices_en16931 = s.einvoices_en16931 + excluded.einvoices_en16931,
      einvoices_extended = s.einvoices_extended + excluded.einvoices_extended,
      einvoices_xrechnung = s.einvoices_xrechnung + excluded.einvoices_xrechnung,
      rolled_up = false
  )
  -- (a data-modifying WITH runs whether or not it is read)
  SELECT coalesce(sum(n), 0) INTO folded FROM summed;
  RETURN folded;
END $$;
--> statement-breakpoint
-- the new columns come last: CREATE OR REPLACE VIEW keeps the columns it had in their order
CREATE OR REPLACE VIEW job_stats_current AS
SELECT day, system_id, project_id,
  sum(total)::bigint AS total, sum(successful)::bigint AS successful, sum(failed)::bigint AS failed,
  sum(not_started)::bigint AS not_started, sum(waiting)::bigint AS waiting,
  sum(restarts)::bigint AS restarts, sum(not_deleted)::bigint AS not_deleted,
  sum(documents)::bigint AS documents, sum(pages)::bigint AS pages,
  sum(ocr_documents)::bigint AS ocr_documents, sum(ocr_pages)::bigint AS ocr_pages,
  sum(bytes_in)::bigint AS bytes_in, sum(bytes_out)::bigint AS bytes_out,
  sum(duration_count)::bigint AS duration_count, sum(duration_sum_ms)::bigint AS duration_sum_ms,
  max(duration_max_ms)::bigint AS duration_max_ms, sum(duration_le_1s)::bigint AS duration_le_1s,
  sum(duration_le_5s)::bigint AS duration_le_5s, sum(duration_le_15s)::bigint AS duration_le_15s,
  sum(duration_le_60s)::bigint AS duration_le_60s, sum(duration_le_300s)::bigint AS duration_le_300s,
  sum(einvoices)::bigint AS einvoices, sum(einvoices_cii)::bigint AS einvoices_cii,
  sum(einvoices_ubl)::bigint AS einvoices_ubl, sum(einvoices_warned)::bigint AS einvoices_warned,
  sum(einvoices_minimum)::bigint AS einvoices_minimum, sum(einvoices_basic_wl)::bigint AS einvoices_basic_wl,
  sum(einvoices_basic)::bigint AS einvoices_basic, sum(einvoices_en16931)::bigint AS einvoices_en16931,
  sum(einvoices_extended)::bigint AS einvoices_extended,
  sum(einvoices_xrechnung)::bigint AS einvoices_xrechnung
FROM (
  SELECT day, system_id, project_id,
    total, successful, failed, not_started, waiting, restarts, not_deleted, documents, pages, ocr_documents,
    ocr_pages, bytes_in, bytes_out, duration_count, duration_sum_ms, duration_max_ms, duration_le_1s,
    duration_le_5s, duration_le_15s, duration_le_60s, duration_le_300s, einvoices, einvoices_cii,
    einvoices_ubl, einvoices_warned, einvoices_minimum, einvoices_basic_wl, einvoices_basic,
    einvoices_en16931, einvoices_extended, einvoices_xrechnung FROM job_stats_daily
  UNION ALL
  SELECT day, system_id, project_id,
    total, successful, failed, not_started, waiting, restarts, not_deleted, documents, pages, ocr_documents,
    ocr_pages, bytes_in, bytes_out, duration_count, duration_sum_ms, duration_max_ms, duration_le_1s,
    duration_le_5s, duration_le_15s, duration_le_60s, duration_le_300s, einvoices, einvoices_cii,
    einvoices_ubl, einvoices_warned, einvoices_minimum, einvoices_basic_wl, einvoices_basic,
    einvoices_en16931, einvoices_extended, einvoices_xrechnung FROM job_stats_delta
) rows
GROUP BY day, system_id, project_id;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION job_stats_jobs_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM job_stats_add(ARRAY(
    SELECT ROW(1, n.created, n.system_id, n.project_id, n.state, n.finished, n.error_code, n.restarts,
      m.documents, m.pages, m.ocr_documents, m.ocr_pages, m.bytes_in, m.bytes_out, m.duration_ms,
      m.einvoices, m.einvoices_cii, m.einvoices_ubl, m.einvoices_warned, m.einvoices_minimum,
      m.einvoices_basic_wl, m.einvoices_basic, m.einvoices_en16931, m.einvoices_extended,
      m.einvoices_xrechnung)::job_stats_input
    FROM new_rows n LEFT JOIN job_metrics m ON m.job_id = n.id
  ));
  RETURN NULL;
END $$;
--> statement-breakpoint

CREATE OR REPLACE FUNCTION job_stats_jobs_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM job_stats_add(ARRAY(
    WITH changed AS (
      SELECT o.id FROM old_rows o JOIN new_rows n ON n.id = o.id
      WHERE (o.created, o.system_id, o.project_id, o.state, o.restarts, o.finished IS NULL, o.error_code IS NULL)
        IS DISTINCT FROM (n.created, n.system_id, n.project_id, n.state, n.restarts, n.finished IS NULL, n.error_code IS NULL)
    )
    SELECT ROW(1, n.created, n.system_id, n.project_id, n.state, n.finished, n.error_code, n.restarts,
      m.documents, m.pages, m.ocr_documents, m.ocr_pages, m.bytes_in, m.bytes_out, m.duration_ms,
      m.einvoices, m.einvoices_cii, m.einvoices_ubl, m.einvoices_warned, m.einvoices_minimum,
      m.einvoices_basic_wl, m.einvoices_basic, m.einvoices_en16931, m.einvoices_extended,
      m.einvoices_xrechnung)::job_stats_input
    FROM new_rows n JOIN changed c ON c.id = n.id LEFT JOIN job_metrics m ON m.job_id = n.id
    UNION ALL
    SELECT ROW(-1, o.created, o.system_id, o.project_id, o.state, o.finished, o.error_code, o.restarts,
      m.documents, m.pages, m.ocr_documents, m.ocr_pages, m.bytes_in, m.bytes_out, m.duration_ms,
      m.einvoices, m.einvoices_cii, m.einvoices_ubl, m.einvoices_warned, m.einvoices_minimum,
      m.einvoices_basic_wl, m.einvoices_basic, m.einvoices_en16931, m.einvoices_extended,
      m.einvoices_xrechnung)::job_stats_input
    FROM old_rows o JOIN changed c ON c.id = o.id LEFT JOIN job_metrics m ON m.job_id = o.id
  ));
  RETURN NULL;
END $$;
--> statement-breakpoint

CREATE OR REPLACE FUNCTION job_stats_metrics_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM job_stats_add(ARRAY(
    SELECT ROW(1, j.created, j.system_id, j.project_id, NULL, NULL, NULL, NULL,
      m.documents, m.pages, m.ocr_documents, m.ocr_pages, m.bytes_in, m.bytes_out, m.duration_ms,
      m.einvoices, m.einvoices_cii, m.einvoices_ubl, m.einvoices_warned, m.einvoices_minimum,
      m.einvoices_basic_wl, m.einvoices_basic, m.einvoices_en16931, m.einvoices_extended,
      m.einvoices_xrechnung)::job_stats_input
    FROM new_rows m JOIN jobs j ON j.id = m.job_id
  ));
  RETURN NULL;
END $$;
--> statement-breakpoint

CREATE OR REPLACE FUNCTION job_stats_metrics_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM job_stats_add(ARRAY(
    WITH changed AS (
      SELECT o.job_id FROM old_rows o JOIN new_rows n ON n.job_id = o.job_id
      WHERE (o.documents, o.pages, o.ocr_documents, o.ocr_pages, o.bytes_in, o.bytes_out, o.duration_ms, o.einvoices, o.einvoices_cii, o.einvoices_ubl, o.einvoices_warned, o.einvoices_minimum, o.einvoices_basic_wl, o.einvoices_basic, o.einvoices_en16931, o.einvoices_extended, o.einvoices_xrechnung)
        IS DISTINCT FROM (n.documents, n.pages, n.ocr_documents, n.ocr_pages, n.bytes_in, n.bytes_out, n.duration_ms, n.einvoices, n.einvoices_cii, n.einvoices_ubl, n.einvoices_warned, n.einvoices_minimum, n.einvoices_basic_wl, n.einvoices_basic, n.einvoices_en16931, n.einvoices_extended, n.einvoices_xrechnung)
    )
    SELECT ROW(1, j.created, j.system_id, j.project_id, NULL, NULL, NULL, NULL,
      n.documents, n.pages, n.ocr_documents, n.ocr_pages, n.bytes_in, n.bytes_out, n.duration_ms,
      n.einvoices, n.einvoices_cii, n.einvoices_ubl, n.einvoices_warned, n.einvoices_minimum,
      n.einvoices_basic_wl, n.einvoices_basic, n.einvoices_en16931, n.einvoices_extended,
      n.einvoices_xrechnung)::job_stats_input
    FROM new_rows n JOIN changed c ON c.job_id = n.job_id JOIN jobs j ON j.id = n.job_id
    UNION ALL
    SELECT ROW(-1, j.created, j.system_id, j.project_id, NULL, NULL, NULL, NULL,
      o.documents, o.pages, o.ocr_documents, o.ocr_pages, o.bytes_in, o.bytes_out, o.duration_ms,
      o.einvoices, o.einvoices_cii, o.einvoices_ubl, o.einvoices_warned, o.einvoices_minimum,
      o.einvoices_basic_wl, o.einvoices_basic, o.einvoices_en16931, o.einvoices_extended,
      o.einvoices_xrechnung)::job_stats_input
    FROM old_rows o JOIN changed c ON c.job_id = o.job_id JOIN jobs j ON j.id = o.job_id
  ));
  RETURN NULL;
END $$;
