CREATE TABLE "licence_children" (
	"parent_id" text NOT NULL,
	"child_id" text NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "licence_children_parent_id_child_id_pk" PRIMARY KEY("parent_id","child_id")
);
--> statement-breakpoint
CREATE TABLE "licence_usage" (
	"licence_id" text NOT NULL,
	"feature_id" text NOT NULL,
	"period" text NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "licence_usage_licence_id_feature_id_period_pk" PRIMARY KEY("licence_id","feature_id","period")
);
--> statement-breakpoint
CREATE TABLE "licences" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"customer" text DEFAULT '' NOT NULL,
	"expiration" date,
	"station" text DEFAULT '' NOT NULL,
	"mac" text DEFAULT '' NOT NULL,
	"issued" text DEFAULT '' NOT NULL,
	"features" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"is_virtual" boolean DEFAULT false NOT NULL,
	"source" text NOT NULL,
	"content" text,
	"system_id" uuid,
	"alert_configuration" jsonb DEFAULT '{"dateStage1":30,"dateStage2":7,"counterStage1":80,"counterStage2":95}'::jsonb NOT NULL,
	"csb_url" text,
	"csb_customer" text,
	"csb_username" text,
	"csb_password_enc" text,
	"refreshed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "licence_children" ADD CONSTRAINT "licence_children_parent_id_licences_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."licences"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "licence_children" ADD CONSTRAINT "licence_children_child_id_licences_id_fk" FOREIGN KEY ("child_id") REFERENCES "public"."licences"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "licence_usage" ADD CONSTRAINT "licence_usage_licence_id_licences_id_fk" FOREIGN KEY ("licence_id") REFERENCES "public"."licences"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "licences" ADD CONSTRAINT "licences_system_id_systems_id_fk" FOREIGN KEY ("system_id") REFERENCES "public"."systems"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "licence_children_child_idx" ON "licence_children" USING btree ("child_id");--> statement-breakpoint
CREATE INDEX "licences_virtual_idx" ON "licences" USING btree ("is_virtual");