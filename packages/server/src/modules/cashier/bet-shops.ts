/**
 * Bet shops of a brand (SPEC §3 betShop field): the active shops a method detail lists, the one
 * a submit names, and a shop as the contract's BetShop (working hours as ISO weekday slots).
 *
 * @packageDocumentation
 */
import { and, eq } from 'drizzle-orm';
import type { BetShop } from '@cashdesk/contract';
import type { Executor } from '../../db/open';
import { betShops } from '../../db/schema';
import type { WorkingHours } from '../../db/schema';
import { rowIdOf } from '../../platform/row-id';

/** ISO weekday numbers (1 Monday … 7 Sunday) of the stored day names. */
const WEEKDAYS = [
  ['mon', 1],
  ['tue', 2],
  ['wed', 3],
  ['thu', 4],
  ['fri', 5],
  ['sat', 6],
  ['sun', 7],
] as const;

/** Working hours as stored (day name to slots) to the wire's list of ISO weekday slots. */
export function workingHoursToWire(hours: WorkingHours): BetShop['working_hours'] {
  return WEEKDAYS.flatMap(([name, day]) =>
    (hours[name] ?? []).map((slot) => ({ day, opens: slot.open, closes: slot.close })),
  );
}

/** A bet shop row as the contract's BetShop (its id as text: a bet_shop field submits it). */
export function betShopToWire(shop: typeof betShops.$inferSelect): BetShop {
  return {
    id: String(shop.id),
    name: shop.name,
    address: shop.address,
    city: shop.city,
    working_hours: workingHoursToWire(shop.workingHours),
  };
}

/** The active bet shops of a brand. */
export async function listBetShops(
  db: Executor,
  brandId: string,
): Promise<(typeof betShops.$inferSelect)[]> {
  return db
    .select()
    .from(betShops)
    .where(and(eq(betShops.brandId, brandId), eq(betShops.active, true)))
    .orderBy(betShops.city, betShops.name, betShops.id);
}

/** An active bet shop of a brand by its wire id, or `undefined`. */
export async function findBetShop(
  db: Executor,
  brandId: string,
  id: string,
): Promise<typeof betShops.$inferSelect | undefined> {
  const rowId = rowIdOf(id);
  if (rowId === undefined) return undefined;
  const [shop] = await db
    .select()
    .from(betShops)
    .where(and(eq(betShops.id, rowId), eq(betShops.brandId, brandId), eq(betShops.active, true)));
  return shop;
}
