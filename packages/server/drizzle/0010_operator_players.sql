CREATE TYPE "public"."player_verification_status" AS ENUM('unverified', 'pending', 'verified');--> statement-breakpoint
CREATE TABLE "player_limits" (
	"player_id" uuid NOT NULL,
	"flow" "payment_flow" NOT NULL,
	"currency" text NOT NULL,
	"min_amount" numeric(24, 10),
	"max_amount" numeric(24, 10),
	CONSTRAINT "player_limits_pk" PRIMARY KEY("player_id","flow","currency"),
	CONSTRAINT "player_limits_order" CHECK ("player_limits"."min_amount" is null or "player_limits"."max_amount" is null or "player_limits"."min_amount" <= "player_limits"."max_amount"),
	CONSTRAINT "player_limits_some_bound" CHECK ("player_limits"."min_amount" is not null or "player_limits"."max_amount" is not null)
);
--> statement-breakpoint
ALTER TABLE "brands" ADD COLUMN "verified_flows" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "players" ADD COLUMN "verification_status" "player_verification_status" DEFAULT 'unverified' NOT NULL;--> statement-breakpoint
ALTER TABLE "players" ADD COLUMN "blocked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "players" ADD COLUMN "block_reason" text;--> statement-breakpoint
ALTER TABLE "player_limits" ADD CONSTRAINT "player_limits_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "player_limits" ADD CONSTRAINT "player_limits_currency_currencies_alpha3_fk" FOREIGN KEY ("currency") REFERENCES "public"."currencies"("alpha3") ON DELETE no action ON UPDATE no action;