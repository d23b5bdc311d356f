-- Issue 17: what the widget reports. clickstream_events holds the SPEC §7 clickstream published to
-- clickstream:track; client_reports the SPEC §4/§8 render crashes and errors with their breadcrumbs.
-- Both are kept for a bounded time (pruned by received_at) and hold no card data or session id.
CREATE TABLE "clickstream_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "clickstream_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"brand_id" text NOT NULL,
	"player_id" uuid,
	"clickstream_id" text,
	"type" text NOT NULL,
	"payload" jsonb NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "client_reports" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "client_reports_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"brand_id" text,
	"player_id" uuid,
	"kind" text NOT NULL,
	"message" text NOT NULL,
	"stack" text,
	"page" text NOT NULL,
	"release" text,
	"user_agent" text,
	"trace_sampled" boolean NOT NULL,
	"breadcrumbs" jsonb NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "clickstream_events" ADD CONSTRAINT "clickstream_events_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clickstream_events" ADD CONSTRAINT "clickstream_events_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_reports" ADD CONSTRAINT "client_reports_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_reports" ADD CONSTRAINT "client_reports_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "clickstream_events_brand_received" ON "clickstream_events" USING btree ("brand_id","received_at");--> statement-breakpoint
CREATE INDEX "clickstream_events_received" ON "clickstream_events" USING btree ("received_at");--> statement-breakpoint
CREATE INDEX "client_reports_brand_received" ON "client_reports" USING btree ("brand_id","received_at");--> statement-breakpoint
CREATE INDEX "client_reports_received" ON "client_reports" USING btree ("received_at");