CREATE TABLE "audit_trail" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"timestamp" timestamp with time zone DEFAULT now() NOT NULL,
	"category" text NOT NULL,
	"operation" text NOT NULL,
	"system_id" uuid,
	"project_id" text,
	"project" text,
	"user_id" uuid,
	"username" text NOT NULL,
	"deputy" text,
	"value" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "scheduler_tasks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"system_id" uuid NOT NULL,
	"name" text NOT NULL,
	"function" text NOT NULL,
	"is_internal" boolean DEFAULT false NOT NULL,
	"disabled" boolean DEFAULT false NOT NULL,
	"on_start" boolean DEFAULT false NOT NULL,
	"on_stop" boolean DEFAULT false NOT NULL,
	"continuously_is_active" boolean DEFAULT false NOT NULL,
	"continuously_minutes" integer DEFAULT 0 NOT NULL,
	"daily_is_active" boolean DEFAULT false NOT NULL,
	"daily_date_time" text,
	"weekly_is_active" boolean DEFAULT false NOT NULL,
	"weekly_date_time" text,
	"weekdays" text[] DEFAULT '{}' NOT NULL,
	"last_date_time" timestamp with time zone,
	"next_date_time" timestamp with time zone,
	"force_trigger" boolean DEFAULT false NOT NULL,
	"locked_by" text,
	"configuration" text DEFAULT '{}' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "schedulers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"system_id" uuid NOT NULL,
	"check_interval" integer DEFAULT 60 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"token_hash" text NOT NULL,
	"refresh_token_hash" text,
	"valid_until" timestamp with time zone NOT NULL,
	"refresh_valid_until" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "systems" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"type" text DEFAULT 'Local' NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"can_read_global_resources" boolean DEFAULT false NOT NULL,
	"activation_code" text,
	"licence_id" text,
	"derpcs_url" text,
	"ccs_api_key_enc" text,
	"csb_url" text,
	"csb_user" text,
	"csb_password_enc" text,
	"csb_system" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"system_id" uuid NOT NULL,
	"name" text NOT NULL,
	"full_name" text DEFAULT '' NOT NULL,
	"email_address" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"roles" text[] DEFAULT '{}'::text[] NOT NULL,
	"language" text DEFAULT 'en-US' NOT NULL,
	"requires_password_change" boolean DEFAULT false NOT NULL,
	"type" text DEFAULT 'Local' NOT NULL,
	"password_hash" text,
	"failed_access_count" integer DEFAULT 0 NOT NULL,
	"lockout_end" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "scheduler_tasks" ADD CONSTRAINT "scheduler_tasks_system_id_systems_id_fk" FOREIGN KEY ("system_id") REFERENCES "public"."systems"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedulers" ADD CONSTRAINT "schedulers_system_id_systems_id_fk" FOREIGN KEY ("system_id") REFERENCES "public"."systems"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_system_id_systems_id_fk" FOREIGN KEY ("system_id") REFERENCES "public"."systems"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_trail_time_idx" ON "audit_trail" USING btree ("timestamp");--> statement-breakpoint
CREATE INDEX "audit_trail_system_time_idx" ON "audit_trail" USING btree ("system_id","timestamp");--> statement-breakpoint
CREATE UNIQUE INDEX "scheduler_tasks_system_name_idx" ON "scheduler_tasks" USING btree ("system_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "schedulers_system_idx" ON "schedulers" USING btree ("system_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sessions_token_hash_idx" ON "sessions" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "sessions_refresh_hash_idx" ON "sessions" USING btree ("refresh_token_hash");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "systems_name_lower_idx" ON "systems" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "users_system_name_idx" ON "users" USING btree ("system_id","name");--> statement-breakpoint
CREATE INDEX "users_email_lower_idx" ON "users" USING btree (lower("email_address"));