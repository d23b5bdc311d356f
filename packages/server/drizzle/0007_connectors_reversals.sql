ALTER TYPE "public"."ledger_kind" ADD VALUE 'refund';--> statement-breakpoint
ALTER TYPE "public"."ledger_kind" ADD VALUE 'chargeback';--> statement-breakpoint
ALTER TYPE "public"."transaction_status" ADD VALUE 'refunded';--> statement-breakpoint
ALTER TYPE "public"."transaction_status" ADD VALUE 'charged_back';--> statement-breakpoint
ALTER TABLE "player_balances" DROP CONSTRAINT "player_balances_balance_not_negative";--> statement-breakpoint
DROP INDEX "transactions_provider_reference";--> statement-breakpoint
ALTER TABLE "pay_groups" ADD COLUMN "connector" text;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "connector" text;--> statement-breakpoint
CREATE UNIQUE INDEX "transactions_connector_provider_reference" ON "transactions" USING btree ("connector","provider_reference") WHERE "transactions"."provider_reference" is not null;