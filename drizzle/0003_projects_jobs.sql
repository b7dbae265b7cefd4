CREATE TABLE "job_files" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"job_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"content_type" text NOT NULL,
	"size" bigint NOT NULL,
	"is_multi_page" boolean DEFAULT false NOT NULL,
	"path" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "job_logs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"job_id" bigint NOT NULL,
	"time" timestamp with time zone DEFAULT now() NOT NULL,
	"level" text NOT NULL,
	"message" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "job_metrics" (
	"job_id" bigint PRIMARY KEY NOT NULL,
	"system_id" uuid NOT NULL,
	"project_id" uuid,
	"documents" integer NOT NULL,
	"pages" integer NOT NULL,
	"bytes_in" bigint NOT NULL,
	"bytes_out" bigint NOT NULL,
	"ocr_documents" integer DEFAULT 0 NOT NULL,
	"ocr_pages" integer DEFAULT 0 NOT NULL,
	"duration_ms" integer NOT NULL,
	"success" boolean NOT NULL,
	"finished" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "jobs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"auth_hash" text NOT NULL,
	"system_id" uuid NOT NULL,
	"project_id" uuid,
	"project_name" text NOT NULL,
	"creator_id" uuid,
	"creator" text DEFAULT '' NOT NULL,
	"state" text DEFAULT 'New' NOT NULL,
	"error_code" text,
	"error_message" text,
	"log_level" text DEFAULT 'Info' NOT NULL,
	"use_default_log_level" boolean DEFAULT true NOT NULL,
	"client" text DEFAULT '' NOT NULL,
	"client_info" text DEFAULT '' NOT NULL,
	"priority" integer DEFAULT 5 NOT NULL,
	"worker_process_id" text,
	"prevent_delete" boolean DEFAULT false NOT NULL,
	"properties" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"restarts" integer DEFAULT 0 NOT NULL,
	"lease_until" timestamp with time zone,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"assigned" timestamp with time zone,
	"started" timestamp with time zone,
	"finished" timestamp with time zone,
	"deleted" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "projects" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"system_id" uuid NOT NULL,
	"name" text NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"type" text DEFAULT 'Extraction' NOT NULL,
	"properties" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"version_properties" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"document_classes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"with_customizing" boolean DEFAULT false NOT NULL,
	"updating" boolean DEFAULT false NOT NULL,
	"submission_key_hash" text NOT NULL,
	"submission_key_sealed" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "job_files" ADD CONSTRAINT "job_files_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_logs" ADD CONSTRAINT "job_logs_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_metrics" ADD CONSTRAINT "job_metrics_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_system_id_systems_id_fk" FOREIGN KEY ("system_id") REFERENCES "public"."systems"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_system_id_systems_id_fk" FOREIGN KEY ("system_id") REFERENCES "public"."systems"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "job_files_job_idx" ON "job_files" USING btree ("job_id","kind");--> statement-breakpoint
CREATE INDEX "job_logs_job_idx" ON "job_logs" USING btree ("job_id","id");--> statement-breakpoint
CREATE INDEX "job_metrics_system_finished_idx" ON "job_metrics" USING btree ("system_id","finished");--> statement-breakpoint
CREATE INDEX "jobs_system_created_idx" ON "jobs" USING btree ("system_id","created" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "jobs_system_state_idx" ON "jobs" USING btree ("system_id","state");--> statement-breakpoint
CREATE INDEX "jobs_queue_idx" ON "jobs" USING btree ("priority" DESC NULLS LAST,"created") WHERE "jobs"."state" = 'Waiting';--> statement-breakpoint
CREATE INDEX "jobs_lease_idx" ON "jobs" USING btree ("lease_until") WHERE "jobs"."state" in ('Assigned', 'Processing');--> statement-breakpoint
CREATE UNIQUE INDEX "projects_system_name_idx" ON "projects" USING btree ("system_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "projects_submission_key_idx" ON "projects" USING btree ("submission_key_hash");