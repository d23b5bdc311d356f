-- Issue 19: a player's card is saved once. Saving the same card again (same BIN, last four and
-- expiry) gave a second entry in the player's list. Earlier duplicates are hidden as the player's
-- own removal would hide them (deleted_at; transactions keep referring to them), keeping the
-- oldest entry of each card, then one visible entry per card is enforced.
UPDATE "saved_cards" AS "later" SET "deleted_at" = now()
WHERE "later"."deleted_at" IS NULL AND EXISTS (
	SELECT 1 FROM "saved_cards" AS "earlier"
	WHERE "earlier"."player_id" = "later"."player_id"
		AND "earlier"."bin" = "later"."bin"
		AND "earlier"."last4" = "later"."last4"
		AND "earlier"."exp_month" = "later"."exp_month"
		AND "earlier"."exp_year" = "later"."exp_year"
		AND "earlier"."deleted_at" IS NULL
		AND ("earlier"."created_at", "earlier"."id") < ("later"."created_at", "later"."id")
);--> statement-breakpoint
CREATE UNIQUE INDEX "saved_cards_player_card" ON "saved_cards" USING btree ("player_id","bin","last4","exp_month","exp_year") WHERE "saved_cards"."deleted_at" is null;
