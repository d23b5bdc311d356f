/**
 * From the init answer to what the homepage shows (SPEC §3 "Pay group as received" → "Mapped
 * method", §4 grouping): every rule is the domain's; this module only feeds it the answer.
 *
 * @packageDocumentation
 */
import type { DepositInitResponse, PayGroup } from '@cashdesk/contract';
import { mapPayGroups } from '@cashdesk/domain';
import { NATIVE_PAY_READY } from '../app/wallet-pay';
import type { ClientEnvironment, Method, MethodAvailability, MethodGroups } from '@cashdesk/domain';

/** SPEC §2: the four homepage groups, in the order they are shown. */
export const GROUP_ORDER = ['popular', 'lostProfit', 'regular', 'disabled'] as const;

/** One homepage group. */
export type GroupName = (typeof GROUP_ORDER)[number];

/**
 * The part of a cashier response (SPEC §3) a method list reads, for deposits (payment_groups) and
 * withdrawals (payout_groups) alike.
 */
export type ListResponse = Pick<
  DepositInitResponse,
  | 'user_bonuses'
  | 'lost_profit_merchant_bonus'
  | 'user_balance'
  | 'widget_settings'
  | 'merchant_url'
  | 'merchant_success_url'
  | 'merchant_fail_url'
  | 'merchant_processing_url'
  | 'merchant_redirect_type'
> & { readonly groups: readonly PayGroup[] };

/** SPEC §4 "Enabled": the availability facts the service sends with each pay group. */
function availabilityOf(groups: readonly PayGroup[]): Record<number, MethodAvailability> {
  const availability: Record<number, MethodAvailability> = {};
  for (const group of groups) {
    availability[group.id] = {
      enabled: group.enabled ?? undefined,
      limitReached: group.limit_reached ?? undefined,
      allowedLimitAmount: group.allowed_limit_amount ?? null,
      amountFlagged: group.amount_flagged ?? undefined,
    };
  }
  return availability;
}

/**
 * SPEC §3, §6: the mapped methods of the init answer: wallets only where the platform allows
 * them, user bonuses by pay group, the lost-profit info, the enabled rule.
 *
 * The last used method: when the widget remembered one (phLastUsedMethodId) and it is in the
 * list, it is the last used method and the service's `last_used` flags are overridden, because
 * the stored id is what this player did in this browser most recently; otherwise the service's
 * flag stands.
 */
export function mapListMethods(
  response: ListResponse,
  environment: ClientEnvironment,
  lastUsedMethodId: number | null,
): readonly Method[] {
  const methods = mapPayGroups(response.groups, {
    platform: environment.platform,
    device: environment.device,
    userBonuses: response.user_bonuses,
    lostProfitBonus: response.lost_profit_merchant_bonus,
    availability: availabilityOf(response.groups),
    nativePayReady: NATIVE_PAY_READY,
  });
  if (lastUsedMethodId === null || !methods.some((method) => method.id === lastUsedMethodId)) {
    return methods;
  }
  return methods.map((method) => {
    const lastUsed = method.id === lastUsedMethodId;
    return method.lastUsed === lastUsed ? method : { ...method, lastUsed };
  });
}

/** SPEC §2: the methods in display order: Popular, LostProfit, Regular, then Disabled. */
export function inDisplayOrder<M>(groups: MethodGroups<M>): readonly M[] {
  return GROUP_ORDER.flatMap((name) => groups[name]);
}
