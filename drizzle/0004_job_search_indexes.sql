DROP INDEX "jobs_system_created_idx";--> statement-breakpoint
DROP INDEX "jobs_system_state_idx";--> statement-breakpoint
CREATE INDEX "jobs_system_priority_idx" ON "jobs" USING btree ("system_id","priority" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "jobs_system_created_idx" ON "jobs" USING btree ("system_id","created" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "jobs_system_state_idx" ON "jobs" USING btree ("system_id","state","created" DESC NULLS FIRST,"id" DESC NULLS FIRST);