CREATE TABLE "learn_clusters" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" uuid NOT NULL,
	"system_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"name" text,
	"complete" boolean DEFAULT false NOT NULL,
	"locked_by" uuid,
	"locked_by_name" text,
	"locked_at" timestamp with time zone,
	"size" integer DEFAULT 0 NOT NULL,
	"centroid" "bytea",
	"keywords" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"updated" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "learn_documents" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"project_id" uuid NOT NULL,
	"system_id" uuid NOT NULL,
	"job_id" bigint,
	"file" text NOT NULL,
	"text" text NOT NULL,
	"pages" integer NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"cluster_id" uuid,
	"vector" "bytea",
	"learned_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "learn_models" (
	"project_id" uuid PRIMARY KEY NOT NULL,
	"model" jsonb NOT NULL,
	"documents" integer NOT NULL,
	"fitted" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "learn_runs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"project_id" uuid NOT NULL,
	"system_id" uuid NOT NULL,
	"state" text DEFAULT 'Waiting' NOT NULL,
	"trigger" text NOT NULL,
	"only_changed" boolean DEFAULT true NOT NULL,
	"requested_by" uuid,
	"requested_by_name" text,
	"total" integer DEFAULT 0 NOT NULL,
	"done" integer DEFAULT 0 NOT NULL,
	"summary" jsonb,
	"error_code" text,
	"error_message" text,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"started" timestamp with time zone,
	"finished" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "linked_project_id" uuid;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "learn_settings" jsonb;--> statement-breakpoint
ALTER TABLE "learn_clusters" ADD CONSTRAINT "learn_clusters_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "learn_clusters" ADD CONSTRAINT "learn_clusters_system_id_systems_id_fk" FOREIGN KEY ("system_id") REFERENCES "public"."systems"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "learn_clusters" ADD CONSTRAINT "learn_clusters_locked_by_users_id_fk" FOREIGN KEY ("locked_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "learn_documents" ADD CONSTRAINT "learn_documents_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "learn_documents" ADD CONSTRAINT "learn_documents_system_id_systems_id_fk" FOREIGN KEY ("system_id") REFERENCES "public"."systems"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "learn_documents" ADD CONSTRAINT "learn_documents_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "learn_documents" ADD CONSTRAINT "learn_documents_cluster_id_learn_clusters_id_fk" FOREIGN KEY ("cluster_id") REFERENCES "public"."learn_clusters"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "learn_models" ADD CONSTRAINT "learn_models_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "learn_runs" ADD CONSTRAINT "learn_runs_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "learn_runs" ADD CONSTRAINT "learn_runs_system_id_systems_id_fk" FOREIGN KEY ("system_id") REFERENCES "public"."systems"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "learn_runs" ADD CONSTRAINT "learn_runs_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "learn_clusters_project_number_idx" ON "learn_clusters" USING btree ("project_id","number");--> statement-breakpoint
CREATE UNIQUE INDEX "learn_clusters_project_name_idx" ON "learn_clusters" USING btree ("project_id",lower("name")) WHERE "learn_clusters"."name" is not null;--> statement-breakpoint
CREATE INDEX "learn_clusters_locked_idx" ON "learn_clusters" USING btree ("locked_at") WHERE "learn_clusters"."locked_at" is not null;--> statement-breakpoint
CREATE INDEX "learn_documents_project_cluster_idx" ON "learn_documents" USING btree ("project_id","cluster_id");--> statement-breakpoint
CREATE INDEX "learn_documents_pending_idx" ON "learn_documents" USING btree ("project_id") WHERE "learn_documents"."learned_at" is null;--> statement-breakpoint
CREATE INDEX "learn_documents_job_idx" ON "learn_documents" USING btree ("job_id");--> statement-breakpoint
CREATE INDEX "learn_runs_project_idx" ON "learn_runs" USING btree ("project_id","created");--> statement-breakpoint
CREATE UNIQUE INDEX "learn_runs_one_open_idx" ON "learn_runs" USING btree ("project_id") WHERE "learn_runs"."state" in ('Waiting', 'Running');--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_linked_project_id_projects_id_fk" FOREIGN KEY ("linked_project_id") REFERENCES "public"."projects"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "projects_linked_project_idx" ON "projects" USING btree ("linked_project_id");