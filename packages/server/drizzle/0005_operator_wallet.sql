CREATE TYPE "public"."wallet_kind" AS ENUM('internal', 'operator');--> statement-breakpoint
CREATE TYPE "public"."wallet_operation_kind" AS ENUM('reserve', 'credit', 'commit', 'release', 'reverse');--> statement-breakpoint
CREATE TYPE "public"."wallet_operation_state" AS ENUM('pending', 'done', 'refused', 'abandoned');--> statement-breakpoint
CREATE TABLE "wallet_operations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"transaction_id" uuid NOT NULL,
	"kind" "wallet_operation_kind" NOT NULL,
	"player_id" uuid NOT NULL,
	"currency" text NOT NULL,
	"amount" numeric(24, 10) NOT NULL,
	"bonus" numeric(24, 10) DEFAULT '0' NOT NULL,
	"state" "wallet_operation_state" DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone,
	"lease_owner" text,
	"lease_until" timestamp with time zone,
	"answer" jsonb,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"answered_at" timestamp with time zone,
	CONSTRAINT "wallet_operations_amount_positive" CHECK ("wallet_operations"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "wallet" "wallet_kind" DEFAULT 'internal' NOT NULL;--> statement-breakpoint
ALTER TABLE "wallet_operations" ADD CONSTRAINT "wallet_operations_transaction_id_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_operations" ADD CONSTRAINT "wallet_operations_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_operations" ADD CONSTRAINT "wallet_operations_currency_currencies_alpha3_fk" FOREIGN KEY ("currency") REFERENCES "public"."currencies"("alpha3") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_operations_transaction_kind" ON "wallet_operations" USING btree ("transaction_id","kind");--> statement-breakpoint
CREATE INDEX "wallet_operations_due" ON "wallet_operations" USING btree ("next_attempt_at") WHERE "wallet_operations"."state" = 'pending';