ALTER TABLE "brands" ADD COLUMN "preview_of" text;--> statement-breakpoint
ALTER TABLE "brands" ADD COLUMN "preview_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "brands" ADD CONSTRAINT "brands_preview_of_brands_id_fk" FOREIGN KEY ("preview_of") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "brands_preview_expires" ON "brands" USING btree ("preview_expires_at") WHERE "brands"."preview_expires_at" is not null;--> statement-breakpoint
CREATE INDEX "client_reports_brand_id" ON "client_reports" USING btree ("brand_id","id");--> statement-breakpoint
CREATE INDEX "players_brand_created" ON "players" USING btree ("brand_id","created_at","id");--> statement-breakpoint
CREATE INDEX "webhook_events_brand_seq" ON "webhook_events" USING btree ("brand_id","seq");--> statement-breakpoint
CREATE INDEX "webhook_events_transaction_seq" ON "webhook_events" USING btree ("transaction_id","seq");--> statement-breakpoint
ALTER TABLE "brands" ADD CONSTRAINT "brands_preview_both_or_neither" CHECK (("brands"."preview_of" is null) = ("brands"."preview_expires_at" is null));