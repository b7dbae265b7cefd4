CREATE TABLE "licence_alert_notices" (
	"licence_id" text NOT NULL,
	"task_id" uuid NOT NULL,
	"level" text NOT NULL,
	"notified_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "licence_alert_notices_licence_id_task_id_pk" PRIMARY KEY("licence_id","task_id")
);
--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "attempts_before" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "queued_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "priority_raised_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "licence_alert_notices" ADD CONSTRAINT "licence_alert_notices_licence_id_licences_id_fk" FOREIGN KEY ("licence_id") REFERENCES "public"."licences"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "licence_alert_notices" ADD CONSTRAINT "licence_alert_notices_task_id_scheduler_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."scheduler_tasks"("id") ON DELETE cascade ON UPDATE no action;