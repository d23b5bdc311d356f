import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MESSAGE_KEYS } from '../messages';
import { buildBrowserData } from './browser-data';
import type { FormField, FormValues } from './field-types';
import { createAmountField, createCvvField } from './generated-fields';
import { mapField } from './map-field';
import {
  buildDepositSubmitBody,
  buildPaymentRequestPayload,
  buildSubmitParameters,
  depositFormDefaults,
  formatExpiry,
} from './submit-payload';
import type { CardSubmitValues } from './submit-payload';

const PAN = '4111111111111111';
const CVV = '737';

const amountField = createAmountField({ currency: 'EUR', flowType: 'deposit' });
const iban = mapField({ name: 'iban', type: 'input' });
const bank = mapField({ name: 'bank', type: 'select', options: [{ label: 'A', value: 'a' }] });
const birth = mapField({ name: 'birth_date', type: 'date' });
const terms = mapField({ name: 'terms', type: 'check' });
const note = mapField({ name: 'note', type: 'info' });
const panField = mapField({ name: 'pan', extended_type: 'card_pan' });
const holderField = mapField({ name: 'holder', extended_type: 'card_cardholder_name' });
const monthField = mapField({ name: 'month', extended_type: 'card_exp_month' });
const yearField = mapField({ name: 'year', extended_type: 'card_exp_year' });
const cvvField = createCvvField();
const expiryField: FormField = { ...mapField({ name: 'expirationDate' }) };

const FIELDS: readonly FormField[] = [
  amountField,
  iban,
  bank,
  birth,
  terms,
  note,
  panField,
  holderField,
  monthField,
  yearField,
  expiryField,
  cvvField,
];

const VALUES: FormValues = {
  amount: '100',
  iban: 'DE89370400440532013000',
  bank: { label: 'A', value: 'a', selected: false },
  birth_date: '29.02.2000',
  terms: true,
  note: null,
  pan: PAN,
  holder: 'SHOULD NOT BE READ',
  month: '99',
  year: '99',
  expirationDate: '12/30',
  card_cvv: '000',
  unknown_field: PAN,
};

const NEW_CARD: CardSubmitValues = {
  bin: '411111',
  pan: PAN,
  isTokenActive: false,
  cardholderName: 'JANE DOE',
  expMonth: '12',
  expYear: '30',
  cvv: CVV,
  saveCard: true,
};

const SAVED_CARD: CardSubmitValues = {
  cardId: 'card-42',
  bin: '411111',
  isTokenActive: true,
  cardholderName: 'JANE DOE',
  expMonth: '01',
  expYear: '29',
  saveCard: true,
};

describe('submit parameters (SPEC §3 submit payload form fields)', () => {
  it('builds deposit parameters for a new card (SPEC §3)', () => {
    expect(
      buildSubmitParameters({ fields: FIELDS, values: VALUES, flow: 'deposit', card: NEW_CARD }),
    ).toStrictEqual({
      iban: 'DE89370400440532013000',
      bank: 'a',
      birth_date: '2000-02-29T00:00:00.000Z',
      terms: true,
      card_bin: '411111',
      card_pan: PAN,
      card_cardholder_name: 'JANE DOE',
      month: '12',
      year: '30',
      card_cvv: CVV,
      save_card: true,
    });
  });

  it('builds checkout parameters for a saved card (SPEC §3)', () => {
    expect(
      buildSubmitParameters({ fields: FIELDS, values: VALUES, flow: 'checkout', card: SAVED_CARD }),
    ).toStrictEqual({
      iban: 'DE89370400440532013000',
      bank: 'a',
      birth_date: '2000-02-29T00:00:00.000Z',
      terms: true,
      card_id: 'card-42',
      card_bin: '411111',
      is_card_token_active: true,
      card_cardholder_name: 'JANE DOE',
      card_exp_month: '01',
      card_exp_year: '29',
    });
  });

  it('leaves card_id out for a card marked new even with an id (SPEC §3, §4)', () => {
    const params = buildSubmitParameters({
      fields: [],
      values: {},
      flow: 'checkout',
      card: { cardId: 'card-1', isNew: true, saveCard: false },
    });
    expect(params).toStrictEqual({ save_card: false });
  });

  it('leaves the amount out of the parameters (SPEC §3)', () => {
    const params = buildSubmitParameters({ fields: FIELDS, values: VALUES, flow: 'deposit' });
    expect(Object.keys(params)).not.toContain('amount');
  });

  it('never reads card data from the form values, and drops names that are no field (SPEC §3)', () => {
    const params = buildSubmitParameters({ fields: FIELDS, values: VALUES, flow: 'deposit' });
    expect(params).toStrictEqual({
      iban: 'DE89370400440532013000',
      bank: 'a',
      birth_date: '2000-02-29T00:00:00.000Z',
      terms: true,
    });
  });

  it('sends the CVV only when the form has a CVV field (SPEC §3)', () => {
    const withoutCvvField = buildSubmitParameters({
      fields: [iban],
      values: {},
      flow: 'checkout',
      card: NEW_CARD,
    });
    expect(withoutCvvField).not.toHaveProperty('card_cvv');
    const withCvvField = buildSubmitParameters({
      fields: [cvvField],
      values: {},
      flow: 'checkout',
      card: NEW_CARD,
    });
    expect(withCvvField.card_cvv).toBe(CVV);
  });

  it('puts the card number and CVV under card_pan and card_cvv only (SPEC §3, property)', () => {
    const text = fc.string({ minLength: 1 });
    fc.assert(
      fc.property(
        fc.dictionary(fc.string(), text),
        fc.constantFrom('deposit', 'checkout'),
        (extra, flow) => {
          // Extra fields hold arbitrary text; the PAN-carrying names of VALUES are not among them.
          const names = Object.keys(extra).filter((name) => !Object.hasOwn(VALUES, name));
          const fields = [...FIELDS, ...names.map((name) => mapField({ name }))];
          const params = buildSubmitParameters({
            fields,
            values: { ...extra, ...VALUES },
            flow,
            card: NEW_CARD,
          });
          const carriers = Object.entries(params)
            .filter(([, value]) => value === PAN || value === CVV)
            .map(([name]) => name)
            .sort();
          expect(carriers).toEqual(['card_cvv', 'card_pan']);
        },
      ),
      { numRuns: 100 },
    );
  });

  it('drops empty card values and missing field values (SPEC §3)', () => {
    const params = buildSubmitParameters({
      fields: [iban, bank, cvvField],
      values: { iban: undefined, bank: null },
      flow: 'deposit',
      card: { cardId: ' ', bin: '', pan: '', cardholderName: '  ', expMonth: '', cvv: '' },
    });
    expect(params).toStrictEqual({});
  });

  it('leaves an unparseable date out and keeps a select stored as text (SPEC §3)', () => {
    const params = buildSubmitParameters({
      fields: [birth, bank],
      values: { birth_date: '31.02.2024', bank: 'b' },
      flow: 'deposit',
    });
    expect(params).toStrictEqual({ bank: 'b' });
  });

  it('is safe with field names that exist on Object.prototype (SPEC §3)', () => {
    const proto = mapField({ name: '__proto__' });
    const toStringField = mapField({ name: 'toString' });
    const params = buildSubmitParameters({
      fields: [proto, toStringField],
      values: {},
      flow: 'deposit',
    });
    expect(Object.keys(params)).toEqual([]);
    const withValue = buildSubmitParameters({
      fields: [proto],
      values: Object.fromEntries([['__proto__', 'x']]),
      flow: 'deposit',
    });
    expect(Object.entries(withValue)).toEqual([['__proto__', 'x']]);
  });
});

describe('deposit submit body (SPEC §3, §7)', () => {
  it('sends the amount as decimal text, the fields and the currency (SPEC §3)', () => {
    expect(
      buildDepositSubmitBody({
        amount: '1 000.50',
        currency: 'EUR',
        fields: [amountField, iban],
        values: { amount: '1 000.50', iban: 'X1' },
      }),
    ).toStrictEqual({
      ok: true,
      payload: { amount: '1000.5', fields: { iban: 'X1' }, currency: 'EUR' },
    });
  });

  it('uses the deposit card names (SPEC §3)', () => {
    const body = buildDepositSubmitBody({
      amount: '5',
      currency: 'EUR',
      fields: [],
      values: {},
      card: SAVED_CARD,
    });
    expect(body.ok && body.payload.fields).toStrictEqual({
      card_id: 'card-42',
      card_bin: '411111',
      card_cardholder_name: 'JANE DOE',
      month: '01',
      year: '29',
    });
  });

  it.each([['0'], ['-5'], ['abc'], [''], ['1e3']])(
    'refuses the amount %j (SPEC §5 incorrect amount)',
    (amount) => {
      expect(
        buildDepositSubmitBody({ amount, currency: 'EUR', fields: [], values: {} }),
      ).toStrictEqual({
        ok: false,
        error: { key: MESSAGE_KEYS.incorrectAmount },
      });
    },
  );
});

describe('payment request payload (SPEC §3)', () => {
  const browserData = buildBrowserData({
    colorDepth: 24,
    language: 'en',
    timeZoneOffset: 0,
    timeZoneName: 'UTC',
    javaEnabled: false,
    screenHeight: 800,
    screenWidth: 600,
    windowHeight: 700,
    windowWidth: 500,
    userAgent: 'UA',
  });

  it('builds the full payload for a saved card (SPEC §3)', () => {
    expect(
      buildPaymentRequestPayload({
        amount: '10.50',
        currency: 'EUR',
        fields: [amountField, iban],
        values: { amount: '10.50', iban: 'X' },
        browserData,
        card: SAVED_CARD,
        fingerprint: 'fp-1',
        isNewPayoutAccount: false,
      }),
    ).toStrictEqual({
      ok: true,
      payload: {
        amount: 10.5,
        currency: 'EUR',
        card_data: { card_id: 'card-42' },
        browser_data: browserData,
        parameters: {
          iban: 'X',
          card_id: 'card-42',
          card_bin: '411111',
          is_card_token_active: true,
          card_cardholder_name: 'JANE DOE',
          card_exp_month: '01',
          card_exp_year: '29',
        },
        fingerprint: 'fp-1',
        is_new_payout_account: false,
      },
    });
  });

  it('has no card_data, fingerprint or payout flag when there are none (SPEC §3)', () => {
    const result = buildPaymentRequestPayload({
      amount: '3',
      currency: 'USD',
      fields: [],
      values: {},
      browserData,
      card: NEW_CARD,
      fingerprint: '',
    });
    expect(result.ok && Object.keys(result.payload).sort()).toEqual([
      'amount',
      'browser_data',
      'currency',
      'parameters',
    ]);
  });

  it('can name the card fields for the deposit flow (SPEC §3)', () => {
    const result = buildPaymentRequestPayload({
      amount: '3',
      currency: 'USD',
      fields: [],
      values: {},
      browserData,
      card: { expMonth: '02', expYear: '28' },
      flow: 'deposit',
    });
    expect(result.ok && result.payload.parameters).toStrictEqual({ month: '02', year: '28' });
  });

  it.each([['0'], ['x'], ['12345678901234567.89'], ['0.1234567890123456789']])(
    'refuses the amount %j rather than send an altered number (SPEC §3, §5)',
    (amount) => {
      expect(
        buildPaymentRequestPayload({
          amount,
          currency: 'EUR',
          fields: [],
          values: {},
          browserData,
        }),
      ).toStrictEqual({
        ok: false,
        error: { key: MESSAGE_KEYS.incorrectAmount },
      });
    },
  );
});

describe('deposit form defaults (SPEC §3)', () => {
  it('starts from the saved card with empty CVV and card number and save_card on (SPEC §3)', () => {
    expect(
      depositFormDefaults('25', {
        id: 'card-1',
        cardholderName: 'JANE DOE',
        expMonth: 3,
        expYear: 2027,
      }),
    ).toStrictEqual({
      expirationDate: '03/27',
      amount: '25',
      card_cardholder_name: 'JANE DOE',
      card_cvv: '',
      card_id: 'card-1',
      save_card: false,
      card_pan: '',
    });
  });

  it('starts empty without a saved card, save_card unticked until the player agrees (SPEC §3)', () => {
    expect(depositFormDefaults('1')).toStrictEqual({
      expirationDate: '',
      amount: '1',
      card_cardholder_name: '',
      card_cvv: '',
      card_id: '',
      save_card: false,
      card_pan: '',
    });
  });

  it.each([
    ['12', '30', '12/30'],
    ['1', '2030', '01/30'],
    [' 09 ', 31, '09/31'],
    ['13', '30', ''],
    ['0', '30', ''],
    ['00', '30', ''],
    ['12', '123', ''],
    [undefined, '30', ''],
    ['12', undefined, ''],
  ] as const)('month %j and year %j read %j (SPEC §3, §5 MM/YY)', (month, year, text) => {
    expect(formatExpiry(month, year)).toBe(text);
  });
});
