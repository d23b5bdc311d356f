/**
 * From the init answer to what the homepage shows (SPEC §3 "Pay group as received" → "Mapped
 * method", §4 grouping): every rule is the domain's; this module only feeds it the answer.
 *
 * @packageDocumentation
 */
import type { DepositInitResponse, PayGroup } from '@cashdesk/contract';
import { mapPayGroups } from '@cashdesk/domain';
import type {
  ClientEnvironment,
  Method,
  MethodAvailability,
  MethodGroups,
  NativePayType,
} from '@cashdesk/domain';

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
  | 'withdrawal_reverse'
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
 * them and the browser can pay with them (`nativePayReady`), user bonuses by pay group, the
 * lost-profit info, the enabled rule.
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
  nativePayReady: readonly NativePayType[],
): readonly Method[] {
  const methods = mapPayGroups(response.groups, {
    platform: environment.platform,
    device: environment.device,
    userBonuses: response.user_bonuses,
    lostProfitBonus: response.lost_profit_merchant_bonus,
    availability: availabilityOf(response.groups),
    nativePayReady,
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

/** The one row of shortcuts the homepage shows above its list, if any. */
export interface ShortcutRow<M> {
  readonly kind: 'carousel' | 'suggestions';
  readonly methods: readonly M[];
}

/** What the homepage shows, shortcut row and list, for the chosen filter. */
export interface HomeSections<M> {
  readonly shortcuts: ShortcutRow<M> | null;
  /** The methods of the grouped list, in the order given. */
  readonly list: readonly M[];
}

/** What {@link homeSections} decides from. */
export interface HomeSectionsInput<M> {
  /** The methods the chosen type filter shows, in display order. */
  readonly listed: readonly M[];
  /** The "All" filter is chosen (SPEC §4 type filters). */
  readonly allShown: boolean;
  /** The carousel's methods (domain carouselMethods) and whether it is shown (isCarouselVisible). */
  readonly carousel: readonly M[];
  readonly carouselShown: boolean;
  /** The quick suggestions (domain quickSuggestions). */
  readonly suggestions: readonly M[];
  /** A small screen (SPEC §9: under 600 px), where the list leaves out the shortcut row's methods. */
  readonly smallScreen: boolean;
}

/**
 * SPEC §2 homepage: each method is offered once on a phone, and never three times.
 *
 * - One shortcut row at most: the carousel when it is shown (SPEC §2 visibility), otherwise the
 *   quick suggestions. Both are a short row of the methods most likely wanted; showing both put
 *   the same methods on the screen twice before the list began.
 * - The shortcut row belongs to the "All" view. A type filter is the player looking for a kind of
 *   method: the list then shows every method of that kind and no shortcut row.
 * - On a small screen the list leaves out the shortcut row's methods, so each method is offered
 *   once and the list's first row is reached without scrolling. On wider screens the list stays
 *   complete (the shortcut row and the list both fit in view), so a method is offered twice at
 *   most.
 */
export function homeSections<M extends { readonly id: number }>(
  input: HomeSectionsInput<M>,
): HomeSections<M> {
  if (!input.allShown) return { shortcuts: null, list: input.listed };
  const shortcuts: ShortcutRow<M> | null = input.carouselShown
    ? { kind: 'carousel', methods: input.carousel }
    : input.suggestions.length > 0
      ? { kind: 'suggestions', methods: input.suggestions }
      : null;
  if (shortcuts === null || !input.smallScreen) return { shortcuts, list: input.listed };
  const offered = new Set(shortcuts.methods.map((method) => method.id));
  return { shortcuts, list: input.listed.filter((method) => !offered.has(method.id)) };
}
