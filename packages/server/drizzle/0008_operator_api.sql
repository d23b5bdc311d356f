CREATE TABLE "operator_api_keys" (
	"id" text PRIMARY KEY NOT NULL,
	"brand_id" text NOT NULL,
	"label" text NOT NULL,
	"key_hash" text NOT NULL,
	"scopes" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "operator_api_keys_id_format" CHECK ("operator_api_keys"."id" ~ '^[a-z0-9]{12}$')
);
--> statement-breakpoint
CREATE TABLE "operator_audit_log" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "operator_audit_log_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"brand_id" text NOT NULL,
	"actor" text NOT NULL,
	"action" text NOT NULL,
	"target" text NOT NULL,
	"before" jsonb,
	"after" jsonb,
	"request_id" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "brands" ADD COLUMN "config_version" bigint DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "operator_api_keys" ADD CONSTRAINT "operator_api_keys_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "operator_api_keys_brand" ON "operator_api_keys" USING btree ("brand_id");--> statement-breakpoint
CREATE UNIQUE INDEX "operator_audit_log_brand_seq" ON "operator_audit_log" USING btree ("brand_id","seq");