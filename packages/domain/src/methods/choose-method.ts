/**
 * What happens when the player picks a method (SPEC §4 "Choosing a method").
 *
 * @packageDocumentation
 */
import { isMethodDisabled } from './enabled';
import type { Method, PaymentFlow } from './types';

/** SPEC §7: the storage key under which the chosen method id is saved. */
export const SELECTED_METHOD_STORAGE_KEY = 'phSelectedMethodId';

/**
 * SPEC §4: the submit route of a pay group: `payments/groups/{payGroupId}/submit` for deposits,
 * `payouts/groups/{payGroupId}/submit` for withdrawals (relative, as the spec writes them).
 */
export function submitRoute(flow: PaymentFlow, payGroupId: number): string {
  const base = flow === 'deposit' ? 'payments' : 'payouts';
  return `${base}/groups/${encodeURIComponent(String(payGroupId))}/submit`;
}

/** SPEC §4: the outcome of a click on a method tile; the caller performs it. */
export type MethodChoice<M> =
  | { readonly kind: 'ignored' }
  | {
      readonly kind: 'selected';
      /** Becomes the current method. */
      readonly method: M;
      /** Save under {@link SELECTED_METHOD_STORAGE_KEY}. */
      readonly storage: {
        readonly key: typeof SELECTED_METHOD_STORAGE_KEY;
        readonly value: string;
      };
      /** Navigate here, or stay when `null`. */
      readonly navigateTo: string | null;
    };

/**
 * SPEC §4: a disabled method (not enabled or restricted) swallows the click. Otherwise it becomes
 * the current method and its id is to be saved as phSelectedMethodId; a deposit navigates to the
 * submit route for an Activity method, a withdrawal for Activity and NestedList methods. Any
 * other case (a nested deposit list, an Info method) stays on the page. No I/O happens here.
 */
export function chooseMethod<
  M extends Pick<Method, 'id' | 'enabled' | 'restrictedUntil' | 'payGroupActionType'>,
>(method: M, flow: PaymentFlow): MethodChoice<M> {
  if (isMethodDisabled(method)) return { kind: 'ignored' };
  const action = method.payGroupActionType;
  const navigates = action === 'Activity' || (flow === 'withdrawal' && action === 'NestedList');
  return {
    kind: 'selected',
    method,
    storage: { key: SELECTED_METHOD_STORAGE_KEY, value: String(method.id) },
    navigateTo: navigates ? submitRoute(flow, method.id) : null,
  };
}
