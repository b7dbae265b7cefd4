ALTER TABLE "job_logs" ADD COLUMN "code" text;--> statement-breakpoint
ALTER TABLE "job_logs" ADD COLUMN "params" jsonb;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "error_params" jsonb;