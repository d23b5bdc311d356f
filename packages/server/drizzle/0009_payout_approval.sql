ALTER TYPE "public"."provider_call_state" ADD VALUE 'approval';--> statement-breakpoint
ALTER TABLE "brands" ADD COLUMN "payout_approval" boolean DEFAULT false NOT NULL;