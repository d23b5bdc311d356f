/**
 * The demo data, as plain values: brand0 with a deposit and a payout pay group of every
 * method kind of SPEC §1 whose forms hold every field kind of SPEC §3, two currencies of different
 * precision (EUR 2 places, JPY 0), tax tiers with a non-taxable tier, a general and a
 * per-pay-group bonus, a lost-profit bonus, a popular, a restricted, a disabled and a last-used
 * method, carousel methods, bet shops, a content page and the demo players; plus brand1 (KWD, 3
 * places) so that tests can show that a player of one brand sees nothing of another.
 *
 * One file per brand (brand0's pay groups in two more), the parts they share in shared.ts and the
 * shapes in types.ts; this index is what the seed takes. src/db/seed.ts writes these values;
 * test/seed.test.ts checks the promises above.
 *
 * @packageDocumentation
 */
import { BRAND0 } from './brand0';
import { BRAND1 } from './brand1';
import type { SeedBrand } from './types';

export { DEMO_HOST_PAGE_ORIGIN, SEED_CURRENCIES } from './shared';
export type { SeedBrand, SeedPayGroup, SeedPlayer } from './types';
export { DEMO_STAFF, DEMO_STAFF_PASSWORD } from './staff';

/** Every brand the seed writes, in order. */
export const SEED_BRANDS: readonly SeedBrand[] = [BRAND0, BRAND1];
