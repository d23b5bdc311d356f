/**
 * The withdrawal wager rule (SPEC §4 "Enabled": for withdrawal a method is disabled by wager when
 * a `wager_amount` parameter exists and the brand is one of the listed brands).
 *
 * The server's model of it:
 * - an outstanding wager is the player's `wager_remaining` for the session currency
 *   (player_balances; positive means the player must still wager that much before withdrawing
 *   that balance);
 * - while it is positive, the method detail of every withdrawal pay group carries a read-only
 *   `wager_amount` info parameter with the remaining amount (the parameter the rule looks for);
 * - the listed brands are the brands with `wagerRuleEnabled`;
 * - whether the rule holds is decided by the domain's `isDisabledByWager` only. When it does,
 *   payouts/groups/init lists every payout group disabled with a `wager` view_data item saying
 *   how much is left, and a withdrawal submit is refused (methodUnavailable).
 *
 * Deposits are never affected: nothing here is asked for the deposit flow, and the domain rule
 * answers false for it anyway.
 *
 * @packageDocumentation
 */
import Big from 'big.js';
import { and, eq } from 'drizzle-orm';
import type * as z from 'zod/mini';
import type { ViewDataItem, WithdrawalFieldDefinition } from '@cashdesk/contract';
import {
  WAGER_PARAMETER_NAME,
  isDisabledByWager,
  resolvePrecision,
  roundToPrecision,
} from '@cashdesk/domain';
import type { Executor } from '../../db/open';
import { brands, currencies, playerBalances } from '../../db/schema';
import { ApiError } from '../../http/api-error';
import type { SessionContext } from '../../http/sessions';

/** Message key of the label of the wager parameter. */
export const WAGER_LABEL_KEY = 'CASHIER.WITHDRAWAL.WAGER_AMOUNT';

/** The wager rule as it stands for one withdrawal session. */
export interface WithdrawalWager {
  /** The remaining wager at the currency precision; `null`: no outstanding wager. */
  readonly remaining: string | null;
  /** The parameters the method detail of every withdrawal pay group gets (SPEC §3, §4). */
  readonly parameters: readonly z.infer<typeof WithdrawalFieldDefinition>[];
  /** SPEC §4: withdrawals are disabled by wager for this session. */
  readonly disabled: boolean;
}

/** The brands the wager rule applies to (SPEC §4 "listed brands"): those with wagerRuleEnabled. */
export async function wagerBrandIds(db: Executor): Promise<string[]> {
  const rows = await db
    .select({ id: brands.id })
    .from(brands)
    .where(eq(brands.wagerRuleEnabled, true))
    .orderBy(brands.id);
  return rows.map((row) => row.id);
}

/** The player's outstanding wager in a currency at its precision; `null` when there is none. */
export async function outstandingWager(
  db: Executor,
  playerId: string,
  currency: string,
): Promise<string | null> {
  const [row] = await db
    .select({ remaining: playerBalances.wagerRemaining, precision: currencies.precision })
    .from(playerBalances)
    .innerJoin(currencies, eq(currencies.alpha3, playerBalances.currency))
    .where(and(eq(playerBalances.playerId, playerId), eq(playerBalances.currency, currency)));
  if (row === undefined) return null;
  const remaining = new Big(row.remaining);
  if (!remaining.gt(0)) return null;
  // Rounded up: a wager of 0.0004 KWD is still a wager, and shows as 0.001.
  return roundToPrecision(remaining, resolvePrecision(row.precision), 'up');
}

/** The read-only `wager_amount` info parameter of a withdrawal method detail (SPEC §4). */
export function wagerParameter(
  remaining: string,
  currency: string,
): z.infer<typeof WithdrawalFieldDefinition> {
  return {
    name: WAGER_PARAMETER_NAME,
    type: 'info',
    data_type: 'Float',
    label: WAGER_LABEL_KEY,
    user_requisite: remaining,
    currency,
    is_read_only: true,
    is_required: false,
  };
}

/** The `wager` view_data item of the payout cashier response: why withdrawals are disabled. */
export function wagerViewItem(remaining: string): ViewDataItem {
  return { type: 'wager', key: WAGER_PARAMETER_NAME, value: remaining };
}

/** SPEC §4: the wager rule for a withdrawal session, decided by the domain. */
export async function withdrawalWager(
  db: Executor,
  session: SessionContext,
): Promise<WithdrawalWager> {
  const [remaining, wagerBrands] = await Promise.all([
    outstandingWager(db, session.playerId, session.currency),
    wagerBrandIds(db),
  ]);
  return decideWager(session, remaining, wagerBrands);
}

/**
 * The wager rule from figures read elsewhere (init's one player statement and the
 * brand data in memory): the stored `wager_remaining` of the session currency (null: no balance
 * row), the currency's precision, and whether the session's brand applies the rule.
 */
export function wagerOf(
  session: SessionContext,
  stored: string | null,
  precision: number,
  brandApplies: boolean,
): WithdrawalWager {
  const value = stored === null ? null : new Big(stored);
  // Rounded up as outstandingWager does: a wager of 0.0004 KWD is still a wager.
  const remaining =
    value === null || !value.gt(0) ? null : roundToPrecision(value, precision, 'up');
  return decideWager(session, remaining, brandApplies ? [session.brandId] : []);
}

function decideWager(
  session: SessionContext,
  remaining: string | null,
  wagerBrands: readonly string[],
): WithdrawalWager {
  const parameters = remaining === null ? [] : [wagerParameter(remaining, session.currency)];
  const disabled = isDisabledByWager({
    flow: 'withdrawal',
    parameters,
    brand: session.brandId,
    wagerBrands,
  });
  return { remaining, parameters, disabled };
}

/**
 * SPEC §4: refuses a withdrawal the wager rule disables, as decided by {@link wagerOf} from the
 * payer's figures (read with the rest of what the submit reads).
 *
 * @throws {ApiError} methodUnavailable (409) while the player has an outstanding wager in a
 *   brand the rule applies to.
 */
export function refuseWhenDisabledByWager(
  wager: WithdrawalWager,
  session: Pick<SessionContext, 'currency'>,
  payGroupId: number,
  field = 'params.payGroupId',
): void {
  if (!wager.disabled) return;
  throw new ApiError('methodUnavailable', {
    field,
    detail: `pay group ${String(payGroupId)} is disabled by wager: ${wager.remaining ?? '0'} ${session.currency} still to wager`,
  });
}
