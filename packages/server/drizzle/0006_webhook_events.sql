CREATE TYPE "public"."webhook_event_state" AS ENUM('pending', 'delivered', 'dead');--> statement-breakpoint
CREATE TABLE "webhook_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "webhook_events_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"type" text NOT NULL,
	"brand_id" text NOT NULL,
	"transaction_id" uuid,
	"payload" jsonb NOT NULL,
	"state" "webhook_event_state" DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone,
	"lease_owner" text,
	"lease_until" timestamp with time zone,
	"last_attempt_at" timestamp with time zone,
	"last_status_code" integer,
	"last_error" text,
	"delivered_at" timestamp with time zone,
	"dead_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "webhook_events_attempts_not_negative" CHECK ("webhook_events"."attempts" >= 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "webhook_events_seq" ON "webhook_events" USING btree ("seq");--> statement-breakpoint
CREATE INDEX "webhook_events_pending" ON "webhook_events" USING btree ("seq") WHERE "webhook_events"."state" = 'pending';--> statement-breakpoint
CREATE INDEX "webhook_events_transaction_pending" ON "webhook_events" USING btree ("transaction_id","seq") WHERE "webhook_events"."state" = 'pending' and "webhook_events"."transaction_id" is not null;