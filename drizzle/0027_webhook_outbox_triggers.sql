-- Issue 26 §1: the webhooks' outbox is written in the transaction of the state change itself, whatever code changes
-- the state (a worker's finish, the job monitor's delete, CleanUpJobsV2, ExtractionJobMonitor, a learn worker): one
-- delivery row per event and enabled webhook of the system that names the event (and the job's project, when it names
-- one). The workers send them (workers/webhooks). With no enabled webhook at all the functions end at their first
-- statement.
CREATE OR REPLACE FUNCTION webhook_jobs_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM webhooks WHERE enabled) THEN RETURN NULL; END IF;
  INSERT INTO webhook_deliveries (webhook_id, system_id, event, job_id, data)
  SELECT w.id, n.system_id, e.event, n.id,
    jsonb_build_object('jobId', n.id, 'systemId', n.system_id, 'projectId', n.project_id, 'state', n.state,
      'client', n.client, 'clientInfo', n.client_info, 'errorCode', n.error_code)
  FROM new_rows n
  JOIN old_rows o ON o.id = n.id
  CROSS JOIN LATERAL (SELECT CASE n.state WHEN 'Ready' THEN 'job.ready' WHEN 'Error' THEN 'job.error'
    ELSE 'job.removed' END AS event) e
  JOIN webhooks w ON w.system_id = n.system_id AND w.enabled AND e.event = ANY (w.events)
    AND (w.project_id IS NULL OR w.project_id = n.project_id)
  WHERE n.state IS DISTINCT FROM o.state AND n.state IN ('Ready', 'Error', 'Removed');
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS webhook_jobs_update ON jobs;
--> statement-breakpoint
CREATE TRIGGER webhook_jobs_update AFTER UPDATE ON jobs
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION webhook_jobs_updated();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION webhook_learn_runs_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM webhooks WHERE enabled) THEN RETURN NULL; END IF;
  INSERT INTO webhook_deliveries (webhook_id, system_id, event, learn_run_id, data)
  SELECT w.id, n.system_id, e.event, n.id,
    jsonb_build_object('learnRunId', n.id, 'systemId', n.system_id, 'projectId', n.project_id, 'state', n.state,
      'trigger', n.trigger, 'errorCode', n.error_code)
  FROM new_rows n
  JOIN old_rows o ON o.id = n.id
  CROSS JOIN LATERAL (SELECT CASE n.state WHEN 'Ready' THEN 'learnrun.ready' ELSE 'learnrun.error' END AS event) e
  JOIN webhooks w ON w.system_id = n.system_id AND w.enabled AND e.event = ANY (w.events)
    AND (w.project_id IS NULL OR w.project_id = n.project_id)
  WHERE n.state IS DISTINCT FROM o.state AND n.state IN ('Ready', 'Error');
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS webhook_learn_runs_update ON learn_runs;
--> statement-breakpoint
CREATE TRIGGER webhook_learn_runs_update AFTER UPDATE ON learn_runs
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION webhook_learn_runs_updated();
