/**
 * Card type detection (SPEC §5) on credit-card-type, the detector card-validator itself uses.
 *
 * credit-card-type keeps its type table as module state, and card-validator `require`s the same
 * module, so one configuration serves both. The package promises `"sideEffects": false`, so the
 * configuration is not done at import time: every card function calls {@link configureCardTypes}
 * first, and that function checks the library's state before touching it.
 *
 * @packageDocumentation
 */
import creditCardType from 'credit-card-type';

/** The configuration object credit-card-type takes in `addCard`. */
type CardConfig = Parameters<typeof creditCardType.addCard>[0];

/**
 * SPEC §5: the card type identifiers the product knows. The first twelve are credit-card-type's
 * own; the last four are the spec's extra types, whose names the spec does not give, so they are
 * named here by what they are.
 */
export const CARD_TYPE = {
  visa: 'visa',
  mastercard: 'mastercard',
  americanExpress: 'american-express',
  dinersClub: 'diners-club',
  discover: 'discover',
  jcb: 'jcb',
  unionpay: 'unionpay',
  maestro: 'maestro',
  elo: 'elo',
  mir: 'mir',
  hiper: 'hiper',
  hipercard: 'hipercard',
  visaLike: 'visa-like',
  local8: 'local-8',
  local9: 'local-9',
  local6: 'local-6',
} as const;

/** SPEC §5: any identifier of {@link CARD_TYPE}. */
export type CardTypeId = (typeof CARD_TYPE)[keyof typeof CARD_TYPE];

/** SPEC §5: every card type identifier the product detects, as the spec lists them. */
export const CARD_TYPE_IDS: readonly CardTypeId[] = Object.values(CARD_TYPE);

/** SPEC §5: what the rules need to know of a detected card type. */
export interface CardTypeInfo {
  /** Identifier, one of {@link CARD_TYPE_IDS}. */
  readonly type: string;
  /** Brand name for display. */
  readonly niceType: string;
  /** Allowed numbers of digits. */
  readonly lengths: readonly number[];
  /** Digit positions before which the library would put a space (SPEC §5 groups by 4 instead). */
  readonly gaps: readonly number[];
  /** The security code's name on the card and its number of digits. */
  readonly code: { readonly name: string; readonly size: number };
}

/**
 * Types credit-card-type knows but the spec does not list. Troy's 9792 would otherwise shadow the
 * spec's prefix-9 local type; Naranja and Verve sit inside Maestro's ranges, which keep them.
 */
const UNLISTED_LIBRARY_TYPES = ['troy', 'naranja', 'verve'] as const;

/** SPEC §5 lengths and code sizes, pinned so a library upgrade cannot move them. */
const SPEC_UPDATES: readonly (readonly [CardTypeId, Partial<CardConfig>])[] = [
  [CARD_TYPE.visa, { lengths: [16, 18, 19] }],
  [CARD_TYPE.mastercard, { lengths: [16] }],
  [CARD_TYPE.americanExpress, { lengths: [15], code: { name: 'CID', size: 4 } }],
  [CARD_TYPE.dinersClub, { lengths: [14, 16, 19] }],
  [CARD_TYPE.maestro, { lengths: [12, 13, 14, 15, 16, 17, 18, 19] }],
];

const GROUPS_OF_FOUR = [4, 8, 12];

function localType(type: CardTypeId, prefix: number): CardConfig {
  return {
    niceType: 'Local card',
    type,
    patterns: [prefix],
    gaps: GROUPS_OF_FOUR,
    lengths: [16],
    code: { name: 'CVV', size: 3 },
  };
}

/** SPEC §5: the Visa-like type and the three local types. */
const SPEC_ADDITIONS: readonly CardConfig[] = [
  {
    niceType: 'Visa',
    type: CARD_TYPE.visaLike,
    patterns: [4],
    gaps: GROUPS_OF_FOUR,
    lengths: [16, 17, 18, 19],
    code: { name: 'CVV', size: 3 },
  },
  localType(CARD_TYPE.local8, 8),
  localType(CARD_TYPE.local9, 9),
  localType(CARD_TYPE.local6, 6),
];

/**
 * Pairs of types with the very same one-digit prefix. credit-card-type settles a tie of equally
 * specific patterns by test order, so the second of each pair is never the detected type; the
 * number rules try it when the number fails the first (see {@link alternateCardType}).
 *
 * - Visa before Visa-like: the brand stays "visa" and Visa's own lengths 16, 18, 19 apply first;
 *   a 17-digit number starting with 4 is valid as Visa-like.
 * - Local-6 before Maestro: Maestro's bare-6 pattern is the library's catch-all for the 6 range,
 *   which is exactly where the spec puts its local type, so local-6 must come first or it would
 *   never be detected. Every more specific 6 prefix (Discover 6011, 644-649 and 65, UnionPay 62,
 *   Maestro 63 and 67, Hipercard 606282, Elo and Hiper ranges) still wins on match strength, and
 *   a bare-6 number that is not 16 digits long is still checked as Maestro.
 */
const TIED_TYPES: Readonly<Partial<Record<string, CardTypeId>>> = {
  [CARD_TYPE.visa]: CARD_TYPE.visaLike,
  [CARD_TYPE.local6]: CARD_TYPE.maestro,
};

function testOrder(): string[] {
  // With an empty number the library lists every type it tests, in its test order.
  return creditCardType('').map((config) => config.type);
}

/**
 * Whether the spec's types are in the library: local-6 is one of the types configuration adds, and
 * the library forgets every added type on `resetModifications()`. A lookup of it costs about a
 * tenth of detecting a number (every card function asks, several times per card payment), and the
 * rest of the configuration is made in the same synchronous call that adds it.
 */
function isConfigured(): boolean {
  return lookupType(CARD_TYPE.local6) !== null;
}

/**
 * SPEC §5: puts the spec's card types into credit-card-type (and so into card-validator):
 * drops the library types the spec does not list, pins the spec's lengths, adds the Visa-like and
 * the three local types, and orders local-6 before Maestro. Idempotent and cheap when already
 * done; every card function of this package calls it, so callers only need it when they use
 * credit-card-type or card-validator directly. Another `resetModifications()` is repaired on the
 * next call.
 */
export function configureCardTypes(): void {
  if (isConfigured()) return;
  const present = testOrder();
  for (const type of UNLISTED_LIBRARY_TYPES) {
    if (present.includes(type)) creditCardType.removeCard(type);
  }
  for (const [type, updates] of SPEC_UPDATES) creditCardType.updateCard(type, updates);
  for (const config of SPEC_ADDITIONS) creditCardType.addCard(config);
  const withoutLocal6 = testOrder().filter((type) => type !== CARD_TYPE.local6);
  creditCardType.changeOrder(CARD_TYPE.local6, withoutLocal6.indexOf(CARD_TYPE.maestro));
}

/** credit-card-type types getTypeInfo as never null, yet it returns null for an unknown type. */
function lookupType(type: string): CardConfig | null {
  return creditCardType.getTypeInfo(type);
}

function toInfo(config: CardConfig): CardTypeInfo {
  return {
    type: config.type,
    niceType: config.niceType,
    lengths: config.lengths,
    gaps: config.gaps,
    code: { name: config.code.name, size: config.code.size },
  };
}

/**
 * SPEC §5: the configuration of one card type, or `null` for an unknown identifier.
 */
export function cardTypeInfo(type: string): CardTypeInfo | null {
  configureCardTypes();
  const config = lookupType(type);
  return config === null ? null : toInfo(config);
}

/**
 * SPEC §5: the card type of a (possibly partial) card number, or `null` while the digits typed so
 * far fit several types or none. Spaces and dashes are ignored; any other character gives `null`.
 */
export function detectCardType(cardNumber: string): CardTypeInfo | null {
  configureCardTypes();
  const digits = cardNumber.replace(/[\s-]/g, '');
  if (!/^\d+$/.test(digits)) return null;
  const matches = creditCardType(digits);
  const only = matches.length === 1 ? matches[0] : undefined;
  return only === undefined ? null : toInfo(only);
}

/**
 * SPEC §5: the type that shares `type`'s prefix but loses the library's tie-break, if any
 * (Visa-like behind Visa, Maestro behind local-6).
 */
export function alternateCardType(type: string): CardTypeInfo | null {
  const alternate = TIED_TYPES[type];
  return alternate === undefined ? null : cardTypeInfo(alternate);
}
