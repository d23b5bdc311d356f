-- The back office's staff: accounts (per brand, or administrators across brands), their sessions
-- (only the SHA-256 of the cookie's id) and the invitation and password reset links (only the
-- SHA-256 of the token). New tables only: safe on a database that has data.
CREATE TABLE "staff_accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"brand_id" text,
	"email" text NOT NULL,
	"name" text NOT NULL,
	"role" text NOT NULL,
	"state" text DEFAULT 'invited' NOT NULL,
	"password_hash" text,
	"totp_secret" text,
	"totp_last_step" bigint,
	"failed_sign_ins" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_sign_in_at" timestamp with time zone,
	CONSTRAINT "staff_accounts_role" CHECK ("staff_accounts"."role" in ('administrator', 'owner', 'finance', 'support', 'developer')),
	CONSTRAINT "staff_accounts_state" CHECK ("staff_accounts"."state" in ('invited', 'active', 'disabled')),
	CONSTRAINT "staff_accounts_brand_of_role" CHECK (("staff_accounts"."role" = 'administrator') = ("staff_accounts"."brand_id" is null))
);
--> statement-breakpoint
CREATE TABLE "staff_links" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"staff_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	CONSTRAINT "staff_links_kind" CHECK ("staff_links"."kind" in ('invitation', 'reset'))
);
--> statement-breakpoint
CREATE TABLE "staff_sessions" (
	"id_hash" text PRIMARY KEY NOT NULL,
	"staff_id" uuid NOT NULL,
	"stage" text NOT NULL,
	"csrf_token" text NOT NULL,
	"pending_totp_secret" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone NOT NULL,
	CONSTRAINT "staff_sessions_stage" CHECK ("staff_sessions"."stage" in ('second_factor', 'enrol_second_factor', 'signed_in'))
);
--> statement-breakpoint
ALTER TABLE "staff_accounts" ADD CONSTRAINT "staff_accounts_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_links" ADD CONSTRAINT "staff_links_staff_id_staff_accounts_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_sessions" ADD CONSTRAINT "staff_sessions_staff_id_staff_accounts_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "staff_accounts_email" ON "staff_accounts" USING btree ("email");--> statement-breakpoint
CREATE INDEX "staff_accounts_brand" ON "staff_accounts" USING btree ("brand_id");--> statement-breakpoint
CREATE INDEX "staff_links_staff" ON "staff_links" USING btree ("staff_id");--> statement-breakpoint
CREATE INDEX "staff_sessions_staff" ON "staff_sessions" USING btree ("staff_id");