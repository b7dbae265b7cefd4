CREATE TABLE "archived_periods" (
	"external_id" text PRIMARY KEY NOT NULL,
	"type" smallint NOT NULL,
	"target" text NOT NULL,
	"period_start" timestamp with time zone NOT NULL,
	"period_end" timestamp with time zone NOT NULL,
	"rows" integer NOT NULL,
	"download_id" uuid,
	"archived" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "downloads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"system_id" uuid,
	"type" smallint NOT NULL,
	"display_file_name" text NOT NULL,
	"external_id" text NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"size" bigint NOT NULL,
	"path" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "job_stats_daily" (
	"day" date NOT NULL,
	"system_id" uuid NOT NULL,
	"project_id" uuid,
	"total" bigint DEFAULT 0 NOT NULL,
	"successful" bigint DEFAULT 0 NOT NULL,
	"failed" bigint DEFAULT 0 NOT NULL,
	"not_started" bigint DEFAULT 0 NOT NULL,
	"waiting" bigint DEFAULT 0 NOT NULL,
	"restarts" bigint DEFAULT 0 NOT NULL,
	"not_deleted" bigint DEFAULT 0 NOT NULL,
	"documents" bigint DEFAULT 0 NOT NULL,
	"pages" bigint DEFAULT 0 NOT NULL,
	"ocr_documents" bigint DEFAULT 0 NOT NULL,
	"ocr_pages" bigint DEFAULT 0 NOT NULL,
	"bytes_in" bigint DEFAULT 0 NOT NULL,
	"bytes_out" bigint DEFAULT 0 NOT NULL,
	"duration_count" bigint DEFAULT 0 NOT NULL,
	"duration_sum_ms" bigint DEFAULT 0 NOT NULL,
	"duration_max_ms" bigint DEFAULT 0 NOT NULL,
	"duration_le_1s" bigint DEFAULT 0 NOT NULL,
	"duration_le_5s" bigint DEFAULT 0 NOT NULL,
	"duration_le_15s" bigint DEFAULT 0 NOT NULL,
	"duration_le_60s" bigint DEFAULT 0 NOT NULL,
	"duration_le_300s" bigint DEFAULT 0 NOT NULL,
	"rolled_up" boolean DEFAULT false NOT NULL,
	CONSTRAINT "job_stats_daily_key" UNIQUE NULLS NOT DISTINCT("day","system_id","project_id")
);
--> statement-breakpoint
CREATE TABLE "job_stats_delta" (
	"day" date NOT NULL,
	"system_id" uuid NOT NULL,
	"project_id" uuid,
	"total" bigint DEFAULT 0 NOT NULL,
	"successful" bigint DEFAULT 0 NOT NULL,
	"failed" bigint DEFAULT 0 NOT NULL,
	"not_started" bigint DEFAULT 0 NOT NULL,
	"waiting" bigint DEFAULT 0 NOT NULL,
	"restarts" bigint DEFAULT 0 NOT NULL,
	"not_deleted" bigint DEFAULT 0 NOT NULL,
	"documents" bigint DEFAULT 0 NOT NULL,
	"pages" bigint DEFAULT 0 NOT NULL,
	"ocr_documents" bigint DEFAULT 0 NOT NULL,
	"ocr_pages" bigint DEFAULT 0 NOT NULL,
	"bytes_in" bigint DEFAULT 0 NOT NULL,
	"bytes_out" bigint DEFAULT 0 NOT NULL,
	"duration_count" bigint DEFAULT 0 NOT NULL,
	"duration_sum_ms" bigint DEFAULT 0 NOT NULL,
	"duration_max_ms" bigint DEFAULT 0 NOT NULL,
	"duration_le_1s" bigint DEFAULT 0 NOT NULL,
	"duration_le_5s" bigint DEFAULT 0 NOT NULL,
	"duration_le_15s" bigint DEFAULT 0 NOT NULL,
	"duration_le_60s" bigint DEFAULT 0 NOT NULL,
	"duration_le_300s" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "job_stats_monthly" (
	"month" date NOT NULL,
	"system_id" uuid NOT NULL,
	"project_id" uuid,
	"total" bigint DEFAULT 0 NOT NULL,
	"successful" bigint DEFAULT 0 NOT NULL,
	"failed" bigint DEFAULT 0 NOT NULL,
	"not_started" bigint DEFAULT 0 NOT NULL,
	"waiting" bigint DEFAULT 0 NOT NULL,
	"restarts" bigint DEFAULT 0 NOT NULL,
	"not_deleted" bigint DEFAULT 0 NOT NULL,
	"documents" bigint DEFAULT 0 NOT NULL,
	"pages" bigint DEFAULT 0 NOT NULL,
	"ocr_documents" bigint DEFAULT 0 NOT NULL,
	"ocr_pages" bigint DEFAULT 0 NOT NULL,
	"bytes_in" bigint DEFAULT 0 NOT NULL,
	"bytes_out" bigint DEFAULT 0 NOT NULL,
	"duration_count" bigint DEFAULT 0 NOT NULL,
	"duration_sum_ms" bigint DEFAULT 0 NOT NULL,
	"duration_max_ms" bigint DEFAULT 0 NOT NULL,
	"duration_le_1s" bigint DEFAULT 0 NOT NULL,
	"duration_le_5s" bigint DEFAULT 0 NOT NULL,
	"duration_le_15s" bigint DEFAULT 0 NOT NULL,
	"duration_le_60s" bigint DEFAULT 0 NOT NULL,
	"duration_le_300s" bigint DEFAULT 0 NOT NULL,
	"rolled" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "job_stats_monthly_key" UNIQUE NULLS NOT DISTINCT("month","system_id","project_id")
);
--> statement-breakpoint
CREATE TABLE "worker_processes" (
	"id" text PRIMARY KEY NOT NULL,
	"host" text NOT NULL,
	"pid" integer NOT NULL,
	"kind" text NOT NULL,
	"slots" integer NOT NULL,
	"busy" integer DEFAULT 0 NOT NULL,
	"started" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "audit_trail_time_idx";--> statement-breakpoint
DROP INDEX "audit_trail_system_time_idx";--> statement-breakpoint
CREATE INDEX "archived_periods_target_idx" ON "archived_periods" USING btree ("type","target","period_end");--> statement-breakpoint
CREATE INDEX "downloads_system_type_created_idx" ON "downloads" USING btree ("system_id","type","created" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "downloads_type_created_idx" ON "downloads" USING btree ("type","created" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "job_stats_daily_system_day_idx" ON "job_stats_daily" USING btree ("system_id","day");--> statement-breakpoint
CREATE INDEX "job_stats_daily_pending_idx" ON "job_stats_daily" USING btree ("day") WHERE "job_stats_daily"."rolled_up" = false;--> statement-breakpoint
CREATE INDEX "job_stats_delta_system_day_idx" ON "job_stats_delta" USING btree ("system_id","day");--> statement-breakpoint
CREATE INDEX "job_stats_monthly_system_month_idx" ON "job_stats_monthly" USING btree ("system_id","month");--> statement-breakpoint
CREATE INDEX "audit_trail_system_project_idx" ON "audit_trail" USING btree ("system_id","project","timestamp","id");--> statement-breakpoint
CREATE INDEX "audit_trail_system_user_idx" ON "audit_trail" USING btree ("system_id","username","timestamp","id");--> statement-breakpoint
CREATE INDEX "audit_trail_value_trgm_idx" ON "audit_trail" USING gin ("value" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "job_metrics_finished_idx" ON "job_metrics" USING btree ("finished","job_id");--> statement-breakpoint
CREATE INDEX "job_metrics_system_duration_idx" ON "job_metrics" USING btree ("system_id","duration_ms" DESC NULLS LAST,"job_id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "job_metrics_project_duration_idx" ON "job_metrics" USING btree ("project_id","duration_ms" DESC NULLS LAST,"job_id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_trail_time_idx" ON "audit_trail" USING btree ("timestamp","id");--> statement-breakpoint
CREATE INDEX "audit_trail_system_time_idx" ON "audit_trail" USING btree ("system_id","timestamp","id");