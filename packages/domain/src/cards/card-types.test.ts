import cardValidator from 'card-validator';
import creditCardType from 'credit-card-type';
import { describe, expect, it, vi } from 'vitest';
import {
  CARD_TYPE,
  CARD_TYPE_IDS,
  alternateCardType,
  cardTypeInfo,
  configureCardTypes,
  detectCardType,
} from './card-types';
import { luhnCheckDigit } from './luhn';

/** A Luhn-valid number of `length` digits starting with `prefix`. */
function cardNumber(prefix: string, length = 16): string {
  const body = prefix.padEnd(length - 1, '0');
  return `${body}${luhnCheckDigit(body) ?? ''}`;
}

const EXPECTED_ORDER = [
  'visa',
  'mastercard',
  'american-express',
  'diners-club',
  'discover',
  'jcb',
  'unionpay',
  'local-6',
  'maestro',
  'elo',
  'mir',
  'hiper',
  'hipercard',
  'visa-like',
  'local-8',
  'local-9',
];

function libraryOrder(): string[] {
  return creditCardType('').map((config) => config.type);
}

describe('card type configuration (SPEC §5)', () => {
  it('SPEC §5: lists the twelve spec types and the four extra ones', () => {
    expect(CARD_TYPE_IDS).toEqual([
      'visa',
      'mastercard',
      'american-express',
      'diners-club',
      'discover',
      'jcb',
      'unionpay',
      'maestro',
      'elo',
      'mir',
      'hiper',
      'hipercard',
      'visa-like',
      'local-8',
      'local-9',
      'local-6',
    ]);
  });

  it('SPEC §5: importing the package changes nothing in the library ("sideEffects": false)', async () => {
    creditCardType.resetModifications();
    const untouched = libraryOrder();
    vi.resetModules();
    await import('./index');
    expect(libraryOrder()).toEqual(untouched);
    expect(untouched).toContain('troy');
  });

  it('SPEC §5: drops unlisted library types, adds the extra ones, puts local-6 before Maestro', () => {
    configureCardTypes();
    expect(libraryOrder()).toEqual(EXPECTED_ORDER);
  });

  it('SPEC §5: configuring again changes nothing (idempotent)', () => {
    configureCardTypes();
    configureCardTypes();
    configureCardTypes();
    expect(libraryOrder()).toEqual(EXPECTED_ORDER);
  });

  it('SPEC §5: repairs the configuration after the library was reset', () => {
    configureCardTypes();
    creditCardType.resetModifications();
    expect(creditCardType(cardNumber('61'))[0]?.type).toBe('maestro');
    expect(detectCardType(cardNumber('61'))?.type).toBe('local-6');
    expect(libraryOrder()).toEqual(EXPECTED_ORDER);
  });

  it('SPEC §5: repairs a partly configured library (unlisted types already removed)', () => {
    creditCardType.resetModifications();
    creditCardType.removeCard('troy');
    configureCardTypes();
    expect(libraryOrder()).toEqual(EXPECTED_ORDER);
  });

  it.each([
    ['visa', [16, 18, 19], 3],
    ['mastercard', [16], 3],
    ['american-express', [15], 4],
    ['diners-club', [14, 16, 19], 3],
    ['maestro', [12, 13, 14, 15, 16, 17, 18, 19], 3],
    ['visa-like', [16, 17, 18, 19], 3],
    ['local-8', [16], 3],
    ['local-9', [16], 3],
    ['local-6', [16], 3],
  ])('SPEC §5: %s has lengths %j and a %i-digit code', (type, lengths, codeSize) => {
    const info = cardTypeInfo(type);
    expect(info?.lengths).toEqual(lengths);
    expect(info?.code.size).toBe(codeSize);
  });

  it('SPEC §5: the extra types are grouped by 4 and named for display', () => {
    expect(cardTypeInfo(CARD_TYPE.visaLike)).toEqual({
      type: 'visa-like',
      niceType: 'Visa',
      lengths: [16, 17, 18, 19],
      gaps: [4, 8, 12],
      code: { name: 'CVV', size: 3 },
    });
    expect(cardTypeInfo(CARD_TYPE.local8)?.niceType).toBe('Local card');
  });

  it('SPEC §5: an unknown type has no configuration', () => {
    expect(cardTypeInfo('no-such-card')).toBeNull();
  });
});

describe('card type detection (SPEC §5)', () => {
  it.each([
    ['4', 16, 'visa'],
    ['4', 19, 'visa'],
    ['51', 16, 'mastercard'],
    ['2221', 16, 'mastercard'],
    ['34', 15, 'american-express'],
    ['37', 15, 'american-express'],
    ['36', 14, 'diners-club'],
    ['300', 14, 'diners-club'],
    ['6011', 16, 'discover'],
    ['644', 16, 'discover'],
    ['65', 16, 'discover'],
    ['3530', 16, 'jcb'],
    ['62', 16, 'unionpay'],
    ['810', 16, 'unionpay'],
    ['63', 16, 'maestro'],
    ['67', 16, 'maestro'],
    ['500000', 16, 'maestro'],
    ['589562', 16, 'maestro'],
    ['506099', 16, 'maestro'],
    ['401178', 16, 'elo'],
    ['650031', 16, 'elo'],
    ['2200', 16, 'mir'],
    ['637095', 16, 'hiper'],
    ['606282', 16, 'hipercard'],
    ['8', 16, 'local-8'],
    ['89', 16, 'local-8'],
    ['9', 16, 'local-9'],
    ['9792', 16, 'local-9'],
    ['6', 16, 'local-6'],
    ['61', 16, 'local-6'],
    ['640', 16, 'local-6'],
    ['66', 16, 'local-6'],
    ['68', 16, 'local-6'],
    ['69', 16, 'local-6'],
  ])('SPEC §5: a number starting %s (%i digits) is %s', (prefix, length, type) => {
    expect(detectCardType(cardNumber(prefix, length))?.type).toBe(type);
  });

  it.each([['6'], ['60'], ['601'], ['4'], ['5'], ['63']])(
    'SPEC §5: the partial number %s fits several types, so none is detected yet',
    (partial) => {
      expect(detectCardType(partial)).toBeNull();
    },
  );

  it.each([[''], ['4111x'], ['7'], ['1234567890123456'], ['abc']])(
    'SPEC §5: %j has no type',
    (value) => {
      expect(detectCardType(value)).toBeNull();
    },
  );

  it('SPEC §5: spaces and dashes are ignored', () => {
    expect(detectCardType('4111 1111-1111 1111')?.type).toBe('visa');
  });

  it('SPEC §5: card-validator sees the added types (same credit-card-type module)', () => {
    configureCardTypes();
    expect(cardValidator.number(cardNumber('8')).card?.type).toBe('local-8');
    expect(cardValidator.number(cardNumber('9')).card?.type).toBe('local-9');
    expect(cardValidator.number(cardNumber('61')).card?.type).toBe('local-6');
    expect(cardValidator.number(cardNumber('8')).isValid).toBe(true);
    expect(cardValidator.number(cardNumber('6011')).card?.type).toBe('discover');
  });

  it.each([
    ['visa', 'visa-like'],
    ['local-6', 'maestro'],
    ['mastercard', null],
    ['visa-like', null],
  ])('SPEC §5: the type tied with %s on its prefix is %s', (type, alternate) => {
    expect(alternateCardType(type)?.type ?? null).toBe(alternate);
  });
});
