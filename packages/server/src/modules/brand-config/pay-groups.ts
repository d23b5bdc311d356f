/**
 * A brand's pay groups as configuration documents (the contract's PayGroupDocument):
 * written whole by flow and short name (created, or replaced keeping the id, so transactions,
 * payout accounts and last-used marks keep pointing at it), read back with every default filled
 * in, and deleted only when no transaction names them. The operator API and the demo seed both
 * write pay groups through {@link putPayGroup}.
 *
 * @packageDocumentation
 */
import Big from 'big.js';
import { FieldDefinition, WithdrawalFieldDefinition } from '@cashdesk/contract';
import type { PayGroupConfig, PayGroupDocument } from '@cashdesk/contract';
import { and, asc, desc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/open';
import { payGroupCurrencies, payGroups, transactions } from '../../db/schema';
import { ApiError } from '../../http/api-error';
import { assertCurrenciesDefined, invalid, plain } from './checks';

type Flow = 'deposit' | 'withdrawal';
type PayGroupRow = typeof payGroups.$inferSelect;
type CurrencyRow = typeof payGroupCurrencies.$inferSelect;

/** The connectors a pay group may name (the process's ConnectorRegistry). */
export interface KnownConnectors {
  has(name: string): boolean;
}

/** A configuration change: what it was and what it is (`null`: absent), for the audit trail. */
export interface ConfigChange<T> {
  readonly target: string;
  readonly before: T | null;
  readonly after: T | null;
}

/** The audit target of a pay group. */
function targetOf(flow: Flow, shortName: string): string {
  return `pay_group:${flow}/${shortName}`;
}

/**
 * Checks the rules a schema cannot state: field definitions of the flow, currencies defined and
 * not repeated, limits in order, presets and amount blocks within them, a configured connector.
 */
async function assertDocumentValid(
  db: Executor,
  flow: Flow,
  document: PayGroupDocument,
  connectors: KnownConnectors | null,
): Promise<void> {
  if (document.connector != null && connectors !== null && !connectors.has(document.connector)) {
    invalid('body.connector', `connector ${document.connector} is not configured`);
  }
  const fieldSchema = flow === 'withdrawal' ? WithdrawalFieldDefinition : FieldDefinition;
  for (const [index, field] of (document.fields ?? []).entries()) {
    if (
      flow === 'deposit' &&
      ('user_requisite_type_id' in field || 'verify_new_payout_account' in field)
    ) {
      invalid(`body.fields.${String(index)}`, 'a deposit field has no payout-account properties');
    }
    const parsed = fieldSchema.safeParse(field);
    if (!parsed.success) {
      const path = parsed.error.issues[0]?.path.map(String).join('.') ?? '';
      invalid(`body.fields.${String(index)}${path === '' ? '' : `.${path}`}`, 'invalid field');
    }
  }
  const codes = document.currencies.map((entry) => entry.currency);
  const repeated = codes.findIndex((code, index) => codes.indexOf(code) !== index);
  if (repeated >= 0) invalid(`body.currencies.${String(repeated)}.currency`, 'currency repeated');
  await assertCurrenciesDefined(db, codes, (index) => `body.currencies.${String(index)}.currency`);
  if (document.processing_currency != null) {
    await assertCurrenciesDefined(
      db,
      [document.processing_currency.alpha3],
      () => 'body.processing_currency.alpha3',
    );
  }
  for (const [index, entry] of document.currencies.entries()) {
    const field = `body.currencies.${String(index)}`;
    const min = entry.min_amount == null ? null : new Big(entry.min_amount);
    const max = entry.max_amount == null ? null : new Big(entry.max_amount);
    if (min !== null && max !== null && min.gt(max)) {
      invalid(`${field}.min_amount`, 'min_amount above max_amount');
    }
    const within = (value: string): boolean =>
      (min === null || new Big(value).gte(min)) && (max === null || new Big(value).lte(max));
    if (entry.preset_amount != null && !within(entry.preset_amount)) {
      invalid(`${field}.preset_amount`, 'preset amount outside the limits');
    }
    for (const [block, amount] of (entry.amount_blocks ?? []).entries()) {
      if (!within(amount)) invalid(`${field}.amount_blocks.${String(block)}`, 'outside the limits');
    }
  }
}

/** The pay group row's columns of a document (everything but brand, flow and short name). */
function columnsOf(document: PayGroupDocument) {
  return {
    publicName: document.public_name,
    publicNames: { ...document.public_names },
    providerKind: document.provider_kind,
    payMethodType: document.pay_method_type,
    connector: document.connector ?? null,
    enabled: document.enabled ?? true,
    arrangement: document.arrangement ?? 0,
    popular: document.popular ?? false,
    showInCarousel: document.show_in_carousel ?? false,
    restrictedUntil: document.restricted_until == null ? null : new Date(document.restricted_until),
    logo: document.logo ?? null,
    nativePayType: document.native_pay_type ?? null,
    actionType: document.action_type ?? 'activity',
    workflowType: document.workflow_type ?? null,
    autoSubmit: document.auto_submit ?? false,
    allowPreSelectedMethod: document.allow_pre_selected_method ?? false,
    displayLimits: document.display_limits ?? true,
    merchantFeePercentage: document.merchant_user_fee?.percentage ?? null,
    merchantFeeFix: document.merchant_user_fee?.fix ?? null,
    infoUrl: document.info_url ?? null,
    infoInIframe: document.info_in_iframe ?? false,
    countries: [...(document.countries ?? [])],
    selfTarget: document.self_target ?? false,
    amountRegExpFe: document.amount_reg_exp_fe ?? null,
    presetBehavior: document.preset_behavior ?? null,
    allowPresetAmount: document.allow_preset_amount ?? false,
    isRoutable: document.is_routable ?? false,
    processingCurrency: document.processing_currency?.alpha3 ?? null,
    processingCurrencyRate: document.processing_currency?.rate ?? null,
    showProcessingCurrency: document.show_processing_currency ?? false,
    allowNewPayoutAccount: document.allow_new_payout_account ?? true,
    verifyNewPayoutAccount: document.verify_new_payout_account ?? false,
    fields: document.fields ?? [],
    viewData: document.view_data ?? [],
  };
}

/** A stored pay group and its currencies as the configuration document answers it. */
function toConfig(row: PayGroupRow, currencyRows: readonly CurrencyRow[]): PayGroupConfig {
  return {
    id: row.id,
    flow: row.flow,
    short_name: row.shortName,
    public_name: row.publicName,
    public_names: { ...row.publicNames },
    provider_kind: row.providerKind,
    pay_method_type: row.payMethodType,
    connector: row.connector,
    enabled: row.enabled,
    arrangement: row.arrangement,
    popular: row.popular,
    show_in_carousel: row.showInCarousel,
    restricted_until: row.restrictedUntil === null ? null : row.restrictedUntil.toISOString(),
    logo: row.logo,
    native_pay_type:
      row.nativePayType === 'apple_pay' || row.nativePayType === 'google_pay'
        ? row.nativePayType
        : null,
    action_type:
      row.actionType === 'nested_list' || row.actionType === 'info' ? row.actionType : 'activity',
    workflow_type: row.workflowType,
    auto_submit: row.autoSubmit,
    allow_pre_selected_method: row.allowPreSelectedMethod,
    display_limits: row.displayLimits,
    merchant_user_fee:
      row.merchantFeePercentage === null && row.merchantFeeFix === null
        ? null
        : { percentage: plain(row.merchantFeePercentage), fix: plain(row.merchantFeeFix) },
    info_url: row.infoUrl,
    info_in_iframe: row.infoInIframe,
    countries: [...row.countries],
    self_target: row.selfTarget,
    amount_reg_exp_fe: row.amountRegExpFe,
    preset_behavior: row.presetBehavior,
    allow_preset_amount: row.allowPresetAmount,
    is_routable: row.isRoutable,
    processing_currency:
      row.processingCurrency === null || row.processingCurrencyRate === null
        ? null
        : { alpha3: row.processingCurrency, rate: plain(row.processingCurrencyRate) ?? '0' },
    show_processing_currency: row.showProcessingCurrency,
    allow_new_payout_account: row.allowNewPayoutAccount,
    verify_new_payout_account: row.verifyNewPayoutAccount,
    // Checked against the contract when written, so this only copies them into its types.
    fields: row.fields.map((field) => WithdrawalFieldDefinition.parse(field)),
    view_data: row.viewData,
    currencies: currencyRows.map((entry) => ({
      currency: entry.currency,
      min_amount: plain(entry.minAmount),
      max_amount: plain(entry.maxAmount),
      max_recurring_amount: plain(entry.maxRecurringAmount),
      fee: entry.fee,
      amount_blocks: entry.amountBlocks.map((amount) => new Big(amount).toFixed()),
      preset_amount: plain(entry.presetAmount),
      processing_time_translation_key: entry.processingTimeTranslationKey,
      show_processing_time: entry.showProcessingTime,
    })),
  };
}

async function currenciesOf(db: Executor, payGroupId: number): Promise<CurrencyRow[]> {
  return db
    .select()
    .from(payGroupCurrencies)
    .where(eq(payGroupCurrencies.payGroupId, payGroupId))
    .orderBy(asc(payGroupCurrencies.currency));
}

async function findRow(
  db: Executor,
  brandId: string,
  flow: Flow,
  shortName: string,
): Promise<PayGroupRow | undefined> {
  const [row] = await db
    .select()
    .from(payGroups)
    .where(
      and(
        eq(payGroups.brandId, brandId),
        eq(payGroups.flow, flow),
        eq(payGroups.shortName, shortName),
      ),
    );
  return row;
}

/**
 * One pay group of the brand.
 *
 * @throws {ApiError} operatorNotFound (field `params.shortName`) when there is none.
 */
export async function getPayGroup(
  db: Executor,
  brandId: string,
  flow: Flow,
  shortName: string,
): Promise<PayGroupConfig> {
  const row = await findRow(db, brandId, flow, shortName);
  if (row === undefined) throw new ApiError('operatorNotFound', { field: 'params.shortName' });
  return toConfig(row, await currenciesOf(db, row.id));
}

/** The pay groups of the brand (of one flow when given), by flow, arrangement (highest first), id. */
export async function listPayGroups(
  db: Executor,
  brandId: string,
  flow?: Flow,
): Promise<PayGroupConfig[]> {
  const rows = await db
    .select()
    .from(payGroups)
    .where(
      and(
        eq(payGroups.brandId, brandId),
        flow === undefined ? undefined : eq(payGroups.flow, flow),
      ),
    )
    .orderBy(asc(payGroups.flow), desc(payGroups.arrangement), asc(payGroups.id));
  const currencyRows = await db
    .select({ entry: payGroupCurrencies })
    .from(payGroupCurrencies)
    .innerJoin(payGroups, eq(payGroups.id, payGroupCurrencies.payGroupId))
    .where(eq(payGroups.brandId, brandId))
    .orderBy(asc(payGroupCurrencies.currency));
  return rows.map((row) =>
    toConfig(
      row,
      currencyRows.filter(({ entry }) => entry.payGroupId === row.id).map(({ entry }) => entry),
    ),
  );
}

/**
 * Creates or replaces the pay group `flow`/`shortName` of the brand from a document the
 * contract's PayGroupDocument accepted. Run it inside the transaction that bumped the brand's
 * configuration version. `connectors`: the connectors a pay group may name (`null`: not checked
 * here, as in the seed, which runs before the connectors exist; the start-up check covers it).
 *
 * @throws {ApiError} invalidField naming the field a rule refuses.
 */
export async function putPayGroup(
  tx: Executor,
  brandId: string,
  flow: Flow,
  shortName: string,
  document: PayGroupDocument,
  connectors: KnownConnectors | null,
): Promise<ConfigChange<PayGroupConfig> & { readonly id: number; readonly after: PayGroupConfig }> {
  await assertDocumentValid(tx, flow, document, connectors);
  const existing = await findRow(tx, brandId, flow, shortName);
  const before =
    existing === undefined ? null : toConfig(existing, await currenciesOf(tx, existing.id));
  const columns = columnsOf(document);
  let id: number;
  if (existing === undefined) {
    const [row] = await tx
      .insert(payGroups)
      .values({ ...columns, brandId, flow, shortName })
      .returning({ id: payGroups.id });
    if (row === undefined) throw new Error(`pay group ${shortName} not written`);
    id = row.id;
  } else {
    id = existing.id;
    await tx.update(payGroups).set(columns).where(eq(payGroups.id, id));
    await tx.delete(payGroupCurrencies).where(eq(payGroupCurrencies.payGroupId, id));
  }
  await tx.insert(payGroupCurrencies).values(
    document.currencies.map((entry) => ({
      payGroupId: id,
      currency: entry.currency,
      minAmount: entry.min_amount ?? null,
      maxAmount: entry.max_amount ?? null,
      maxRecurringAmount: entry.max_recurring_amount ?? null,
      fee: entry.fee ?? null,
      amountBlocks: [...(entry.amount_blocks ?? [])],
      presetAmount: entry.preset_amount ?? null,
      processingTimeTranslationKey: entry.processing_time_translation_key ?? null,
      showProcessingTime: entry.show_processing_time ?? false,
    })),
  );
  const after = await getPayGroup(tx, brandId, flow, shortName);
  return { id, target: targetOf(flow, shortName), before, after };
}

/**
 * Deletes a pay group that no transaction names (its payout accounts, bonuses, notifications and
 * last-used marks go with it).
 *
 * @throws {ApiError} operatorNotFound for an unknown one; configPayGroupInUse when a transaction
 *   names it (disable it instead).
 */
export async function deletePayGroup(
  tx: Executor,
  brandId: string,
  flow: Flow,
  shortName: string,
): Promise<ConfigChange<PayGroupConfig> & { readonly deleted: PayGroupConfig }> {
  const deleted = await getPayGroup(tx, brandId, flow, shortName);
  const [used] = await tx
    .select({ id: transactions.id })
    .from(transactions)
    .where(eq(transactions.payGroupId, deleted.id))
    .limit(1);
  if (used !== undefined) {
    throw new ApiError('configPayGroupInUse', { field: 'params.shortName' });
  }
  await tx.delete(payGroups).where(eq(payGroups.id, deleted.id));
  return { target: targetOf(flow, shortName), before: deleted, after: null, deleted };
}
