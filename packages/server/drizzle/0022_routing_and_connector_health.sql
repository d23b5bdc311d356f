CREATE TABLE "connector_health" (
	"connector" text PRIMARY KEY NOT NULL,
	"state" text DEFAULT 'closed' NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"calls" integer DEFAULT 0 NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"opened_at" timestamp with time zone,
	"probe_until" timestamp with time zone,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "connector_health_state" CHECK ("connector_health"."state" in ('closed', 'open'))
);
--> statement-breakpoint
ALTER TABLE "brands" ADD COLUMN "routing_rules" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "saved_cards" ADD COLUMN "connector" text;