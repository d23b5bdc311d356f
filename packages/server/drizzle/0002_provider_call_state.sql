CREATE TYPE "public"."provider_call_state" AS ENUM('pending', 'sending', 'unknown', 'done');--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD COLUMN "transaction_id" uuid;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD COLUMN "owner" text;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD COLUMN "lease_until" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "call_state" "provider_call_state" DEFAULT 'done' NOT NULL;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "call_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "provider_request" jsonb;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "lease_owner" text;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "lease_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "next_check_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_transaction_id_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."transactions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "transactions_next_check" ON "transactions" USING btree ("next_check_at") WHERE "transactions"."next_check_at" is not null;--> statement-breakpoint
-- Transactions of an earlier version that never got their provider's answer are handed to the reconciler: the outcome of a `created` one is unknown, a waiting one is checked at once.
UPDATE "transactions" SET "call_state" = 'unknown', "next_check_at" = now() WHERE "status" = 'created';--> statement-breakpoint
UPDATE "transactions" SET "next_check_at" = now() WHERE "status" IN ('processing', 'await');
