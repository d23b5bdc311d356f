/**
 * Currencies (SPEC §3: id, name, alpha3, ISO number, precision). The table is shared by
 * every brand, and balances, ledger entries and transactions of every brand refer to it, so a
 * definition is fixed once written: the same definition again changes nothing, another one for a
 * defined code is refused (409, 1805) instead of silently changing the precision of money already
 * kept. A brand offers exactly the currencies its enabled pay groups list.
 *
 * @packageDocumentation
 */
import type { PaymentFlow } from '@cashdesk/domain';
import type { CurrencyDefinition, CurrencyDefinitionRequest } from '@cashdesk/contract';
import { and, asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/open';
import { currencies, payGroupCurrencies, payGroups } from '../../db/schema';
import { ApiError } from '../../http/api-error';
import type { ConfigChange } from './pay-groups';

type CurrencyRow = typeof currencies.$inferSelect;

function toDefinition(row: CurrencyRow): CurrencyDefinition {
  return {
    alpha3: row.alpha3,
    currency_id: row.currencyId,
    name: row.name,
    iso_number: row.isoNumber,
    precision: row.precision,
  };
}

/** Every defined currency, by code. */
export async function listCurrencies(db: Executor): Promise<CurrencyDefinition[]> {
  const rows = await db.select().from(currencies).orderBy(asc(currencies.alpha3));
  return rows.map(toDefinition);
}

/**
 * The currencies the brand offers: those its enabled pay groups list (of `flow` when given), by
 * code. The one reading of "offered" for the configuration answer and for opening a session.
 */
export async function offeredCurrencies(
  db: Executor,
  brandId: string,
  flow?: PaymentFlow,
): Promise<string[]> {
  const rows = await db
    .selectDistinct({ alpha3: payGroupCurrencies.currency })
    .from(payGroupCurrencies)
    .innerJoin(payGroups, eq(payGroups.id, payGroupCurrencies.payGroupId))
    .where(
      and(
        eq(payGroups.brandId, brandId),
        eq(payGroups.enabled, true),
        flow === undefined ? undefined : eq(payGroups.flow, flow),
      ),
    )
    .orderBy(asc(payGroupCurrencies.currency));
  return rows.map((row) => row.alpha3);
}

/**
 * Defines `alpha3`. `after` equals `before` when it was defined the same already.
 *
 * @throws {ApiError} operatorConflict when it is defined otherwise, or its currency id is taken.
 */
export async function defineCurrency(
  tx: Executor,
  alpha3: string,
  request: CurrencyDefinitionRequest,
): Promise<ConfigChange<CurrencyDefinition> & { readonly after: CurrencyDefinition }> {
  const wanted: CurrencyDefinition = { alpha3, ...request };
  const target = `currency:${alpha3}`;
  const [existing] = await tx.select().from(currencies).where(eq(currencies.alpha3, alpha3));
  await tx
    .insert(currencies)
    .values({
      alpha3,
      currencyId: request.currency_id,
      name: request.name,
      isoNumber: request.iso_number,
      precision: request.precision,
    })
    .onConflictDoNothing();
  const [row] = await tx.select().from(currencies).where(eq(currencies.alpha3, alpha3));
  if (row === undefined) {
    throw new ApiError('operatorConflict', {
      field: 'body.currency_id',
      detail: `currency id ${String(request.currency_id)} belongs to another currency`,
    });
  }
  const stored = toDefinition(row);
  if (JSON.stringify(stored) !== JSON.stringify(wanted)) {
    throw new ApiError('operatorConflict', {
      field: 'params.alpha3',
      detail: `${alpha3} is defined otherwise; a currency's definition is fixed`,
    });
  }
  return { target, before: existing === undefined ? null : stored, after: stored };
}
