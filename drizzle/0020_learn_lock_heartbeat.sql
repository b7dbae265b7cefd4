ALTER TABLE "learn_clusters" ADD COLUMN "lock_seen" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "learn_runs" ADD COLUMN "error_parameter" jsonb;