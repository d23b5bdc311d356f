import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq, sql } from 'drizzle-orm';
import { getTableColumns } from 'drizzle-orm';
import {
  PAYMENT_FLOWS,
  createAmountField,
  fieldKind,
  mapField,
  userBonusesByPayGroups,
} from '@cashdesk/domain';
import { FIELD_KINDS, computeTax } from '@cashdesk/domain/testing';
import {
  FieldDefinition,
  TRANSACTION_STATUSES,
  WithdrawalFieldDefinition,
} from '@cashdesk/contract';
import type { Database } from '../db/open';
import {
  betShops,
  brands,
  bonusPayGroups,
  bonuses,
  contentPages,
  currencies,
  lastUsedMethods,
  lostProfitBonusTiers,
  notifications,
  payGroupCurrencies,
  payGroups,
  paymentFlow,
  playerBalances,
  players,
  providerKind,
  savedCards,
  taxTiers,
  transactionStatus,
} from '../db/schema';
import { seedDatabase } from '../db/seed';
import { SEED_BRANDS } from '../db/seed-data';
import { listSavedCards } from '../modules/accounts/cards';
import { PAYMENT_METHOD_KINDS, tokenBehaviour } from '../providers';
import { wireStatusOf } from '../modules/payments/pay-session';
import { createTestDatabase } from './harness';
import type { SeededTestDatabase } from './harness';

let database: SeededTestDatabase;
let db: Database;

// The seed is what these tests check: it runs here, on a migrated empty database, rather than
// being copied from the run's seeded database.
beforeAll(async () => {
  database = await createTestDatabase({ seedHere: true });
  db = database.db;
});

afterAll(async () => {
  await database.close();
});

async function brand0Groups(flow: 'deposit' | 'withdrawal') {
  return db
    .select()
    .from(payGroups)
    .where(and(eq(payGroups.brandId, 'brand0'), eq(payGroups.flow, flow)))
    .orderBy(payGroups.arrangement);
}

describe('schema enumerations follow the domain, the contract and the provider', () => {
  it('uses the domain flows, the contract transaction statuses and the provider method kinds', () => {
    expect(paymentFlow.enumValues).toEqual([...PAYMENT_FLOWS]);
    // The contract's statuses, then the two a succeeded deposit may reach later (a refund, a
    // chargeback), which the wire shows as success (wireStatusOf).
    expect(transactionStatus.enumValues).toEqual([
      ...TRANSACTION_STATUSES,
      'refunded',
      'charged_back',
    ]);
    expect(transactionStatus.enumValues.map(wireStatusOf)).toEqual([
      ...TRANSACTION_STATUSES,
      'success',
      'success',
    ]);
    expect(providerKind.enumValues).toEqual([...PAYMENT_METHOD_KINDS]);
  });

  it('has no column for a card number or a security code (docs/architecture.md)', async () => {
    expect(Object.keys(getTableColumns(savedCards)).sort()).toEqual([
      'active',
      'bin',
      'cardType',
      'connector',
      'createdAt',
      'deletedAt',
      'expMonth',
      'expYear',
      'holder',
      'id',
      'last4',
      'playerId',
      'token',
    ]);
    // Database.execute is driver-neutral and so untyped; both drivers answer { rows }.
    const result: unknown = await db.execute(
      sql`select column_name from information_schema.columns where table_schema = 'public' and (column_name like '%pan%' or column_name like '%cvv%' or column_name like '%card_number%')`,
    );
    expect(result).toMatchObject({ rows: [] });
  });

  it('refuses a saved card whose last4 is a longer number (CHECK constraint)', async () => {
    const [demo] = await db
      .select({ id: players.id })
      .from(players)
      .where(eq(players.externalId, 'demo2'));
    if (demo === undefined) throw new Error('no demo2');
    await expect(
      db.insert(savedCards).values({
        playerId: demo.id,
        token: 'tok-bad',
        last4: '4111111111111111',
        bin: '411111',
        expMonth: 1,
        expYear: 2030,
        cardType: 'visa',
      }),
    ).rejects.toThrow();
  });
});

describe('brand0 seed', () => {
  it('offers a deposit and a payout pay group of every method kind of SPEC §1', async () => {
    for (const flow of PAYMENT_FLOWS) {
      const kinds = new Set((await brand0Groups(flow)).map((group) => group.providerKind));
      expect([...kinds].sort()).toEqual([...PAYMENT_METHOD_KINDS].sort());
    }
  });

  it('has at least one field of every field kind of SPEC §3 among its forms', async () => {
    const groups = [...(await brand0Groups('deposit')), ...(await brand0Groups('withdrawal'))];
    const kinds = new Set(
      groups.flatMap((group) => group.fields.map((field) => fieldKind(mapField(field)))),
    );
    // Every form also gets the generated amount field (SPEC §3 "Generated amount field").
    kinds.add(fieldKind(createAmountField({ currency: 'EUR', flowType: 'deposit' })));
    expect([...kinds].sort()).toEqual([...FIELD_KINDS].sort());
  });

  it('stores field definitions the contract accepts (SPEC §3 form field)', async () => {
    const groups = [...(await brand0Groups('deposit')), ...(await brand0Groups('withdrawal'))];
    for (const group of groups) {
      for (const field of group.fields) {
        const schema = group.flow === 'withdrawal' ? WithdrawalFieldDefinition : FieldDefinition;
        expect(schema.safeParse(field).success, `${group.shortName}.${field.name}`).toBe(true);
      }
    }
  });

  it('seeds saved cards whose tokens the sandbox provider can charge and pay out to (SPEC §4)', async () => {
    const rows = await db.select({ token: savedCards.token }).from(savedCards);
    expect(rows.length).toBeGreaterThanOrEqual(4);
    for (const row of rows) expect(tokenBehaviour(row.token)).not.toBeNull();
  });

  it("SPEC §4 card form variants: a demo player's cards list in the seed's order, the first the newest, on every seed", async () => {
    const seeds = SEED_BRANDS.flatMap((brand) =>
      brand.players.map((seed) => ({ brandId: brand.brand.id, seed })),
    );
    for (const { brandId, seed } of seeds) {
      if (seed.cards.length < 2) continue;
      const [player] = await db
        .select({ id: players.id })
        .from(players)
        .where(and(eq(players.brandId, brandId), eq(players.externalId, seed.externalId)));
      if (player === undefined) throw new Error(`${seed.externalId} was not seeded`);
      const listed = await listSavedCards(db, player.id);
      expect(listed.map((card) => card.last4)).toEqual(seed.cards.map((card) => card.last4));
    }
  });

  it('has two currencies of different precision, both offered by the card method (SPEC §3)', async () => {
    const rows = await db.select().from(currencies).orderBy(currencies.alpha3);
    expect(rows.map((row) => [row.alpha3, row.precision])).toEqual([
      ['EUR', 2],
      ['JPY', 0],
      ['KWD', 3],
    ]);
    const [card] = (await brand0Groups('deposit')).filter((group) => group.shortName === 'card');
    if (card === undefined) throw new Error('no card group');
    const offered = await db
      .select()
      .from(payGroupCurrencies)
      .where(eq(payGroupCurrencies.payGroupId, card.id));
    expect(offered.map((row) => row.currency).sort()).toEqual(['EUR', 'JPY']);
  });

  it('has tax tiers with a non-taxable tier (SPEC §5 tax)', async () => {
    const tiers = await db
      .select()
      .from(taxTiers)
      .where(eq(taxTiers.brandId, 'brand0'))
      .orderBy(taxTiers.from);
    const tax = computeTax(
      '250',
      tiers.map((tier) => ({
        from: tier.from,
        to: tier.to,
        percent_value: tier.percentValue,
        absolute_value: tier.absoluteValue,
      })),
    );
    expect(tax).toMatchObject({ nonTaxableAmount: '100.00', taxValue: '15.00', shown: true });
  });

  it('gives the demo player a general and a per-pay-group bonus (SPEC §3 bonus state)', async () => {
    const [demo] = await db
      .select({ id: players.id })
      .from(players)
      .where(and(eq(players.brandId, 'brand0'), eq(players.externalId, 'demo')));
    if (demo === undefined) throw new Error('no demo');
    const rows = await db
      .select()
      .from(bonuses)
      .where(eq(bonuses.playerId, demo.id))
      .orderBy(bonuses.id);
    const links = await db.select().from(bonusPayGroups);
    const index = userBonusesByPayGroups(
      rows.map((bonus) => ({
        bonusDescription: bonus.description,
        bonusPayGroupsIds: links
          .filter((link) => link.bonusId === bonus.id)
          .map((link) => link.payGroupId),
        bonusInfo: {
          absoluteBonusValue: bonus.absoluteValue,
          percentBonusValue: bonus.percentValue,
          maxBonusValue: bonus.maxValue,
          minDepositAmount: bonus.minDepositAmount,
          maxDepositAmount: bonus.maxDepositAmount,
        },
      })),
    );
    expect(index.isGeneralBonus).toBe(true);
    expect(index.byPayGroup.size).toBe(1);
  });

  it('has a lost-profit bonus with tiers on a deposit method (SPEC §3)', async () => {
    const tiers = await db
      .select({ shortName: payGroups.shortName, percent: lostProfitBonusTiers.percentValue })
      .from(lostProfitBonusTiers)
      .innerJoin(payGroups, eq(payGroups.id, lostProfitBonusTiers.payGroupId));
    expect(tiers.map((tier) => tier.shortName)).toEqual(['crypto_qr', 'crypto_qr']);
  });

  it('has a popular, a restricted, a disabled and a last-used method, and carousel methods (SPEC §4)', async () => {
    const deposit = await brand0Groups('deposit');
    expect(deposit.filter((group) => group.popular).map((group) => group.shortName)).toEqual([
      'card',
    ]);
    expect(
      deposit
        .filter((group) => group.restrictedUntil !== null && group.restrictedUntil > new Date())
        .map((group) => group.shortName),
    ).toEqual(['prepaid_voucher']);
    expect(deposit.filter((group) => !group.enabled).map((group) => group.shortName)).toEqual([
      'legacy_wallet',
    ]);
    expect(deposit.filter((group) => group.showInCarousel).length).toBeGreaterThan(1);
    const lastUsed = await db
      .select({ flow: lastUsedMethods.flow, shortName: payGroups.shortName })
      .from(lastUsedMethods)
      .innerJoin(payGroups, eq(payGroups.id, lastUsedMethods.payGroupId))
      .innerJoin(players, eq(players.id, lastUsedMethods.playerId))
      .where(and(eq(players.brandId, 'brand0'), eq(players.externalId, 'demo')))
      .orderBy(lastUsedMethods.flow);
    expect(lastUsed).toEqual([
      { flow: 'deposit', shortName: 'card' },
      { flow: 'withdrawal', shortName: 'card_payout' },
    ]);
  });

  it('has bet shops with working hours, a content page and a notification', async () => {
    const shops = await db.select().from(betShops).where(eq(betShops.brandId, 'brand0'));
    expect(shops.map((shop) => shop.city).sort()).toEqual(['Berlin', 'Berlin', 'Hamburg']);
    expect(shops.every((shop) => Object.keys(shop.workingHours).length > 0)).toBe(true);
    const pages = await db.select().from(contentPages);
    expect(pages.map((page) => [page.brandId, page.slug])).toEqual([['brand0', 'deposit-terms']]);
    const notes = await db.select().from(notifications);
    expect(notes.map((note) => [note.key, note.categories])).toEqual([
      ['card-maintenance', ['deposit_form']],
    ]);
  });

  it('has the demo players of both brands with phone and country', async () => {
    const rows = await db.select().from(players).orderBy(players.brandId, players.externalId);
    expect(rows.map((row) => [row.brandId, row.externalId, row.country, row.phone])).toEqual([
      ['brand0', 'demo', 'DE', '+4915112345678'],
      ['brand0', 'demo2', 'AT', '+436641234567'],
      ['brand1', 'demo', 'KW', '+96550012345'],
      ['brand1', 'wager', 'KW', '+96550067890'],
    ]);
  });

  it('gives only the brand1 player "wager" an outstanding wager (SPEC §4 wager rule)', async () => {
    const rows = await db
      .select({
        brandId: players.brandId,
        externalId: players.externalId,
        currency: playerBalances.currency,
        remaining: playerBalances.wagerRemaining,
      })
      .from(playerBalances)
      .innerJoin(players, eq(players.id, playerBalances.playerId))
      .where(sql`${playerBalances.wagerRemaining} > 0`);
    expect(rows).toEqual([
      { brandId: 'brand1', externalId: 'wager', currency: 'KWD', remaining: '35.5000000000' },
    ]);
    const ruleBrands = await db
      .select({ id: brands.id })
      .from(brands)
      .where(eq(brands.wagerRuleEnabled, true));
    expect(ruleBrands).toEqual([{ id: 'brand1' }]);
  });

  it('writes every seed brand into an empty database', () => {
    expect(database.seeded?.created).toEqual(SEED_BRANDS.map((seed) => seed.brand.id));
  });

  it('is idempotent: seeding again writes nothing', async () => {
    const before = await db.select({ n: count() }).from(payGroups);
    expect(await seedDatabase(db)).toEqual({ created: [] });
    expect(await db.select({ n: count() }).from(payGroups)).toEqual(before);
  });
});
