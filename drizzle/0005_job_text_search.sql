-- pg_trgm ships with PostgreSQL (contrib) and is a trusted extension: the database owner may create it
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "jobs_client_trgm_idx" ON "jobs" USING gin ("client" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "jobs_client_info_trgm_idx" ON "jobs" USING gin ("client_info" gin_trgm_ops);
