/**
 * Writes the demo data of seed-data.ts. Idempotent: a brand that exists is left alone, so the
 * server can call {@link seedDatabase} on every start and a database keeps what the demo did to it.
 * Each brand is written in one transaction: a brand is there completely or not at all.
 *
 * Opening balances go through the ledger (kind `deposit`, no transaction) so the ledger sums equal
 * the balances from the first moment.
 *
 * @packageDocumentation
 */
import { and, eq } from 'drizzle-orm';
import { FieldDefinition, WithdrawalFieldDefinition } from '@cashdesk/contract';
import type { Database, Executor, Transaction } from './open';
import {
  betShops,
  bonuses,
  bonusPayGroups,
  brands,
  contentPages,
  currencies,
  lastUsedMethods,
  lostProfitBonusTiers,
  notifications,
  payGroupCurrencies,
  payGroups,
  payoutAccounts,
  playerBalances,
  players,
  savedCards,
  taxTiers,
} from './schema';
import { SEED_BRANDS, SEED_CURRENCIES } from './seed-data';
import type { SeedBrand, SeedPlayer } from './seed-data';
import { credit } from '../services/ledger';

/** What {@link seedDatabase} did. */
export interface SeedReport {
  /** Brands written now (the others existed). */
  readonly created: readonly string[];
}

/** Writes every seed brand that is missing. */
export async function seedDatabase(db: Database): Promise<SeedReport> {
  await db
    .insert(currencies)
    .values([...SEED_CURRENCIES])
    .onConflictDoNothing();
  const created: string[] = [];
  for (const seed of SEED_BRANDS) {
    const wrote = await db.transaction(async (tx) => {
      // Inserted first, conditionally: a process seeding at the same moment waits here for the
      // other's transaction and then finds the brand there, instead of failing on its key.
      const inserted = await tx
        .insert(brands)
        .values(seed.brand)
        .onConflictDoNothing({ target: brands.id })
        .returning({ id: brands.id });
      if (inserted.length === 0) return false;
      await writeBrand(tx, seed);
      return true;
    });
    if (wrote) created.push(seed.brand.id);
  }
  return { created };
}

/** Everything of a brand but its row (inserted by the caller). */
async function writeBrand(tx: Transaction, seed: SeedBrand): Promise<void> {
  const brandId = seed.brand.id;

  const ids = new Map<string, number>();
  for (const group of seed.payGroups) {
    assertFieldsValid(group.flow, group.shortName, group.fields);
    const { currencies: groupCurrencies, ...columns } = group;
    const [row] = await tx
      .insert(payGroups)
      .values({ ...columns, brandId })
      .returning({ id: payGroups.id });
    if (row === undefined) throw new Error(`pay group ${group.shortName} not written`);
    ids.set(payGroupKey(group.flow, group.shortName), row.id);
    await tx
      .insert(payGroupCurrencies)
      .values(groupCurrencies.map((currency) => ({ ...currency, payGroupId: row.id })));
  }
  const payGroupId = (flow: 'deposit' | 'withdrawal', shortName: string): number => {
    const id = ids.get(payGroupKey(flow, shortName));
    if (id === undefined) throw new Error(`seed names an unknown ${flow} pay group ${shortName}`);
    return id;
  };

  if (seed.taxTiers.length > 0) {
    await tx.insert(taxTiers).values(seed.taxTiers.map((tier) => ({ ...tier, brandId })));
  }
  if (seed.lostProfit !== null) {
    const lostProfitGroup = payGroupId('deposit', seed.lostProfit.payGroup);
    await tx
      .insert(lostProfitBonusTiers)
      .values(
        seed.lostProfit.tiers.map((tier) => ({ ...tier, brandId, payGroupId: lostProfitGroup })),
      );
  }
  if (seed.betShops.length > 0) {
    await tx.insert(betShops).values(seed.betShops.map((shop) => ({ ...shop, brandId })));
  }
  if (seed.contentPages.length > 0) {
    await tx.insert(contentPages).values(seed.contentPages.map((page) => ({ ...page, brandId })));
  }
  for (const notification of seed.notifications) {
    await tx.insert(notifications).values({
      brandId,
      key: notification.key,
      categories: [...notification.categories],
      payGroupId:
        notification.payGroup === null ? null : payGroupId('deposit', notification.payGroup),
      message: notification.message,
    });
  }
  for (const player of seed.players) {
    await writePlayer(tx, brandId, player, payGroupId);
  }
}

/** Field definitions are free-form JSON in the database: check them against the contract first. */
function assertFieldsValid(
  flow: 'deposit' | 'withdrawal',
  shortName: string,
  fields: readonly unknown[],
): void {
  const schema = flow === 'withdrawal' ? WithdrawalFieldDefinition : FieldDefinition;
  for (const field of fields) {
    const result = schema.safeParse(field);
    if (!result.success) {
      throw new Error(
        `seed field of ${flow} pay group ${shortName} breaks the contract: ${JSON.stringify(result.error.issues)}`,
      );
    }
  }
}

function payGroupKey(flow: string, shortName: string): string {
  return `${flow}:${shortName}`;
}

async function writePlayer(
  tx: Transaction,
  brandId: string,
  seed: SeedPlayer,
  payGroupId: (flow: 'deposit' | 'withdrawal', shortName: string) => number,
): Promise<void> {
  const [player] = await tx
    .insert(players)
    .values({
      brandId,
      externalId: seed.externalId,
      country: seed.country,
      phone: seed.phone,
      email: seed.email,
      firstName: seed.firstName,
      lastName: seed.lastName,
    })
    .returning({ id: players.id });
  if (player === undefined) throw new Error(`player ${seed.externalId} not written`);
  const playerId = player.id;

  await openBalances(tx, playerId, seed.balances);
  for (const [currency, remaining] of Object.entries(seed.wagers ?? {})) {
    const updated = await tx
      .update(playerBalances)
      .set({ wagerRemaining: remaining })
      .where(and(eq(playerBalances.playerId, playerId), eq(playerBalances.currency, currency)))
      .returning({ currency: playerBalances.currency });
    if (updated.length !== 1)
      throw new Error(`wager of ${seed.externalId} has no ${currency} balance`);
  }
  const cardIds = new Map<string, string>();
  for (const card of seed.cards) {
    const [row] = await tx
      .insert(savedCards)
      .values({ ...card, playerId })
      .returning({ id: savedCards.id });
    if (row !== undefined) cardIds.set(card.token, row.id);
  }
  for (const account of seed.payoutAccounts) {
    await tx.insert(payoutAccounts).values({
      playerId,
      payGroupId: payGroupId('withdrawal', account.payGroup),
      requisiteType: account.requisiteType,
      maskedValue: account.maskedValue,
      details: { ...account.details },
      verified: account.verified,
      verifiedAt: account.verified ? new Date() : null,
    });
  }
  for (const bonus of seed.bonuses) {
    const { payGroups: bonusGroups, ...values } = bonus;
    const [row] = await tx
      .insert(bonuses)
      .values({ ...values, playerId })
      .returning({ id: bonuses.id });
    if (row === undefined) throw new Error(`bonus of ${seed.externalId} not written`);
    if (bonusGroups.length > 0) {
      await tx.insert(bonusPayGroups).values(
        bonusGroups.map((shortName) => ({
          bonusId: row.id,
          payGroupId: payGroupId('deposit', shortName),
        })),
      );
    }
  }
  for (const flow of ['deposit', 'withdrawal'] as const) {
    const shortName = seed.lastUsed[flow];
    if (shortName !== undefined) {
      await tx
        .insert(lastUsedMethods)
        .values({ playerId, flow, payGroupId: payGroupId(flow, shortName) });
    }
  }
}

/** Opening balances, credited through the ledger so the ledger sums match from the start. */
async function openBalances(
  db: Executor,
  playerId: string,
  balances: Readonly<Record<string, string>>,
) {
  for (const [currency, amount] of Object.entries(balances)) {
    await credit(db, { playerId, currency, amount, kind: 'deposit', transactionId: null });
  }
}

/**
 * Finds a player of a brand by external id, or (sandbox only, the caller decides) creates one with
 * the brand's default demo balances. `null` when the brand does not exist or the player is missing
 * and `create` is false.
 */
export async function findOrCreatePlayer(
  db: Database,
  brandId: string,
  externalId: string,
  create: boolean,
): Promise<{ readonly id: string; readonly created: boolean } | null> {
  const where = and(eq(players.brandId, brandId), eq(players.externalId, externalId));
  const [found] = await db.select({ id: players.id }).from(players).where(where);
  if (found !== undefined) return { id: found.id, created: false };
  if (!create) return null;
  const [brand] = await db.select({ id: brands.id }).from(brands).where(eq(brands.id, brandId));
  if (brand === undefined) return null;
  const defaults = SEED_BRANDS.find((seed) => seed.brand.id === brandId)?.defaultBalances ?? {};
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(players)
      .values({ brandId, externalId })
      .onConflictDoNothing()
      .returning({ id: players.id });
    if (row === undefined) {
      // Created by a concurrent call in the meantime.
      const [other] = await tx.select({ id: players.id }).from(players).where(where);
      if (other === undefined) throw new Error(`player ${brandId}/${externalId} vanished`);
      return { id: other.id, created: false };
    }
    await openBalances(tx, row.id, defaults);
    return { id: row.id, created: true };
  });
}
