/**
 * Method type filters (SPEC §4 type display order).
 *
 * @packageDocumentation
 */
import type { Method } from './types';

/**
 * SPEC §4: the type display order: popular, all, bank transfers, credit and debit cards,
 * e-wallets, prepaid & cash, crypto, terminal, mobile, bet shops, other.
 */
export const METHOD_TYPE_ORDER = [
  'popular',
  'all',
  'bank_transfers',
  'cards',
  'e_wallets',
  'prepaid_cash',
  'crypto',
  'terminal',
  'mobile',
  'bet_shops',
  'other',
] as const;

/** SPEC §4: one entry of the type filter. */
export type MethodTypeFilter = (typeof METHOD_TYPE_ORDER)[number];

/** SPEC §4: the filters that name a kind of payment (all but popular and all). */
export type MethodCategory = Exclude<MethodTypeFilter, 'popular' | 'all'>;

/**
 * SPEC §4: how `pay_method_type` wire texts map to a category. The spec does not show the wire
 * values, so this table recognises the obvious spellings after normalisation (lower case, '&' read
 * as 'and', every other run of non-alphanumerics as '_'); callers may pass their own table.
 * Anything not listed is 'other'.
 */
export const DEFAULT_METHOD_TYPE_ALIASES: Readonly<Record<string, MethodCategory>> = {
  bank: 'bank_transfers',
  bank_transfer: 'bank_transfers',
  bank_transfers: 'bank_transfers',
  banktransfer: 'bank_transfers',
  banktransfers: 'bank_transfers',
  card: 'cards',
  cards: 'cards',
  credit_card: 'cards',
  credit_cards: 'cards',
  debit_card: 'cards',
  debit_cards: 'cards',
  credit_and_debit_cards: 'cards',
  ewallet: 'e_wallets',
  ewallets: 'e_wallets',
  e_wallet: 'e_wallets',
  e_wallets: 'e_wallets',
  wallet: 'e_wallets',
  wallets: 'e_wallets',
  prepaid: 'prepaid_cash',
  cash: 'prepaid_cash',
  prepaid_cash: 'prepaid_cash',
  prepaid_and_cash: 'prepaid_cash',
  crypto: 'crypto',
  cryptocurrency: 'crypto',
  cryptocurrencies: 'crypto',
  terminal: 'terminal',
  terminals: 'terminal',
  mobile: 'mobile',
  mobile_payment: 'mobile',
  mobile_payments: 'mobile',
  bet_shop: 'bet_shops',
  bet_shops: 'bet_shops',
  betshop: 'bet_shops',
  betshops: 'bet_shops',
  other: 'other',
};

function normaliseTypeText(text: string): string {
  return text
    .toLowerCase()
    .replace(/&/g, '_and_')
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
}

/**
 * SPEC §4: the category of a `pay_method_type` text; unknown or missing types are 'other'.
 */
export function methodCategory(
  payMethodType: string | null | undefined,
  aliases: Readonly<Record<string, MethodCategory>> = DEFAULT_METHOD_TYPE_ALIASES,
): MethodCategory {
  if (payMethodType == null) return 'other';
  const key = normaliseTypeText(payMethodType);
  return Object.hasOwn(aliases, key) ? (aliases[key] ?? 'other') : 'other';
}

/**
 * SPEC §4: the filter list for a set of methods: only the types present, in display order.
 * 'popular' is offered when some method is popular and 'all' whenever there is any method (the
 * spec lists both in the order but does not say when they show; this is the choice made here).
 */
export function buildTypeFilters(
  methods: readonly Pick<Method, 'isPopular' | 'payMethodType'>[],
  aliases: Readonly<Record<string, MethodCategory>> = DEFAULT_METHOD_TYPE_ALIASES,
): readonly MethodTypeFilter[] {
  if (methods.length === 0) return [];
  const present = new Set<MethodTypeFilter>(['all']);
  for (const method of methods) {
    if (method.isPopular) present.add('popular');
    present.add(methodCategory(method.payMethodType, aliases));
  }
  return METHOD_TYPE_ORDER.filter((filter) => present.has(filter));
}

/** SPEC §4: the methods a type filter shows, keeping their order. */
export function filterMethodsByType<M extends Pick<Method, 'isPopular' | 'payMethodType'>>(
  methods: readonly M[],
  filter: MethodTypeFilter,
  aliases: Readonly<Record<string, MethodCategory>> = DEFAULT_METHOD_TYPE_ALIASES,
): readonly M[] {
  if (filter === 'all') return methods;
  if (filter === 'popular') return methods.filter((method) => method.isPopular);
  return methods.filter((method) => methodCategory(method.payMethodType, aliases) === filter);
}
