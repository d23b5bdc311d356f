/**
 * The routing rules on their own: every condition, the order of the rules, the draw by weight,
 * the fallbacks and the shares the dry run answers.
 */
import { describe, expect, it } from 'vitest';
import type { RoutingRule } from '@cashdesk/contract';
import { conditionsHold, drawOf, firstShares, routePayment } from './rules';
import type { PaymentFacts } from './rules';
import { assertRulesValid } from './config';
import { ApiError } from '../../http/api-error';

const facts = (over: Partial<PaymentFacts> = {}): PaymentFacts => ({
  flow: 'deposit',
  methodKind: 'card',
  payGroup: 'card',
  currency: 'EUR',
  amount: '50',
  country: 'DE',
  bin: '41111111',
  cardType: 'visa',
  verified: false,
  firstDeposit: () => Promise.resolve(false),
  ...over,
});

const rule = (over: Partial<RoutingRule> = {}): RoutingRule => ({
  name: 'cards',
  enabled: true,
  when: {},
  connectors: [
    { connector: 'psp-a', weight: 100 },
    { connector: 'psp-b', weight: 0 },
  ],
  cascade: true,
  ...over,
});

describe('routing conditions', () => {
  it('holds with no condition, and for each condition only when the payment meets it', async () => {
    expect(await conditionsHold({}, facts())).toBe(true);
    expect(await conditionsHold({ flow: 'withdrawal' }, facts())).toBe(false);
    expect(await conditionsHold({ method_kinds: ['mobile', 'card'] }, facts())).toBe(true);
    expect(await conditionsHold({ pay_groups: ['visa_only'] }, facts())).toBe(false);
    expect(await conditionsHold({ currencies: ['USD'] }, facts())).toBe(false);
    expect(await conditionsHold({ countries: ['DE', 'AT'] }, facts())).toBe(true);
    expect(await conditionsHold({ countries: ['DE'] }, facts({ country: null }))).toBe(false);
    expect(await conditionsHold({ card_types: ['mastercard'] }, facts())).toBe(false);
    expect(await conditionsHold({ card_types: ['visa'] }, facts({ cardType: null }))).toBe(false);
    expect(await conditionsHold({ verified: true }, facts({ verified: true }))).toBe(true);
    expect(await conditionsHold({ verified: true }, facts())).toBe(false);
  });

  it('compares amounts exactly, both bounds included', async () => {
    const when = { currencies: ['EUR'], amount_from: '10', amount_to: '100.00' };
    expect(await conditionsHold(when, facts({ amount: '10' }))).toBe(true);
    expect(await conditionsHold(when, facts({ amount: '100' }))).toBe(true);
    expect(await conditionsHold(when, facts({ amount: '9.99' }))).toBe(false);
    expect(await conditionsHold(when, facts({ amount: '100.01' }))).toBe(false);
    expect(await conditionsHold(when, facts({ amount: '0.1' }))).toBe(false);
  });

  it('compares a BIN range on as many digits as each bound has', async () => {
    const when = { bin_ranges: [{ from: '411111', to: '411199' }] };
    expect(await conditionsHold(when, facts({ bin: '41111111' }))).toBe(true);
    expect(await conditionsHold(when, facts({ bin: '41119999' }))).toBe(true);
    expect(await conditionsHold(when, facts({ bin: '41120000' }))).toBe(false);
    expect(await conditionsHold(when, facts({ bin: '411110' }))).toBe(false);
    expect(await conditionsHold(when, facts({ bin: null }))).toBe(false);
  });

  it('reads whether it is a first deposit only when a rule asks', async () => {
    let reads = 0;
    const counting = facts({
      firstDeposit: () => {
        reads += 1;
        return Promise.resolve(true);
      },
    });
    expect(await conditionsHold({ currencies: ['EUR'] }, counting)).toBe(true);
    expect(reads).toBe(0);
    expect(await conditionsHold({ first_deposit: true }, counting)).toBe(true);
    expect(await conditionsHold({ first_deposit: false }, counting)).toBe(false);
    expect(reads).toBe(2);
  });
});

describe('routing a payment', () => {
  it("sends a payment no rule takes to its pay group's connector, alone, without cascade", async () => {
    const route = await routePayment(
      [rule({ when: { currencies: ['USD'] } })],
      facts(),
      'own',
      0.5,
    );
    expect(route).toEqual({ rule: null, candidates: ['own'], cascade: false });
  });

  it('takes the first enabled rule that matches, in the list order', async () => {
    const rules = [
      rule({ name: 'off', enabled: false }),
      rule({ name: 'usd', when: { currencies: ['USD'] } }),
      rule({
        name: 'eur',
        connectors: [
          { connector: 'psp-b', weight: 1 },
          { connector: 'psp-a', weight: 0 },
        ],
      }),
      rule({ name: 'late' }),
    ];
    expect(await routePayment(rules, facts(), 'own', 0.5)).toEqual({
      rule: { index: 2, name: 'eur' },
      candidates: ['psp-b', 'psp-a'],
      cascade: true,
    });
  });

  it('draws the first connector by weight, the others following in the rule order', async () => {
    const split = rule({
      connectors: [
        { connector: 'a', weight: 70 },
        { connector: 'b', weight: 30 },
        { connector: 'c', weight: 0 },
      ],
    });
    expect((await routePayment([split], facts(), 'own', 0)).candidates).toEqual(['a', 'b', 'c']);
    expect((await routePayment([split], facts(), 'own', 0.69)).candidates).toEqual(['a', 'b', 'c']);
    expect((await routePayment([split], facts(), 'own', 0.7)).candidates).toEqual(['b', 'a', 'c']);
    expect((await routePayment([split], facts(), 'own', 0.9999)).candidates).toEqual([
      'b',
      'a',
      'c',
    ]);
    expect(firstShares(split)).toEqual(
      new Map([
        ['a', '70'],
        ['b', '30'],
        ['c', '0'],
      ]),
    );
  });

  it('splits many payments close to their weights, each payment always drawing the same', async () => {
    const split = rule({
      connectors: [
        { connector: 'a', weight: 70 },
        { connector: 'b', weight: 30 },
      ],
    });
    const firsts = await Promise.all(
      Array.from({ length: 2000 }, async (_, index) => {
        const id = `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`;
        expect(drawOf(id)).toBe(drawOf(id));
        return (await routePayment([split], facts(), 'own', drawOf(id))).candidates[0];
      }),
    );
    const share = firsts.filter((name) => name === 'a').length / firsts.length;
    expect(share).toBeGreaterThan(0.65);
    expect(share).toBeLessThan(0.75);
  });

  it('skips a connector that may not take the payment now, and falls back when none may', async () => {
    const rules = [rule()];
    const withoutA = await routePayment(rules, facts(), 'own', 0.1, (name) => name !== 'psp-a');
    expect(withoutA.candidates).toEqual(['psp-b']);
    const none = await routePayment(rules, facts(), 'own', 0.1, () => false);
    expect(none).toEqual({
      rule: { index: 0, name: 'cards' },
      candidates: ['own'],
      cascade: false,
    });
  });
});

describe('routing rules as configuration', () => {
  const configured = (name: string) => ['psp-a', 'psp-b'].includes(name);
  const refusal = (rules: RoutingRule[]) => {
    try {
      assertRulesValid(rules, configured);
      return null;
    } catch (error) {
      return error instanceof ApiError ? error.field : error;
    }
  };

  it('accepts valid rules and names the field of each refusal', () => {
    expect(refusal([rule()])).toBeNull();
    expect(refusal([rule(), rule({ connectors: [{ connector: 'gone', weight: 1 }] })])).toBe(
      'body.rules.1.connectors.0.connector',
    );
    expect(
      refusal([
        rule({
          connectors: [
            { connector: 'psp-a', weight: 1 },
            { connector: 'psp-a', weight: 1 },
          ],
        }),
      ]),
    ).toBe('body.rules.0.connectors.1.connector');
    expect(refusal([rule({ connectors: [{ connector: 'psp-a', weight: 0 }] })])).toBe(
      'body.rules.0.connectors.0.weight',
    );
    expect(refusal([rule({ when: { amount_from: '10' } })])).toBe('body.rules.0.when.currencies');
    expect(
      refusal([rule({ when: { currencies: ['EUR'], amount_from: '10', amount_to: '9.99' } })]),
    ).toBe('body.rules.0.when.amount_to');
    expect(refusal([rule({ when: { bin_ranges: [{ from: '500000', to: '499999' }] } })])).toBe(
      'body.rules.0.when.bin_ranges.0.to',
    );
  });
});
