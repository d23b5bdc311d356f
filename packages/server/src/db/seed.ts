/**
 * Writes the demo data of seed-data/. Idempotent: a brand that exists is left alone, so the
 * server can call {@link seedDatabase} on every start and a database keeps what the demo did to it.
 * Each brand is written in one transaction: a brand is there completely or not at all.
 *
 * A brand's configuration goes through the configuration layer
 * (modules/brand-config/), the same functions the operator API calls: the seed turns its values
 * into the contract's configuration documents (currencies, settings, pay groups, tax tiers, the
 * lost-profit bonus, content pages, notifications, player bonuses), validates them with the
 * contract's schemas and applies them, bumping the brand's configuration version once. So there
 * is one way to describe a brand and the demo brands obey every rule an operator's would. The
 * seed is not an operator call and leaves no audit entry. Players, their balances, cards and
 * payout accounts, and bet shops are not configuration and are written directly.
 *
 * Opening balances go through the ledger (kind `deposit`, no transaction) so the ledger sums equal
 * the balances from the first moment.
 *
 * @packageDocumentation
 */
import { and, eq } from 'drizzle-orm';
import {
  BrandSettingsUpdate,
  ContentPageDocument,
  CurrencyDefinitionRequest,
  LostProfitBonusDocument,
  NotificationDocument,
  PayGroupDocument,
  PlayerBonusesDocument,
  TaxTiersDocument,
} from '@cashdesk/contract';
import type { Database, Executor, Transaction } from './open';
import {
  betShops,
  brands,
  lastUsedMethods,
  payoutAccounts,
  playerBalances,
  players,
  savedCards,
} from './schema';
import { SEED_BRANDS, SEED_CURRENCIES } from './seed-data';
import type { SeedBrand, SeedPayGroup, SeedPlayer } from './seed-data';
import { credit } from '../modules/wallet';
import {
  putPlayerBonuses,
  putContentPage,
  defineCurrency,
  putLostProfitBonus,
  createNotification,
  putPayGroup,
  updateBrandSettings,
  putTaxTiers,
  bumpConfigVersion,
} from '../modules/brand-config';
import { seedDemoStaff } from '../modules/staff';

/** What {@link seedDatabase} did. */
export interface SeedReport {
  /** Brands written now (the others existed). */
  readonly created: readonly string[];
}

/** Writes every seed brand that is missing. */
export async function seedDatabase(db: Database): Promise<SeedReport> {
  await db.transaction(async (tx) => {
    for (const currency of SEED_CURRENCIES) {
      await defineCurrency(
        tx,
        currency.alpha3,
        CurrencyDefinitionRequest.parse({
          currency_id: currency.currencyId,
          name: currency.name,
          iso_number: currency.isoNumber,
          precision: currency.precision,
        }),
      );
    }
  });
  const created: string[] = [];
  for (const seed of SEED_BRANDS) {
    const wrote = await db.transaction(async (tx) => {
      // Inserted first, conditionally: a process seeding at the same moment waits here for the
      // other's transaction and then finds the brand there, instead of failing on its key.
      const inserted = await tx
        .insert(brands)
        .values({ id: seed.brand.id, name: seed.brand.name })
        .onConflictDoNothing({ target: brands.id })
        .returning({ id: brands.id });
      if (inserted.length === 0) return false;
      await writeBrand(tx, seed);
      return true;
    });
    if (wrote) created.push(seed.brand.id);
  }
  // The back office's demo staff (seed-data/staff.ts), once their brand is there.
  await seedDemoStaff(db);
  return { created };
}

/** The settings document of a seed brand (only the settings it names). */
function settingsDocument(brand: SeedBrand['brand']): BrandSettingsUpdate {
  const document = {
    allowed_host_origins: brand.allowedHostOrigins,
    merchant_url: brand.merchantUrl,
    merchant_success_url: brand.merchantSuccessUrl,
    merchant_fail_url: brand.merchantFailUrl,
    merchant_processing_url: brand.merchantProcessingUrl,
    merchant_redirect_type: brand.merchantRedirectType,
    success_page_redirect_timeout: brand.successPageRedirectTimeout,
    processing_page_redirect_timeout: brand.processingPageRedirectTimeout,
    currency_display_setting_id: brand.currencyDisplaySettingId,
    bonus_in_amount_block: brand.bonusInAmountBlock,
    country_filtering_enabled: brand.countryFilteringEnabled,
    cashier_features: brand.features,
    wager_rule_enabled: brand.wagerRuleEnabled,
    support_url: brand.supportUrl,
    widget_settings: brand.settings,
  };
  return BrandSettingsUpdate.parse(
    Object.fromEntries(Object.entries(document).filter(([, value]) => value !== undefined)),
  );
}

/** The configuration document of a seed pay group. */
function payGroupDocument(group: SeedPayGroup): PayGroupDocument {
  return PayGroupDocument.parse({
    public_name: group.publicName,
    public_names: group.publicNames,
    provider_kind: group.providerKind,
    pay_method_type: group.payMethodType,
    connector: group.connector,
    enabled: group.enabled,
    arrangement: group.arrangement,
    popular: group.popular,
    show_in_carousel: group.showInCarousel,
    restricted_until: group.restrictedUntil?.toISOString() ?? group.restrictedUntil,
    logo: group.logo,
    native_pay_type: group.nativePayType,
    action_type: group.actionType,
    workflow_type: group.workflowType,
    auto_submit: group.autoSubmit,
    allow_pre_selected_method: group.allowPreSelectedMethod,
    display_limits: group.displayLimits,
    merchant_user_fee:
      group.merchantFeePercentage == null && group.merchantFeeFix == null
        ? null
        : { percentage: group.merchantFeePercentage ?? null, fix: group.merchantFeeFix ?? null },
    info_url: group.infoUrl,
    info_in_iframe: group.infoInIframe,
    self_target: group.selfTarget,
    amount_reg_exp_fe: group.amountRegExpFe,
    preset_behavior: group.presetBehavior,
    allow_preset_amount: group.allowPresetAmount,
    is_routable: group.isRoutable,
    processing_currency:
      group.processingCurrency == null || group.processingCurrencyRate == null
        ? null
        : { alpha3: group.processingCurrency, rate: group.processingCurrencyRate },
    show_processing_currency: group.showProcessingCurrency,
    allow_new_payout_account: group.allowNewPayoutAccount,
    verify_new_payout_account: group.verifyNewPayoutAccount,
    fields: group.fields,
    view_data: group.viewData,
    currencies: group.currencies.map((entry) => ({
      currency: entry.currency,
      min_amount: entry.minAmount,
      max_amount: entry.maxAmount,
      max_recurring_amount: entry.maxRecurringAmount,
      fee: entry.fee,
      amount_blocks: entry.amountBlocks,
      preset_amount: entry.presetAmount,
      processing_time_translation_key: entry.processingTimeTranslationKey,
      show_processing_time: entry.showProcessingTime,
    })),
  });
}

/** Everything of a brand but its row (inserted by the caller), through the configuration layer. */
async function writeBrand(tx: Transaction, seed: SeedBrand): Promise<void> {
  const brandId = seed.brand.id;
  await bumpConfigVersion(tx, brandId);
  await updateBrandSettings(tx, brandId, settingsDocument(seed.brand));

  const ids = new Map<string, number>();
  for (const group of seed.payGroups) {
    const written = await putPayGroup(
      tx,
      brandId,
      group.flow,
      group.shortName,
      payGroupDocument(group),
      null,
    );
    ids.set(payGroupKey(group.flow, group.shortName), written.id);
  }
  const payGroupId = (flow: 'deposit' | 'withdrawal', shortName: string): number => {
    const id = ids.get(payGroupKey(flow, shortName));
    if (id === undefined) throw new Error(`seed names an unknown ${flow} pay group ${shortName}`);
    return id;
  };

  for (const flow of ['deposit', 'withdrawal'] as const) {
    const tiers = seed.taxTiers.filter((tier) => tier.flow === flow);
    if (tiers.length === 0) continue;
    await putTaxTiers(
      tx,
      brandId,
      flow,
      TaxTiersDocument.parse({
        tiers: tiers.map((tier) => ({
          from: tier.from,
          to: tier.to,
          percent_value: tier.percentValue,
          absolute_value: tier.absoluteValue,
        })),
      }),
    );
  }
  if (seed.lostProfit !== null) {
    await putLostProfitBonus(
      tx,
      brandId,
      LostProfitBonusDocument.parse({
        pay_group_id: payGroupId('deposit', seed.lostProfit.payGroup),
        tiers: seed.lostProfit.tiers.map((tier) => ({
          from: tier.from,
          to: tier.to,
          percent_value: tier.percentValue,
          absolute_value: tier.absoluteValue,
        })),
      }),
    );
  }
  if (seed.betShops.length > 0) {
    await tx.insert(betShops).values(seed.betShops.map((shop) => ({ ...shop, brandId })));
  }
  for (const page of seed.contentPages) {
    await putContentPage(
      tx,
      brandId,
      page.slug,
      page.language ?? 'en',
      ContentPageDocument.parse({
        title: page.title,
        sections: page.sections.map((section) => ({
          heading: section.title ?? null,
          paragraphs: section.body.split('\n\n'),
        })),
      }),
    );
  }
  for (const notification of seed.notifications) {
    await createNotification(
      tx,
      brandId,
      NotificationDocument.parse({
        key: notification.key,
        categories: notification.categories,
        pay_group_id:
          notification.payGroup === null ? null : payGroupId('deposit', notification.payGroup),
        player_external_id: null,
        message: notification.message,
      }),
    );
  }
  for (const player of seed.players) {
    await writePlayer(tx, brandId, player, payGroupId);
    await putPlayerBonuses(
      tx,
      brandId,
      player.externalId,
      PlayerBonusesDocument.parse({
        bonuses: player.bonuses.map((bonus) => ({
          description: bonus.description,
          absolute_value: bonus.absoluteValue,
          percent_value: bonus.percentValue,
          max_value: bonus.maxValue,
          min_deposit_amount: bonus.minDepositAmount,
          max_deposit_amount: bonus.maxDepositAmount,
          pay_group_ids: bonus.payGroups.map((shortName) => payGroupId('deposit', shortName)),
        })),
      }),
    );
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
  // The player's cards list newest first, and a card form opens on the newest (SPEC §4): the
  // seed's first card is the newest, a second older, and so on. (Inserted in one transaction
  // they would share its time, and the random ids would order them differently on every seed.)
  const seededAt = Date.now();
  for (const [index, card] of seed.cards.entries()) {
    const [row] = await tx
      .insert(savedCards)
      .values({ ...card, playerId, createdAt: new Date(seededAt - index * 1000) })
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
