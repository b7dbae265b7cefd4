CREATE TABLE "learn_exports" (
	"project_id" uuid PRIMARY KEY NOT NULL,
	"learn_project_id" uuid NOT NULL,
	"model" jsonb NOT NULL,
	"similarity" double precision NOT NULL,
	"classes" integer NOT NULL,
	"exported" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "learn_runs" ADD COLUMN "worker_id" text;--> statement-breakpoint
ALTER TABLE "learn_runs" ADD COLUMN "heartbeat" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "learn_runs" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "learn_exports" ADD CONSTRAINT "learn_exports_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "learn_exports" ADD CONSTRAINT "learn_exports_learn_project_id_projects_id_fk" FOREIGN KEY ("learn_project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;