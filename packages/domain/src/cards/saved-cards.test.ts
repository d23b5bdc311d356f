import { describe, expect, it } from 'vitest';
import {
  isSavedCardExpired,
  cardFormLayout,
  cvvRequirement,
  isSavedCardChosen,
  maskSavedCard,
  removeCard,
  savedCardId,
  savedCardType,
} from './saved-cards';
import type { SavedCard } from './saved-cards';

const ACTIVE: SavedCard = {
  id: 'c1',
  last4: '1111',
  bin: '411111',
  is_card_token_active: true,
  exp_month: '12',
  exp_year: '2030',
  cardholder_name: 'JOHN SMITH',
};
const INACTIVE: SavedCard = { ...ACTIVE, id: 'c2', is_card_token_active: false };
const NEW_CARD: SavedCard = { isNew: true };

describe('saved card identity (SPEC §3)', () => {
  it.each([
    [{ id: 'c1' }, 'c1'],
    [{ id: 42 }, '42'],
    [{ card_id: 7 }, '7'],
    [{ id: 'a', card_id: 'b' }, 'a'],
    [{ id: null, card_id: 'b' }, 'b'],
    [{ id: '  ' }, undefined],
    [{ id: null }, undefined],
    [{}, undefined],
  ])('SPEC §3: the id of %j is %j', (card, id) => {
    expect(savedCardId(card)).toBe(id);
  });
});

describe('selecting and removing cards (SPEC §4)', () => {
  it.each([
    ['c1', ['c2', '7']],
    ['c2', ['c1', '7']],
    [7, ['c1', 'c2']],
    [' 7 ', ['c1', 'c2']],
    ['missing', ['c1', 'c2', '7']],
  ])('SPEC §4: removing %j leaves %j', (cardId, left) => {
    const cards: SavedCard[] = [ACTIVE, INACTIVE, { card_id: 7, last4: '4444' }];
    expect(removeCard(cards, cardId).map((card) => savedCardId(card))).toEqual(left);
    expect(cards).toHaveLength(3);
  });
});

describe('saved card chosen (SPEC §4)', () => {
  it.each([
    [ACTIVE, true],
    [INACTIVE, true],
    [{ id: 'c3', last4: '' }, false],
    [{ id: 'c3', last4: null }, false],
    [{ id: 'c3' }, false],
    [{ last4: '1111' }, false],
    [{ ...ACTIVE, isNew: true }, false],
    [NEW_CARD, false],
    [null, false],
    [undefined, false],
  ])('SPEC §4: %j hides the card number input: %s', (card, chosen) => {
    expect(isSavedCardChosen(card)).toBe(chosen);
  });
});

describe('CVV shown and required (SPEC §5)', () => {
  it.each([
    // card, amount, maxRecurringAmount, fieldRequired, reason
    [ACTIVE, '5', '100', false, 'active-token'],
    [ACTIVE, '500', '100', false, 'active-token'],
    [INACTIVE, '100.01', '100', false, 'above-recurring-limit'],
    [INACTIVE, '100', '100', false, 'not-needed'],
    [INACTIVE, '100.00', '100', true, 'field-required'],
    [INACTIVE, 150, 100, false, 'above-recurring-limit'],
    [INACTIVE, '0.30', '0.3', false, 'not-needed'],
    [INACTIVE, '1e3', '100', false, 'not-needed'],
    [INACTIVE, '500', null, false, 'not-needed'],
    [INACTIVE, null, '100', false, 'not-needed'],
    [{ ...INACTIVE, is_card_token_active: null }, '5', '100', false, 'not-needed'],
    [NEW_CARD, '5', '100', false, 'new-card'],
    [null, '5', '100', false, 'new-card'],
  ] as const)(
    'SPEC §5: card %j paying %j with recurring limit %j (field required %s): %s',
    (selectedCard, amount, maxRecurringAmount, cvvFieldRequired, reason) => {
      const needed = reason !== 'not-needed';
      expect(
        cvvRequirement({ selectedCard, amount, maxRecurringAmount, cvvFieldRequired }),
      ).toEqual({ shown: needed, required: needed, reason });
    },
  );

  it('SPEC §5: money comparison is decimal, not float', () => {
    // As JS numbers both are 0.3; as decimals the amount is above the limit.
    expect(
      cvvRequirement({
        selectedCard: INACTIVE,
        amount: '0.30000000000000001',
        maxRecurringAmount: '0.3',
      }).reason,
    ).toBe('above-recurring-limit');
  });
});

describe('card form variants (SPEC §4)', () => {
  it('SPEC §4: a saved card with an active token shows the card number with the CVV', () => {
    expect(
      cardFormLayout({ selectedCard: ACTIVE, amount: '5', maxRecurringAmount: '100' }),
    ).toEqual({
      variant: 'number-and-cvv',
      showCardNumberInput: false,
      showMaskedCard: true,
      showExpiry: false,
      showCardholderName: false,
      cvv: { shown: true, required: true, reason: 'active-token' },
    });
  });

  it('SPEC §4: a saved card below the recurring limit shows the card number only', () => {
    expect(
      cardFormLayout({ selectedCard: INACTIVE, amount: '5', maxRecurringAmount: '100' }),
    ).toEqual({
      variant: 'number-only',
      showCardNumberInput: false,
      showMaskedCard: true,
      showExpiry: false,
      showCardholderName: false,
      cvv: { shown: false, required: false, reason: 'not-needed' },
    });
  });

  it.each([
    [INACTIVE, '500', false, 'number-and-cvv'],
    [INACTIVE, '5', true, 'number-and-cvv'],
    [INACTIVE, '5', false, 'number-only'],
    [ACTIVE, '5', false, 'number-and-cvv'],
    [{ ...ACTIVE, last4: undefined }, '5', false, 'full'],
    [NEW_CARD, '5', false, 'full'],
    [null, '5', false, 'full'],
  ] as const)(
    'SPEC §4: card %j paying %s (CVV field required %s) gives the %s form',
    (selectedCard, amount, cvvFieldRequired, variant) => {
      expect(
        cardFormLayout({ selectedCard, amount, maxRecurringAmount: '100', cvvFieldRequired })
          .variant,
      ).toBe(variant);
    },
  );

  it('SPEC §4: the full form shows every card field and a required CVV', () => {
    expect(cardFormLayout({})).toEqual({
      variant: 'full',
      showCardNumberInput: true,
      showMaskedCard: false,
      showExpiry: true,
      showCardholderName: true,
      cvv: { shown: true, required: true, reason: 'new-card' },
    });
  });
});

describe('saved card display (SPEC §4, §5)', () => {
  it.each([
    [{ bin: '411111', last4: '1111' }, {}, '4111 11•• •••• 1111'],
    [{ bin: '41111111', last4: '1111' }, {}, '4111 1111 •••• 1111'],
    [{ last4: '1111' }, {}, '•••• •••• •••• 1111'],
    [{ bin: null, last4: '1111' }, {}, '•••• •••• •••• 1111'],
    [{ bin: '378282', last4: '0005' }, { length: 15 }, '3782 82•• •••0 005'],
    [{ bin: '411111', last4: '1111' }, { maskChar: '*' }, '4111 11** **** 1111'],
    [{ bin: '411111', last4: '1111' }, { length: 8 }, '4111 1111 11'],
    [{ bin: '411111', last4: '1111' }, { length: Number.NaN }, '4111 1111 11'],
    [{ bin: '4111-11', last4: ' 1111' }, {}, '4111 11•• •••• 1111'],
    [{ bin: '411111' }, {}, ''],
    [{ bin: '411111', last4: '' }, {}, ''],
  ])('SPEC §4: %j with %j is listed as %j', (card, options, shown) => {
    expect(maskSavedCard(card, options)).toBe(shown);
  });

  it.each([
    [{ bin: '411111' }, 'visa'],
    [{ bin: '378282' }, 'american-express'],
    [{ bin: '555555' }, 'mastercard'],
    [{ bin: '800000' }, 'local-8'],
    [{ bin: '610000' }, 'local-6'],
    [{ bin: '' }, null],
    [{}, null],
  ])('SPEC §5: the brand of %j is %s', (card, type) => {
    expect(savedCardType(card)?.type ?? null).toBe(type);
  });
});

describe('saved card expiry (SPEC §4, §5: the current month is not past)', () => {
  const at = (iso: string) => Date.parse(iso);
  const card = { card_id: 'c1', last4: '0101', exp_month: '03', exp_year: '2027' };

  it.each([
    ['2027-03-01T00:00:00Z', false],
    ['2027-03-31T23:59:59.999Z', false],
    ['2027-04-01T00:00:00Z', true],
    ['2026-12-31T12:00:00Z', false],
    ['2028-01-01T00:00:00Z', true],
  ])('a card of 03/2027 at %s is expired: %s', (now, expired) => {
    expect(isSavedCardExpired(card, at(now))).toBe(expired);
  });

  it('a December card runs to the end of the year', () => {
    const december = { ...card, exp_month: 12, exp_year: 2027 };
    expect(isSavedCardExpired(december, at('2027-12-31T23:00:00Z'))).toBe(false);
    expect(isSavedCardExpired(december, at('2028-01-01T00:00:00Z'))).toBe(true);
  });

  it.each([
    ['no month', { exp_year: '2030' }],
    ['month 13', { exp_month: '13', exp_year: '2030' }],
    ['month 0', { exp_month: '0', exp_year: '2030' }],
    ['a two-digit year', { exp_month: '01', exp_year: '30' }],
    ['no year', { exp_month: '01' }],
  ])('an unreadable expiry (%s) counts as expired', (_name, expiry) => {
    expect(isSavedCardExpired({ card_id: 'c1', ...expiry }, at('2026-01-01T00:00:00Z'))).toBe(true);
  });
});
