/**
 * The parts of the demo seed that more than one of its files uses: the currencies, the origin of
 * the demo host page, the card fields of a deposit form and the usual amount limits of brand0's
 * methods.
 *
 * @packageDocumentation
 */
import type { currencies, StoredFieldDefinition } from '../schema';

/** SPEC §3 currencies: EUR (2 places), JPY (0) for brand0 and KWD (3) for brand1. */
export const SEED_CURRENCIES: readonly (typeof currencies.$inferInsert)[] = [
  { alpha3: 'EUR', currencyId: 978, name: 'Euro', isoNumber: 978, precision: 2 },
  { alpha3: 'JPY', currencyId: 392, name: 'Japanese yen', isoNumber: 392, precision: 0 },
  { alpha3: 'KWD', currencyId: 414, name: 'Kuwaiti dinar', isoNumber: 414, precision: 3 },
];

/**
 * The demo host page of `npm start` (scripts/start.ts, default HOST_PAGE_PORT 8081), the
 * one site allowed to frame the demo brands' widget besides the widget's own origin.
 */
export const DEMO_HOST_PAGE_ORIGIN = 'http://localhost:8081';

/** The amount limits of most of brand0's methods, per currency. */
export const EUR_LIMITS = { currency: 'EUR', minAmount: '5', maxAmount: '5000' } as const;
export const JPY_LIMITS = { currency: 'JPY', minAmount: '500', maxAmount: '500000' } as const;

/** SPEC §3, §5: the card fields of a deposit form (number, expiry, CVV, holder, saved card). */
export const CARD_DEPOSIT_FIELDS: readonly StoredFieldDefinition[] = [
  {
    name: 'card_id',
    type: 'select',
    extended_type: 'card_id',
    label: 'PH.FIELD.SAVED_CARD',
    placeholder_empty_list: 'PH.FIELD.NO_SAVED_CARDS',
  },
  {
    name: 'card_pan',
    type: 'input',
    extended_type: 'card_pan',
    label: 'PH.FIELD.CARD_NUMBER',
    placeholder: '0000 0000 0000 0000',
    is_required: true,
  },
  {
    name: 'expirationDate',
    type: 'input',
    label: 'PH.FIELD.EXPIRY',
    placeholder: 'MM/YY',
    is_required: true,
  },
  {
    name: 'card_cvv',
    type: 'input',
    extended_type: 'card_cvv',
    label: 'PH.FIELD.CVV',
    is_required: true,
  },
  {
    name: 'card_cardholder_name',
    type: 'input',
    extended_type: 'card_cardholder_name',
    label: 'PH.FIELD.CARDHOLDER',
    max_length: 255,
    is_required: true,
  },
  { name: 'save_card', type: 'check', label: 'PH.FIELD.SAVE_CARD' },
];
