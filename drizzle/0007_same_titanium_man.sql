CREATE TABLE "scheduler_task_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"task_id" uuid NOT NULL,
	"started" timestamp with time zone NOT NULL,
	"finished" timestamp with time zone,
	"outcome" text NOT NULL,
	"message" text,
	"worker_id" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "scheduler_tasks" ADD COLUMN "locked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "scheduler_tasks" ADD COLUMN "last_outcome" text;--> statement-breakpoint
ALTER TABLE "scheduler_tasks" ADD COLUMN "last_message" text;--> statement-breakpoint
ALTER TABLE "scheduler_task_runs" ADD CONSTRAINT "scheduler_task_runs_task_id_scheduler_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."scheduler_tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "scheduler_task_runs_task_idx" ON "scheduler_task_runs" USING btree ("task_id","started");--> statement-breakpoint
CREATE INDEX "scheduler_tasks_due_idx" ON "scheduler_tasks" USING btree ("next_date_time") WHERE "scheduler_tasks"."disabled" = false;--> statement-breakpoint
CREATE INDEX "scheduler_tasks_forced_idx" ON "scheduler_tasks" USING btree ("id") WHERE "scheduler_tasks"."force_trigger" = true and "scheduler_tasks"."disabled" = false;