/**
 * Whether a method can be used (SPEC §4 "Enabled").
 *
 * @packageDocumentation
 */
import { compareDecimal } from '../money/decimal';
import type { Method, PaymentFlow } from './types';

/**
 * SPEC §4: the availability facts behind the enabled rule. The spec names them but not where
 * they come from (they are not among the SPEC §3 pay group fields), so the caller passes them in.
 * Every field is optional; a missing fact never disables a method.
 */
export interface MethodAvailability {
  /** The player's limit for this method was reached. */
  readonly limitReached?: boolean | undefined;
  /** The amount the player may still move (decimal string); `null` or absent: no such limit. */
  readonly allowedLimitAmount?: string | null | undefined;
  /** The amount was flagged. */
  readonly amountFlagged?: boolean | undefined;
  /** The method's own enabled flag; absent means enabled. */
  readonly enabled?: boolean | undefined;
}

/**
 * SPEC §4: a method is enabled unless the limit was reached, its min limit exceeds the allowed
 * limit amount, the amount is flagged, or its enabled flag is false.
 *
 * The min-limit comparison only runs when both amounts are decimals: an unreadable amount is no
 * evidence that the method is out of reach.
 */
export function isMethodEnabled(
  minAmount: string | null | undefined,
  availability: MethodAvailability,
): boolean {
  if (availability.limitReached === true) return false;
  if (availability.amountFlagged === true) return false;
  if (availability.enabled === false) return false;
  const allowed = availability.allowedLimitAmount;
  if (minAmount != null && allowed != null && compareDecimal(minAmount, allowed) === 1) {
    return false;
  }
  return true;
}

/** SPEC §4: a method-detail parameter, as far as the wager rule needs it. */
export interface NamedParameter {
  readonly name?: string | null | undefined;
}

/** SPEC §4: the name of the parameter that marks an outstanding wager. */
export const WAGER_PARAMETER_NAME = 'wager_amount';

/** SPEC §4: the inputs of the withdrawal wager rule. */
export interface WagerRuleInput {
  readonly flow: PaymentFlow;
  /** The method detail's parameters (SPEC §3 method detail `parameters`). */
  readonly parameters: readonly NamedParameter[];
  /** The current brand (SPEC §2 page parameters). */
  readonly brand: string | null | undefined;
  /**
   * The brands the wager rule applies to. The spec says "one of three listed brands" without
   * naming them, so the list is configuration, not a constant here.
   */
  readonly wagerBrands: readonly string[];
}

/**
 * SPEC §4: for withdrawal, a method is disabled by wager when a `wager_amount` parameter exists
 * and the brand is one of the listed brands. Brands compare case-insensitively because brand
 * text arrives from the `lang` query parameter (SPEC §2) in whatever case the host used.
 */
export function isDisabledByWager(input: WagerRuleInput): boolean {
  if (input.flow !== 'withdrawal' || input.brand == null) return false;
  const brand = input.brand.toLowerCase();
  if (!input.wagerBrands.some((listed) => listed.toLowerCase() === brand)) return false;
  return input.parameters.some((parameter) => parameter.name === WAGER_PARAMETER_NAME);
}

/**
 * SPEC §4: a method that cannot be chosen: not enabled or restricted (the Disabled group). A
 * restriction counts while `restrictedUntil` is set, as the grouping rule says; the widget
 * refetches methods when a restriction ends.
 */
export function isMethodDisabled(method: Pick<Method, 'enabled' | 'restrictedUntil'>): boolean {
  return !method.enabled || method.restrictedUntil !== null;
}
