/**
 * From the init answer to what the homepage shows (SPEC §3 "Pay group as received" → "Mapped
 * method", §4 grouping): every rule is the domain's; this module only feeds it the answer.
 *
 * @packageDocumentation
 */
import type { DepositInitResponse, PayGroup } from '@cashdesk/contract';
import { mapPayGroups, readCashierFeatures } from '@cashdesk/domain';
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
  | 'cashier_features'
  | 'cashier_settings'
  | 'user_profile'
  | 'view_data'
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
    // SPEC §3: the lost-profit group and ribbon are a cashier feature of the brand.
    lostProfitBonus: readCashierFeatures(response.cashier_features).lostProfit
      ? response.lost_profit_merchant_bonus
      : null,
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

/** A row of shortcuts the homepage shows above its list. */
export interface ShortcutRow<M> {
  readonly kind: 'carousel' | 'suggestions';
  readonly methods: readonly M[];
}

/** What the homepage shows, shortcut rows and list, for the chosen filter. */
export interface HomeSections<M> {
  /** The carousel first when shown, then the quick suggestions when there are any. */
  readonly shortcuts: readonly ShortcutRow<M>[];
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
  /** Every method in display order: what the quick suggestions are chosen from. */
  readonly ordered: readonly M[];
  /** The quick suggestions of some methods (domain quickSuggestions); `null`: none are shown. */
  readonly suggest: ((methods: readonly M[]) => readonly M[]) | null;
  /** A small screen (SPEC §9: under 600 px), where the list leaves out the shortcut rows' methods. */
  readonly smallScreen: boolean;
}

/**
 * SPEC §2 homepage: the carousel when it is shown (SPEC §2 visibility) and the quick suggestions
 * (SPEC §2, §4: at most 2, the last used method excluded), each method offered once on a phone.
 *
 * - The quick suggestions are shown beside the carousel, not in its place. They are chosen among
 *   the methods the carousel does not already offer, so the two rows never repeat a method.
 * - The shortcut rows belong to the "All" view. A type filter is the player looking for a kind of
 *   method: the list then shows every method of that kind and no shortcut row.
 * - On a small screen the list leaves out the rows' methods, so each method is offered once. On
 *   wider screens the list stays complete (the rows and the list both fit in view), so a method is
 *   offered twice at most.
 */
export function homeSections<M extends { readonly id: number }>(
  input: HomeSectionsInput<M>,
): HomeSections<M> {
  if (!input.allShown) return { shortcuts: [], list: input.listed };
  const shortcuts: ShortcutRow<M>[] = [];
  if (input.carouselShown) shortcuts.push({ kind: 'carousel', methods: input.carousel });
  if (input.suggest !== null) {
    const inCarousel = new Set(
      input.carouselShown ? input.carousel.map((method) => method.id) : [],
    );
    const suggestions = input.suggest(input.ordered.filter((method) => !inCarousel.has(method.id)));
    if (suggestions.length > 0) shortcuts.push({ kind: 'suggestions', methods: suggestions });
  }
  if (shortcuts.length === 0 || !input.smallScreen) return { shortcuts, list: input.listed };
  const offered = new Set(shortcuts.flatMap((row) => row.methods.map((method) => method.id)));
  return { shortcuts, list: input.listed.filter((method) => !offered.has(method.id)) };
}
