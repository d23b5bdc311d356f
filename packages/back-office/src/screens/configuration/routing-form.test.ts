import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/http';
import type { RoutingRules } from '../../api/configuration';
import {
  CARD_TYPES,
  PROBE_START,
  addRule,
  binRangesOf,
  codesOf,
  documentOf,
  dryRunRequestOf,
  fieldsOf,
  formOf,
  moved,
  sharesOf,
  withRule,
  without,
} from './routing-form';
import { refusedPath } from './shared';

const SAVED: RoutingRules = {
  rules: [
    {
      name: 'EU cards',
      enabled: true,
      when: {
        flow: 'deposit',
        method_kinds: ['card'],
        pay_groups: ['card'],
        currencies: ['EUR'],
        countries: ['DE', 'AT'],
        amount_from: '10',
        amount_to: '500.50',
        card_types: ['visa', 'mastercard'],
        bin_ranges: [{ from: '400000', to: '499999' }],
        first_deposit: true,
        verified: false,
      },
      connectors: [
        { connector: 'psp-a', weight: 70 },
        { connector: 'psp-b', weight: 30 },
      ],
      cascade: true,
    },
    {
      name: 'Everything else',
      enabled: false,
      when: {},
      connectors: [{ connector: 'sandbox', weight: 100 }],
      cascade: false,
    },
  ],
};

describe('the routing form', () => {
  it('sends the saved rules back as they were when nothing is edited', () => {
    expect(documentOf(formOf(SAVED))).toEqual(SAVED);
    expect(documentOf(formOf({ rules: [] }))).toEqual({ rules: [] });
  });

  it('shows each condition as typed, "any" for one left out', () => {
    const [eu, rest] = formOf(SAVED).rules;
    expect(eu).toMatchObject({
      flow: 'deposit',
      currencies: 'EUR',
      countries: 'DE, AT',
      amount_to: '500.50',
      bin_ranges: '400000-499999',
      first_deposit: 'yes',
      verified: 'no',
      connectors: [
        { connector: 'psp-a', weight: '70' },
        { connector: 'psp-b', weight: '30' },
      ],
    });
    expect(rest).toMatchObject({
      flow: 'any',
      method_kinds: [],
      pay_groups: [],
      currencies: '',
      amount_from: '',
      card_types: [],
      bin_ranges: '',
      first_deposit: 'any',
      verified: 'any',
    });
  });

  it('leaves out a condition left empty or "any", and reads the lists as typed', () => {
    const form = withRule(formOf(SAVED), 0, (rule) => ({
      ...rule,
      name: '  EU cards, big  ',
      flow: 'any',
      method_kinds: ['mobile', 'card'],
      pay_groups: [],
      currencies: ' eur,gbp  usd ',
      countries: '',
      amount_from: ' ',
      amount_to: '1000 ',
      card_types: ['mastercard', 'visa'],
      bin_ranges: '400000 - 499999\n\n 51000000–55999999 \n222100',
      first_deposit: 'any',
      verified: 'yes',
    }));
    expect(documentOf(form).rules[0]).toEqual({
      name: 'EU cards, big',
      enabled: true,
      when: {
        // In the contract's order, whatever order they were ticked in.
        method_kinds: ['card', 'mobile'],
        currencies: ['EUR', 'GBP', 'USD'],
        amount_to: '1000',
        card_types: ['visa', 'mastercard'],
        bin_ranges: [
          { from: '400000', to: '499999' },
          { from: '51000000', to: '55999999' },
          { from: '222100', to: '222100' },
        ],
        verified: true,
      },
      connectors: SAVED.rules[0]?.connectors,
      cascade: true,
    });
    expect(codesOf('de;AT ,, fr')).toEqual(['DE', 'AT', 'FR']);
    // A line that is no range goes as it is, for the server to refuse naming it.
    expect(binRangesOf('four hundred')).toEqual([{ from: 'four hundred', to: 'four hundred' }]);
  });

  it('sends a weight that is not a whole number as null, for the server to name', () => {
    const form = withRule(formOf(SAVED), 1, (rule) => ({
      ...rule,
      connectors: [{ connector: 'sandbox', weight: 'half' }],
    }));
    const sent: unknown = JSON.parse(JSON.stringify(documentOf(form)));
    expect(sent).toMatchObject({ rules: [{}, { connectors: [{ weight: null }] }] });
  });

  it('adds a rule at the end taking every payment to one connector, moves and removes rules', () => {
    const added = addRule(formOf(SAVED), 'Rule 3', 'sandbox');
    expect(documentOf(added).rules[2]).toEqual({
      name: 'Rule 3',
      enabled: true,
      when: {},
      connectors: [{ connector: 'sandbox', weight: 100 }],
      cascade: false,
    });
    // Each rule keeps its own key as it moves: a new one never takes an old one's.
    const keys = added.rules.map((rule) => rule.key);
    expect(new Set(keys).size).toBe(3);
    const up = { ...added, rules: moved(added.rules, 2, -1) };
    expect(documentOf(up).rules.map((rule) => rule.name)).toEqual([
      'EU cards',
      'Rule 3',
      'Everything else',
    ]);
    expect(up.rules.map((rule) => rule.key)).toEqual([keys[0], keys[2], keys[1]]);
    // At an end, a move changes nothing.
    expect(moved(up.rules, 0, -1)).toBe(up.rules);
    expect(moved(up.rules, 2, 1)).toBe(up.rules);
    const removed = { ...up, rules: without(up.rules, 0) };
    expect(documentOf(removed).rules.map((rule) => rule.name)).toEqual([
      'Rule 3',
      'Everything else',
    ]);
    expect(addRule(removed, 'Rule 4', 'sandbox').rules.at(-1)?.key).not.toBeOneOf(keys);
  });

  it("shows each connector's first-try share from the weights, as the dry run answers it", () => {
    const shares = (...weights: string[]) =>
      sharesOf(weights.map((weight, index) => ({ connector: `c${String(index)}`, weight })));
    expect(shares('70', '30')).toEqual(['70', '30']);
    expect(shares('100')).toEqual(['100']);
    expect(shares('100', '0')).toEqual(['100', '0']);
    // Thirds, rounded half up to two decimals: they need not add up to 100.
    expect(shares('1', '1', '1')).toEqual(['33.33', '33.33', '33.33']);
    expect(shares('2', '1')).toEqual(['66.67', '33.33']);
    expect(shares('1', '7')).toEqual(['12.5', '87.5']);
    expect(shares('5', '100', '100', '100', '100')).toEqual([
      '1.23',
      '24.69',
      '24.69',
      '24.69',
      '24.69',
    ]);
    // No share while a weight is no whole number from 0 to 100, or every weight is 0.
    expect(shares('70', '')).toEqual([null, null]);
    expect(shares('0', '0')).toEqual([null, null]);
    expect(shares('101')).toEqual([null]);
    expect(shares('1.5', '3')).toEqual([null, null]);
  });

  it('names the field of every value a refusal may point at', () => {
    const fields = fieldsOf(formOf(SAVED));
    for (const field of [
      'rules.0.name',
      'rules.0.when.amount_to',
      'rules.0.when.bin_ranges',
      'rules.0.connectors.1.connector',
      'rules.1.connectors.0.weight',
    ]) {
      expect(fields).toContain(field);
    }
    const refused = new ApiError(400, '1002', 'body.rules.1.connectors.0.connector', undefined);
    const marked = fields.filter((field) => refusedPath(refused, field) !== undefined);
    expect(marked).toEqual(['rules.1.connectors.0.connector']);
    const range = new ApiError(400, '1002', 'body.rules.0.when.bin_ranges.0.to', undefined);
    expect(refusedPath(range, 'rules.0.when.bin_ranges')).toEqual(['0', 'to']);
  });

  it('names every card type once', () => {
    const ids = CARD_TYPES.map((type) => type.id);
    expect(ids).toContain('visa');
    expect(ids).toContain('local-6');
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('runs the dry run on the rules as edited, leaving out what is not typed', () => {
    const draft = documentOf(formOf(SAVED));
    expect(dryRunRequestOf({ ...PROBE_START, pay_group_id: '12' }, draft)).toEqual({
      flow: 'deposit',
      pay_group_id: 12,
      currency: 'EUR',
      amount: '50',
      first_deposit: false,
      verified: false,
      rules: draft.rules,
    });
    expect(
      dryRunRequestOf(
        {
          flow: 'withdrawal',
          pay_group_id: '3',
          currency: ' gbp',
          amount: ' 20.50 ',
          country: 'de ',
          card_bin: '4111 1111',
          first_deposit: true,
          verified: true,
        },
        { rules: [] },
      ),
    ).toEqual({
      flow: 'withdrawal',
      pay_group_id: 3,
      currency: 'GBP',
      amount: '20.50',
      country: 'DE',
      card_bin: '41111111',
      first_deposit: true,
      verified: true,
      rules: [],
    });
    // No pay group chosen: 0, which the server refuses naming the field.
    expect(dryRunRequestOf(PROBE_START, draft).pay_group_id).toBe(0);
  });
});
