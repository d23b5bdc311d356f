-- Issue 16: the player's figures as a SQL function the planner inlines into the statement that
-- calls it. On PostgreSQL the server calls "cashdesk_player_figures_query" itself, as a named
-- prepared statement: its plan is the statement's, kept by the connection, without PL/pgSQL's
-- executor around it (the database's CPU per call measured 75-132 us against 122-165 us through
-- the PL/pgSQL function). PGlite keeps no named statements, so it calls "cashdesk_player_figures",
-- now a PL/pgSQL wrapper of the same query: PL/pgSQL keeps the plan of its statement, with the
-- query inlined, per connection. One query, two ways in (services/pay-groups.ts playerFigures).
-- Inlined because: LANGUAGE sql, STABLE, one SELECT, not STRICT, no SECURITY DEFINER, no SET.
CREATE FUNCTION "cashdesk_player_figures_query"(
	"for_player" uuid,
	"for_brand" text,
	"for_currency" text,
	"for_flow" "payment_flow",
	"with_bonuses" boolean
) RETURNS TABLE (
	"blocked" boolean,
	"external_id" text,
	"verification_status" text,
	"country" text,
	"phone" text,
	"email" text,
	"first_name" text,
	"last_name" text,
	"config_version" bigint,
	"balance" text,
	"reserved" text,
	"wager_remaining" text,
	"last_used_id" integer,
	"limit_min" text,
	"limit_max" text,
	"bonuses" json
) LANGUAGE sql STABLE AS $$
	SELECT
		p.blocked_at IS NOT NULL,
		p.external_id,
		p.verification_status::text,
		p.country,
		p.phone,
		p.email,
		p.first_name,
		p.last_name,
		b.config_version,
		pb.balance::text,
		pb.reserved::text,
		pb.wager_remaining::text,
		(SELECT u.pay_group_id FROM last_used_methods u
			WHERE u.player_id = p.id AND u.flow = for_flow),
		l.min_amount::text,
		l.max_amount::text,
		CASE WHEN with_bonuses THEN
			(SELECT coalesce(json_agg(json_build_object(
				'description', bo.description,
				'absolute', bo.absolute_value::text,
				'percent', bo.percent_value::text,
				'max', bo.max_value::text,
				'min_deposit', bo.min_deposit_amount::text,
				'max_deposit', bo.max_deposit_amount::text,
				'pay_groups', (SELECT coalesce(json_agg(g.pay_group_id ORDER BY g.pay_group_id), '[]'::json)
					FROM bonus_pay_groups g WHERE g.bonus_id = bo.id)
			) ORDER BY bo.id), '[]'::json)
			FROM bonuses bo WHERE bo.player_id = p.id AND bo.active)
		ELSE '[]'::json END
	FROM players p
	JOIN brands b ON b.id = for_brand
	LEFT JOIN player_balances pb ON pb.player_id = p.id AND pb.currency = for_currency
	LEFT JOIN player_limits l ON l.player_id = p.id AND l.flow = for_flow AND l.currency = for_currency
	WHERE p.id = for_player;
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "cashdesk_player_figures"(
	"for_player" uuid,
	"for_brand" text,
	"for_currency" text,
	"for_flow" "payment_flow",
	"with_bonuses" boolean
) RETURNS TABLE (
	"blocked" boolean,
	"external_id" text,
	"verification_status" text,
	"country" text,
	"phone" text,
	"email" text,
	"first_name" text,
	"last_name" text,
	"config_version" bigint,
	"balance" text,
	"reserved" text,
	"wager_remaining" text,
	"last_used_id" integer,
	"limit_min" text,
	"limit_max" text,
	"bonuses" json
) LANGUAGE plpgsql STABLE AS $$
BEGIN
	RETURN QUERY SELECT * FROM "cashdesk_player_figures_query"(for_player, for_brand, for_currency,
		for_flow, with_bonuses);
END
$$;
