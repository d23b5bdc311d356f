/**
 * What the operator's data about a player changes in the player's own flows:
 * - the player's limits (player_limits) narrow the limits of every pay group the player sees in
 *   init and select and is held to on submit (domain narrowLimitsForPlayer);
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
import { playerLimits } from '../../db/schema';
import { ApiError } from '../../http/api-error';

/** The player's own limits of a flow and currency, or `null` when the operator set none. */
export async function loadPlayerLimits(
  db: Executor,
  playerId: string,
  flow: PaymentFlow,
  currency: string,
): Promise<StoredLimits | null> {
  const [row] = await db
    .select({ min: playerLimits.minAmount, max: playerLimits.maxAmount })
    .from(playerLimits)
    .where(
      and(
        eq(playerLimits.playerId, playerId),
        eq(playerLimits.flow, flow),
        eq(playerLimits.currency, currency),
      ),
    );
  return row ?? null;
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
