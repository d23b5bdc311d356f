-- Refunds of succeeded deposits as their own records (status, provider call state, idempotency
-- key, what each takes back from the balance), manual adjustments of the internal ledger, the
-- sandbox's refunds, and the ledger's and the wallet queue's entries tied to a refund or an
-- adjustment: the one-entry-per-transaction-and-kind rule now holds for entries without a refund,
-- and one entry per refund and kind for the others.
CREATE TYPE "public"."refund_source" AS ENUM('operator', 'provider');--> statement-breakpoint
CREATE TYPE "public"."refund_status" AS ENUM('requested', 'succeeded', 'failed');--> statement-breakpoint
ALTER TYPE "public"."ledger_kind" ADD VALUE 'refund_return';--> statement-breakpoint
ALTER TYPE "public"."ledger_kind" ADD VALUE 'adjustment';--> statement-breakpoint
CREATE TABLE "adjustments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"player_id" uuid NOT NULL,
	"currency" text NOT NULL,
	"amount" numeric(24, 10) NOT NULL,
	"reason" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"request_hash" text NOT NULL,
	"requested_by" text NOT NULL,
	"balance_after" numeric(24, 10) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "adjustments_amount_not_zero" CHECK ("adjustments"."amount" <> 0)
);
--> statement-breakpoint
CREATE TABLE "refunds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"transaction_id" uuid NOT NULL,
	"player_id" uuid NOT NULL,
	"amount" numeric(24, 10) NOT NULL,
	"currency" text NOT NULL,
	"debit" numeric(24, 10) NOT NULL,
	"reason" text NOT NULL,
	"status" "refund_status" DEFAULT 'requested' NOT NULL,
	"source" "refund_source" NOT NULL,
	"allow_negative_balance" boolean DEFAULT false NOT NULL,
	"call_state" "provider_call_state" DEFAULT 'pending' NOT NULL,
	"call_attempts" integer DEFAULT 0 NOT NULL,
	"provider_reference" text,
	"failure_reason" text,
	"idempotency_key" text,
	"request_hash" text,
	"requested_by" text,
	"provider_event_id" text,
	"lease_owner" text,
	"lease_until" timestamp with time zone,
	"next_check_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "refunds_amount_positive" CHECK ("refunds"."amount" > 0),
	CONSTRAINT "refunds_debit_not_negative" CHECK ("refunds"."debit" >= 0)
);
--> statement-breakpoint
CREATE TABLE "sandbox_refunds" (
	"refund_id" text PRIMARY KEY NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "sandbox_refunds_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"ref" text NOT NULL,
	"payment_ref" text NOT NULL,
	"amount" text NOT NULL,
	"currency" text NOT NULL,
	"outcome" text NOT NULL,
	"failure_reason" text,
	"settles_to" text,
	"settles_at" timestamp with time zone,
	"calls" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_refunds_outcome" CHECK ("sandbox_refunds"."outcome" in ('succeeded', 'failed', 'pending'))
);
--> statement-breakpoint
DROP INDEX "ledger_entries_transaction_kind";--> statement-breakpoint
DROP INDEX "wallet_operations_transaction_kind";--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD COLUMN "refund_id" uuid;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD COLUMN "adjustment_id" uuid;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "refunded_amount" numeric(24, 10) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "wallet_operations" ADD COLUMN "refund_id" uuid;--> statement-breakpoint
ALTER TABLE "adjustments" ADD CONSTRAINT "adjustments_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "adjustments" ADD CONSTRAINT "adjustments_currency_currencies_alpha3_fk" FOREIGN KEY ("currency") REFERENCES "public"."currencies"("alpha3") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_transaction_id_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."transactions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_currency_currencies_alpha3_fk" FOREIGN KEY ("currency") REFERENCES "public"."currencies"("alpha3") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "adjustments_player_idempotency_key" ON "adjustments" USING btree ("player_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "adjustments_player_created" ON "adjustments" USING btree ("player_id","created_at");--> statement-breakpoint
CREATE INDEX "refunds_transaction" ON "refunds" USING btree ("transaction_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_transaction_idempotency_key" ON "refunds" USING btree ("transaction_id","idempotency_key") WHERE "refunds"."idempotency_key" is not null;--> statement-breakpoint
CREATE INDEX "refunds_next_check" ON "refunds" USING btree ("next_check_at") WHERE "refunds"."next_check_at" is not null;--> statement-breakpoint
CREATE INDEX "sandbox_refunds_payment" ON "sandbox_refunds" USING btree ("payment_ref");--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_refund_id_refunds_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."refunds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_adjustment_id_adjustments_id_fk" FOREIGN KEY ("adjustment_id") REFERENCES "public"."adjustments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_operations" ADD CONSTRAINT "wallet_operations_refund_id_refunds_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."refunds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_entries_refund_kind" ON "ledger_entries" USING btree ("refund_id","kind") WHERE "ledger_entries"."refund_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_entries_adjustment" ON "ledger_entries" USING btree ("adjustment_id") WHERE "ledger_entries"."adjustment_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_operations_refund_kind" ON "wallet_operations" USING btree ("refund_id","kind") WHERE "wallet_operations"."refund_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_entries_transaction_kind" ON "ledger_entries" USING btree ("transaction_id","kind") WHERE "ledger_entries"."transaction_id" is not null and "ledger_entries"."refund_id" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_operations_transaction_kind" ON "wallet_operations" USING btree ("transaction_id","kind") WHERE "wallet_operations"."refund_id" is null;