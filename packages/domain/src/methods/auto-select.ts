/**
 * Automatic method choice on opening the cashier (SPEC §4).
 *
 * @packageDocumentation
 */
import { matchesPayGroup } from './map-method';
import { methodCategory } from './method-types';
import type { MethodCategory } from './method-types';
import type { Method, PaymentFlow } from './types';

/** SPEC §4: which step of the automatic choice decided. */
export type AutoSelectRule =
  | 'skipped'
  | 'single-method'
  | 'pay-group-id'
  | 'last-used'
  | 'preselected-pay-group'
  | 'carousel'
  | 'none';

/** SPEC §4: the outcome of the automatic choice. */
export interface AutoSelection<M> {
  readonly rule: AutoSelectRule;
  readonly method: M | null;
}

/** SPEC §4: the method fields the automatic choice reads. */
export type AutoSelectableMethod = Pick<
  Method,
  | 'id'
  | 'name'
  | 'enabled'
  | 'payGroupActionType'
  | 'lastUsed'
  | 'preSelectedMethod'
  | 'payMethodType'
>;

/** SPEC §4 automatic method choice: inputs. */
export interface AutoSelectInput<M> {
  readonly flow: PaymentFlow;
  readonly methods: readonly M[];
  /** Deposit state `skipAutoSelectMethod`: choose nothing. */
  readonly skip?: boolean | undefined;
  /** A pay group id the caller already knows (for example from the route). */
  readonly payGroupId?: number | null | undefined;
  /** The `pay_group` query parameter: a pay group id or short name (SPEC §2). */
  readonly preselectedPayGroup?: string | null | undefined;
  /** The carousel list (see `carouselMethods`). */
  readonly carouselMethods?: readonly M[] | undefined;
  /** Skip only the last-used step (stored phSkipLasUsedMethod). */
  readonly skipLastUsed?: boolean | undefined;
  /** How `pay_method_type` maps to a category, to recognise card methods. */
  readonly typeAliases?: Readonly<Record<string, MethodCategory>> | undefined;
}

function isNested(method: AutoSelectableMethod): boolean {
  return method.payGroupActionType === 'NestedList';
}

/**
 * SPEC §4: picks a method automatically. Deposit, in order:
 * 1. nothing if `skip` is set ('skipped');
 * 2. the only enabled method, if there is exactly one and it is not nested ('single-method');
 * 3. the method whose id is `payGroupId` ('pay-group-id'); the spec sets no condition here, so
 *    none is added: an explicit id is the caller's decision;
 * 4. the last used method, if it is a card method (`pay_method_type` in the cards category) with
 *    the Activity action type, enabled and pre-selectable ('last-used');
 * 5. the method named by `pay_group` (id or short name), if enabled and not nested
 *    ('preselected-pay-group');
 * 6. the first carousel method, if the carousel holds more than one and it is not nested
 *    ('carousel').
 * Withdrawal is the same without step 4. With no match the rule is 'none'.
 */
export function autoSelectMethod<M extends AutoSelectableMethod>(
  input: AutoSelectInput<M>,
): AutoSelection<M> {
  if (input.skip === true) return { rule: 'skipped', method: null };
  const { methods } = input;

  const enabled = methods.filter((method) => method.enabled);
  const [only] = enabled;
  if (enabled.length === 1 && only !== undefined && !isNested(only)) {
    return { rule: 'single-method', method: only };
  }

  if (input.payGroupId != null) {
    const byId = methods.find((method) => method.id === input.payGroupId);
    if (byId !== undefined) return { rule: 'pay-group-id', method: byId };
  }

  if (input.flow === 'deposit' && input.skipLastUsed !== true) {
    const lastUsed = methods.find((method) => method.lastUsed);
    if (
      lastUsed !== undefined &&
      lastUsed.enabled &&
      lastUsed.preSelectedMethod &&
      lastUsed.payGroupActionType === 'Activity' &&
      methodCategory(lastUsed.payMethodType, input.typeAliases) === 'cards'
    ) {
      return { rule: 'last-used', method: lastUsed };
    }
  }

  const preselected = methods.find((method) => matchesPayGroup(method, input.preselectedPayGroup));
  if (preselected !== undefined && preselected.enabled && !isNested(preselected)) {
    return { rule: 'preselected-pay-group', method: preselected };
  }

  const carousel = input.carouselMethods ?? [];
  const [first] = carousel;
  if (carousel.length > 1 && first !== undefined && !isNested(first)) {
    return { rule: 'carousel', method: first };
  }

  return { rule: 'none', method: null };
}
