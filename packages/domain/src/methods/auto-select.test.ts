import { describe, expect, it } from 'vitest';
import { autoSelectMethod } from './auto-select';
import type { AutoSelectInput } from './auto-select';
import { method } from './test/method-fixture';
import type { Method } from './types';

const nested = (overrides: Partial<Method>) =>
  method({ payGroupActionType: 'NestedList', ...overrides });

const lastUsedCard = method({
  id: 30,
  name: 'card',
  lastUsed: true,
  preSelectedMethod: true,
  payMethodType: 'cards',
});

const skrill = method({ id: 10, name: 'skrill', payMethodType: 'e_wallets' });
const neteller = method({ id: 11, name: 'neteller', payMethodType: 'e_wallets' });
/** Two enabled methods so that the single-method step does not decide. */
const background = [skrill, neteller];

function pick(input: Partial<AutoSelectInput<Method>>) {
  const result = autoSelectMethod({ flow: 'deposit', methods: background, ...input });
  return { rule: result.rule, id: result.method?.id ?? null };
}

describe('automatic method choice, deposit (SPEC §4)', () => {
  it('chooses nothing when skip is set, whatever else holds', () => {
    expect(pick({ skip: true, methods: [method({ id: 1 })], payGroupId: 1 })).toEqual({
      rule: 'skipped',
      id: null,
    });
  });

  it.each([
    ['one enabled method', [method({ id: 1 })], { rule: 'single-method', id: 1 }],
    [
      'one enabled method among disabled ones',
      [method({ id: 1, enabled: false }), method({ id: 2 })],
      { rule: 'single-method', id: 2 },
    ],
    ['one enabled nested method', [nested({ id: 1 })], { rule: 'none', id: null }],
    [
      'two enabled methods, one nested',
      [nested({ id: 1 }), method({ id: 2 })],
      { rule: 'none', id: null },
    ],
    ['no methods', [], { rule: 'none', id: null }],
  ])('single-method step: %s', (_label, methods, expected) => {
    expect(pick({ methods })).toEqual(expected);
  });

  it.each([
    [11, { rule: 'pay-group-id', id: 11 }],
    [99, { rule: 'none', id: null }],
    [null, { rule: 'none', id: null }],
  ])('pay group id step: id %j', (payGroupId, expected) => {
    expect(pick({ payGroupId })).toEqual(expected);
  });

  it('pay group id step takes the method as written, even a disabled one', () => {
    const methods = [...background, method({ id: 12, enabled: false })];
    expect(pick({ methods, payGroupId: 12 })).toEqual({ rule: 'pay-group-id', id: 12 });
  });

  it('pay group id step comes before the last-used step', () => {
    expect(pick({ methods: [...background, lastUsedCard], payGroupId: 10 })).toEqual({
      rule: 'pay-group-id',
      id: 10,
    });
  });

  it.each([
    ['an eligible card', {}, 'last-used'],
    ['not enabled', { enabled: false }, 'none'],
    ['not pre-selectable', { preSelectedMethod: false }, 'none'],
    ['nested', { payGroupActionType: 'NestedList' as const }, 'none'],
    ['an info method', { payGroupActionType: 'Info' as const }, 'none'],
    ['not a card method', { payMethodType: 'crypto' }, 'none'],
    ['without a type', { payMethodType: null }, 'none'],
  ])('last-used step: %s gives %s', (_label, overrides, rule) => {
    const methods = [...background, { ...lastUsedCard, ...overrides }];
    expect(pick({ methods }).rule).toBe(rule);
  });

  it('last-used step is skipped by skipLastUsed', () => {
    expect(pick({ methods: [...background, lastUsedCard], skipLastUsed: true }).rule).toBe('none');
  });

  it('last-used step recognises card types through a custom alias table', () => {
    const methods = [...background, { ...lastUsedCard, payMethodType: 'plastic' }];
    expect(pick({ methods, typeAliases: { plastic: 'cards' } }).rule).toBe('last-used');
  });

  it.each([
    ['by id', '11', { rule: 'preselected-pay-group', id: 11 }],
    ['by name', 'Neteller', { rule: 'preselected-pay-group', id: 11 }],
    ['unknown', 'paypal', { rule: 'none', id: null }],
    ['absent', null, { rule: 'none', id: null }],
  ])('pay_group step: %s', (_label, preselectedPayGroup, expected) => {
    expect(pick({ preselectedPayGroup })).toEqual(expected);
  });

  it.each([
    ['disabled', { enabled: false }],
    ['nested', { payGroupActionType: 'NestedList' as const }],
  ])('pay_group step ignores a %s method', (_label, overrides) => {
    const methods = [...background, method({ id: 12, name: 'paypal', ...overrides })];
    expect(pick({ methods, preselectedPayGroup: 'paypal' })).toEqual({ rule: 'none', id: null });
  });

  it('last-used step comes before the pay_group step', () => {
    expect(pick({ methods: [...background, lastUsedCard], preselectedPayGroup: 'skrill' })).toEqual(
      { rule: 'last-used', id: 30 },
    );
  });

  it.each([
    ['two carousel methods', [neteller, skrill], { rule: 'carousel', id: 11 }],
    ['one carousel method', [neteller], { rule: 'none', id: null }],
    ['a nested first carousel method', [nested({ id: 12 }), skrill], { rule: 'none', id: null }],
    ['no carousel', undefined, { rule: 'none', id: null }],
  ])('carousel step: %s', (_label, carouselMethods, expected) => {
    expect(pick(carouselMethods === undefined ? {} : { carouselMethods })).toEqual(expected);
  });

  it('pay_group step comes before the carousel step', () => {
    expect(pick({ preselectedPayGroup: 'skrill', carouselMethods: [neteller, skrill] })).toEqual({
      rule: 'preselected-pay-group',
      id: 10,
    });
  });
});

describe('automatic method choice, withdrawal (SPEC §4)', () => {
  it('has no last-used step', () => {
    const methods = [...background, lastUsedCard];
    expect(pick({ flow: 'withdrawal', methods })).toEqual({ rule: 'none', id: null });
    expect(pick({ flow: 'withdrawal', methods, preselectedPayGroup: 'neteller' })).toEqual({
      rule: 'preselected-pay-group',
      id: 11,
    });
  });

  it.each([
    [{ skip: true }, 'skipped'],
    [{ methods: [method({ id: 1 })] }, 'single-method'],
    [{ payGroupId: 10 }, 'pay-group-id'],
    [{ carouselMethods: background }, 'carousel'],
  ])('keeps the other steps: %j gives %s', (input, rule) => {
    expect(pick({ flow: 'withdrawal', ...input }).rule).toBe(rule);
  });
});
