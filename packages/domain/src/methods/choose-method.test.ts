import { describe, expect, it } from 'vitest';
import { SELECTED_METHOD_STORAGE_KEY, chooseMethod, submitRoute } from './choose-method';
import { method } from './test/method-fixture';
import type { PayGroupActionType, PaymentFlow } from './types';

describe('submit routes (SPEC §4 Choosing a method, SPEC §7)', () => {
  it.each<[PaymentFlow, number, string]>([
    ['deposit', 42, 'payments/groups/42/submit'],
    ['withdrawal', 42, 'payouts/groups/42/submit'],
  ])('%s of pay group %i submits to %s', (flow, id, expected) => {
    expect(submitRoute(flow, id)).toBe(expected);
  });
});

describe('choosing a method (SPEC §4)', () => {
  it.each([
    ['not enabled', { enabled: false }],
    ['restricted', { restrictedUntil: '2030-01-01T00:00:00Z' }],
  ])('swallows the click on a %s method', (_label, overrides) => {
    expect(chooseMethod(method(overrides), 'deposit')).toEqual({ kind: 'ignored' });
    expect(chooseMethod(method(overrides), 'withdrawal')).toEqual({ kind: 'ignored' });
  });

  it.each<[PaymentFlow, PayGroupActionType, string | null]>([
    ['deposit', 'Activity', 'payments/groups/9/submit'],
    ['deposit', 'NestedList', null],
    ['deposit', 'Info', null],
    ['withdrawal', 'Activity', 'payouts/groups/9/submit'],
    ['withdrawal', 'NestedList', 'payouts/groups/9/submit'],
    ['withdrawal', 'Info', null],
  ])('%s with a %s method navigates to %j', (flow, payGroupActionType, navigateTo) => {
    const chosen = method({ id: 9, payGroupActionType });
    expect(chooseMethod(chosen, flow)).toEqual({
      kind: 'selected',
      method: chosen,
      storage: { key: 'phSelectedMethodId', value: '9' },
      navigateTo,
    });
  });

  it('saves under the phSelectedMethodId key (SPEC §7 storage keys)', () => {
    expect(SELECTED_METHOD_STORAGE_KEY).toBe('phSelectedMethodId');
  });
});
