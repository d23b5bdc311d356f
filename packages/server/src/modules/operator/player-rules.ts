/**
 * What the operator's data about a player changes in the player's own flows:
 * - the player's limits (player_limits) narrow the limits of every pay group the player sees in
 *   init and select and is held to on submit (domain narrowLimitsForPlayer);
 * - the player's country decides the pay groups offered while the brand filters by country
 *   (domain isOfferedInCountry);
 * - the brand's verification rules (brands.verified_flows) refuse a payment of a listed flow by a
 *   player who is not verified (1811, translated by the widget);
 * - a blocked player pays nothing: the sessions ended when the block was set, and a submit that
 *   raced the block is refused as an expired session (17).
 *
 * @packageDocumentation
 */
import { and, eq } from 'drizzle-orm';
import type { PaymentFlow, StoredLimits } from '@cashdesk/domain';
import type { Executor } from '../../db/open';
import { playerLimits, players } from '../../db/schema';
import { ApiError } from '../../http/api-error';

/** What the operator's data about a player changes in the pay groups the player sees. */
export interface PlayerRules {
  /** The player's own limits of the flow and currency, `null` when the operator set none. */
  readonly limits: StoredLimits | null;
  /** The player's country (ISO alpha-2), `null` when unknown. */
  readonly country: string | null;
}

/** The player's own limits of a flow and currency and the player's country, in one statement. */
export async function loadPlayerRules(
  db: Executor,
  playerId: string,
  flow: PaymentFlow,
  currency: string,
): Promise<PlayerRules> {
  const [row] = await db
    .select({
      country: players.country,
      limited: playerLimits.playerId,
      min: playerLimits.minAmount,
      max: playerLimits.maxAmount,
    })
    .from(players)
    .leftJoin(
      playerLimits,
      and(
        eq(playerLimits.playerId, players.id),
        eq(playerLimits.flow, flow),
        eq(playerLimits.currency, currency),
      ),
    )
    .where(eq(players.id, playerId));
  if (row === undefined) return { limits: null, country: null };
  return {
    limits: row.limited === null ? null : { min: row.min, max: row.max },
    country: row.country,
  };
}

/**
 * Whether the player may start a payment of `flow` as far as verification goes: verified when the
 * brand's rules ask it for the flow. (A blocked player never gets here: the player's figures end
 * the session first, pay-groups playerFigures.)
 *
 * @throws {ApiError} playerVerificationRequired (1811).
 */
export function checkVerification(
  player: { readonly status: string; readonly verifiedFlows: readonly string[] },
  flow: PaymentFlow,
): void {
  if (player.verifiedFlows.includes(flow) && player.status !== 'verified') {
    throw new ApiError('playerVerificationRequired', {
      detail: `${flow} needs a verified player (${player.status})`,
    });
  }
}
