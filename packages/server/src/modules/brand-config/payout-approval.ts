/**
 * A brand's payout approval setting: whether its withdrawals wait for the operator's approval
 * (`brands.payout_approval`) and, per currency, the amount below which they do not (the exempt
 * amounts, kept in the brand's jsonb `settings` under {@link EXEMPT_BELOW_KEY}: a key no widget
 * setting may use, never answered as a widget setting). Written whole by PUT /payout-approval;
 * read by the pipeline when it creates a withdrawal (modules/payments/transaction-repository.ts).
 *
 * Rules kept here:
 * - an exempt amount is a decimal above zero with at most its currency's decimal places, in a
 *   currency the server defines (400 naming `body.exempt_below.<alpha3>` otherwise);
 * - a withdrawal whose amount (what the player asked for) is strictly below its currency's exempt
 *   amount is sent at once; at or above it, or in a currency without one, it waits;
 * - a stored value this module cannot read exempts nothing: approval fails closed.
 *
 * @packageDocumentation
 */
import Big from 'big.js';
import * as z from 'zod/mini';
import { eq, inArray } from 'drizzle-orm';
import { Currency, Decimal } from '@cashdesk/contract';
import type { PayoutApprovalRequest, PayoutApprovalSetting } from '@cashdesk/contract';
import type { Executor } from '../../db/open';
import { brands, currencies } from '../../db/schema';
import { requireBrand } from './brand';
import type { BrandRow } from './brand';
import { invalid } from './checks';

/**
 * The key of the exempt amounts inside `brands.settings`. Widget setting names never start with
 * `@` (the contract's BrandSettings refuses them), so the two never clash.
 */
const EXEMPT_BELOW_KEY = '@payout_approval_exempt_below';

const StoredExemptBelow = z.record(Currency, Decimal);

/** The exempt amounts a brand's settings hold (none when absent or unreadable). */
function exemptBelowOf(settings: Readonly<Record<string, unknown>>): Record<string, string> {
  const parsed = z.safeParse(StoredExemptBelow, settings[EXEMPT_BELOW_KEY]);
  return parsed.success ? { ...parsed.data } : {};
}

/** The widget's part of a brand's settings: every key but the server's own (`@…`). */
export function widgetSettingsOf(
  settings: Readonly<Record<string, unknown>>,
): Record<string, unknown> {
  return Object.fromEntries(Object.entries(settings).filter(([key]) => !key.startsWith('@')));
}

/** The server's own keys of a brand's settings, kept when the widget settings are replaced. */
export function serverSettingsOf(
  settings: Readonly<Record<string, unknown>>,
): Record<string, unknown> {
  return Object.fromEntries(Object.entries(settings).filter(([key]) => key.startsWith('@')));
}

/** The setting as the operator API answers it. */
export function toPayoutApprovalSetting(
  row: Pick<BrandRow, 'payoutApproval' | 'settings'>,
): PayoutApprovalSetting {
  return { required: row.payoutApproval, exempt_below: exemptBelowOf(row.settings) };
}

/**
 * Whether a withdrawal of `amount` in `currency` of a brand waits for the operator's approval:
 * the brand requires approval and the amount is not strictly below the currency's exempt amount.
 */
export function payoutAwaitsApproval(
  brand: Pick<BrandRow, 'payoutApproval' | 'settings'>,
  currency: string,
  amount: string,
): boolean {
  if (!brand.payoutApproval) return false;
  const below = exemptBelowOf(brand.settings)[currency];
  return below === undefined || !new Big(amount).lt(below);
}

/** Decimal places written in a decimal string ("10.50" has two). */
function placesOf(value: string): number {
  const point = value.indexOf('.');
  return point < 0 ? 0 : value.length - point - 1;
}

/**
 * Refuses exempt amounts of undefined currencies, of zero, or with more decimal places than
 * their currency has, naming the first at fault.
 *
 * @throws {ApiError} invalidField (`body.exempt_below.<alpha3>`)
 */
async function assertExemptAmounts(
  db: Executor,
  exemptBelow: Readonly<Record<string, string>>,
): Promise<void> {
  const codes = Object.keys(exemptBelow);
  if (codes.length === 0) return;
  const rows = await db
    .select({ alpha3: currencies.alpha3, precision: currencies.precision })
    .from(currencies)
    .where(inArray(currencies.alpha3, codes));
  const precision = new Map(rows.map((row) => [row.alpha3, row.precision]));
  for (const [code, amount] of Object.entries(exemptBelow)) {
    const field = `body.exempt_below.${code}`;
    const places = precision.get(code);
    if (places === undefined) invalid(field, `currency ${code} is not defined (PUT /currencies)`);
    if (placesOf(amount) > places) {
      invalid(field, `${code} has ${String(places)} decimal places, ${amount} has more`);
    }
    if (!new Big(amount).gt(0)) invalid(field, 'an exempt amount is above zero');
  }
}

/**
 * Replaces the brand's payout approval setting. Run it in the transaction that bumped the
 * configuration version (which holds the brand row's lock).
 *
 * @throws {ApiError} invalidField for an exempt amount at fault (nothing is written).
 */
export async function setPayoutApproval(
  tx: Executor,
  brandId: string,
  request: PayoutApprovalRequest,
): Promise<{ readonly before: PayoutApprovalSetting; readonly after: PayoutApprovalSetting }> {
  const exemptBelow = { ...request.exempt_below };
  await assertExemptAmounts(tx, exemptBelow);
  const row = await requireBrand(tx, brandId);
  const settings: Record<string, unknown> = Object.fromEntries(
    Object.entries(row.settings).filter(([name]) => name !== EXEMPT_BELOW_KEY),
  );
  if (Object.keys(exemptBelow).length > 0) settings[EXEMPT_BELOW_KEY] = exemptBelow;
  const [updated] = await tx
    .update(brands)
    .set({ payoutApproval: request.required, settings })
    .where(eq(brands.id, brandId))
    .returning();
  if (updated === undefined) throw new Error('brand vanished under its lock');
  return { before: toPayoutApprovalSetting(row), after: toPayoutApprovalSetting(updated) };
}
