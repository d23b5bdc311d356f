/**
 * Previews of a draft configuration (docs/decisions/0107-previewing-configuration.md). The back
 * office shows the real widget on settings not saved yet: a preview is a hidden, short-lived copy
 * of the brand (a `brands` row with `preview_of` and `preview_expires_at`), its configuration
 * copied table by table, the draft applied to it through this module's writers (the same ones the
 * operator calls use, so the same checks refuse the same drafts), and a cashier session of a
 * preview player on it.
 *
 * What keeps a preview harmless:
 * - it is never listed and no API key reaches it (no key is ever made for it; the administrator's
 *   brand calls and the staff's `x-brand-id` refuse it, http/operator-auth.ts);
 * - its sessions never pay: the session carries `preview` (http/sessions.ts) and every money call
 *   of such a session is refused with 1860 before its handler runs (http/register-endpoint.ts),
 *   so no provider, wallet or webhook is ever called; its balance is the ledger's (zero), never the
 *   operator wallet's;
 * - no brand site may frame it: its one allowed host origin is the back office's (PUBLIC_URL's),
 *   besides the widget's own origin, which may always frame it (http/widget-page-policy.ts);
 * - it is removed once expired ({@link sweepExpiredPreviews}: at every new preview and on a timer),
 *   with its players and sessions (foreign keys cascade).
 *
 * @packageDocumentation
 */
import { randomBytes } from 'node:crypto';
import { and, eq, inArray, isNotNull, lte, sql } from 'drizzle-orm';
import { getTableConfig } from 'drizzle-orm/pg-core';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { ConfigPreviewRequest } from '@cashdesk/contract';
import type { Database, Executor, Transaction } from '../../db/open';
import {
  betShops,
  bonusPayGroups,
  clickstreamEvents,
  clientReports,
  documents,
  lastUsedMethods,
  operatorApiKeys,
  operatorAuditLog,
  payoutAccounts,
  sessions,
  staffAccounts,
  transactions,
  webhookEvents,
  brandDefaultThemes,
  brandTexts,
  brandThemes,
  brands,
  contentPages,
  lostProfitBonusTiers,
  notifications,
  payGroupCurrencies,
  payGroups,
  players,
  taxTiers,
} from '../../db/schema';
import { ApiError, isApiError } from '../../http/api-error';
import { openSession } from '../../http/sessions';
import type { CreatedSession, SessionSettings } from '../../http/sessions';
import type { KnownConnectors } from './pay-groups';
import { putPayGroup } from './pay-groups';
import { putTexts, putTheme, setDefaultTheme } from './appearance';
import { offeredCurrencies } from './currencies';
import { updateBrandSettings } from './settings';
import { putTaxTiers } from './tax-tiers';
import { bumpConfigVersion } from './version';

/** How long a preview lives: its brand is swept after this (30 minutes). */
export const PREVIEW_LIFETIME_MS = 30 * 60_000;

/** How often every process sweeps the expired previews (10 minutes). */
export const PREVIEW_SWEEP_INTERVAL_MS = 10 * 60_000;

/** The external id of the player every preview session is for. */
export const PREVIEW_PLAYER = 'preview';

/** A new preview brand's id: `preview_` and 20 random url-safe characters (32 at most). */
function previewBrandId(): string {
  return `preview_${randomBytes(15).toString('base64url')}`;
}

/** The brand-owned configuration tables copied as they are (besides the brand and pay groups). */
const COPIED_TABLES = [
  taxTiers,
  brandThemes,
  brandDefaultThemes,
  brandTexts,
  lostProfitBonusTiers,
  betShops,
  contentPages,
  notifications,
] as const;

/**
 * What a preview does with every table holding a brand's or a pay group's rows: copied as it is,
 * copied by a step of its own, or left out because it holds a player's or the service's records,
 * never configuration. A test checks the schema has no such table missing here, so a new
 * configuration table is never silently absent from the previews.
 */
export const PREVIEW_TABLES: Readonly<
  Record<'copied' | 'ownStep' | 'leftOut', readonly PgTable[]>
> = {
  copied: COPIED_TABLES,
  ownStep: [payGroups, payGroupCurrencies],
  leftOut: [
    players,
    sessions,
    transactions,
    payoutAccounts,
    documents,
    lastUsedMethods,
    bonusPayGroups,
    clickstreamEvents,
    clientReports,
    operatorApiKeys,
    operatorAuditLog,
    staffAccounts,
    webhookEvents,
  ],
};

/**
 * Copies the rows of a brand-owned table from brand `from` to brand `to` in one statement,
 * leaving out the generated `id` and pointing a `pay_group_id` at the copy of its pay group (the
 * copy's pay group of the same flow and short name).
 */
async function copyRows(tx: Executor, table: PgTable, from: string, to: string): Promise<void> {
  const columns = getTableConfig(table).columns.filter((column) => column.name !== 'id');
  const names = sql.join(
    columns.map((column) => sql.identifier(column.name)),
    sql`, `,
  );
  const values = sql.join(
    columns.map((column) => {
      if (column.name === 'brand_id') return sql`${to}`;
      if (column.name !== 'pay_group_id') return sql`source.${sql.identifier(column.name)}`;
      return sql`(select copy.id from ${payGroups} original
        join ${payGroups} copy on copy.brand_id = ${to} and copy.flow = original.flow
          and copy.short_name = original.short_name
        where original.id = source.pay_group_id)`;
    }),
    sql`, `,
  );
  await tx.execute(
    sql`insert into ${table} (${names}) select ${values} from ${table} source where source.brand_id = ${from}`,
  );
}

/** Copies the brand's pay groups with their currencies. */
async function copyPayGroups(tx: Executor, from: string, to: string): Promise<void> {
  const groups = await tx.select().from(payGroups).where(eq(payGroups.brandId, from));
  if (groups.length === 0) return;
  const inserted = await tx
    .insert(payGroups)
    .values(groups.map((group) => ({ ...group, id: undefined, brandId: to })))
    .returning({ id: payGroups.id, flow: payGroups.flow, shortName: payGroups.shortName });
  const ids = new Map<number, number>();
  for (const group of groups) {
    const copy = inserted.find(
      (row) => row.flow === group.flow && row.shortName === group.shortName,
    );
    if (copy !== undefined) ids.set(group.id, copy.id);
  }
  const currencies = await tx
    .select()
    .from(payGroupCurrencies)
    .where(inArray(payGroupCurrencies.payGroupId, [...ids.keys()]));
  if (currencies.length > 0) {
    await tx.insert(payGroupCurrencies).values(
      currencies.map((row) => ({
        ...row,
        payGroupId: ids.get(row.payGroupId) ?? row.payGroupId,
      })),
    );
  }
}

/**
 * Runs one step of the draft, naming a refused field as the draft spells it: the writer names
 * the operator call's field (`body.currencies.0.min_amount`, `params.flow`), the preview names
 * where it sits in its own body (`body.pay_groups.0.document.currencies.0.min_amount`).
 */
async function draftStep<T>(
  at: string,
  params: Readonly<Record<string, string>>,
  bodyAt: string,
  work: () => Promise<T>,
): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (!isApiError(error) || error.field === undefined) throw error;
    let field = error.field;
    if (field === 'body' || field.startsWith('body.')) {
      field = `${bodyAt}${field.slice('body'.length)}`;
    } else if (field.startsWith('params.')) {
      field = `${at}.${params[field.slice('params.'.length)] ?? field.slice('params.'.length)}`;
    }
    throw new ApiError(error.errorName, {
      field,
      messageKey: error.messageKey,
      detail: error.message,
      headers: error.headers,
      cause: error,
    });
  }
}

/** Applies the draft to the preview brand through the configuration writers, in `tx`. */
async function applyDraft(
  tx: Transaction,
  brandId: string,
  draft: ConfigPreviewRequest,
  context: { readonly connectors: KnownConnectors | null; readonly now: Date },
): Promise<void> {
  const { settings } = draft;
  if (settings !== undefined) {
    await draftStep('body.settings', {}, 'body.settings', () =>
      updateBrandSettings(tx, brandId, settings),
    );
  }
  for (const [index, group] of (draft.pay_groups ?? []).entries()) {
    const at = `body.pay_groups.${String(index)}`;
    await draftStep(at, { flow: 'flow', shortName: 'short_name' }, `${at}.document`, () =>
      putPayGroup(tx, brandId, group.flow, group.short_name, group.document, context.connectors),
    );
  }
  for (const [index, tiers] of (draft.tax_tiers ?? []).entries()) {
    const at = `body.tax_tiers.${String(index)}`;
    await draftStep(at, { flow: 'flow' }, `${at}.document`, () =>
      putTaxTiers(tx, brandId, tiers.flow, tiers.document),
    );
  }
  for (const [index, theme] of (draft.themes ?? []).entries()) {
    const at = `body.themes.${String(index)}`;
    await draftStep(at, { name: 'name' }, `${at}.theme`, () =>
      putTheme(tx, brandId, theme.name, theme.theme, context.now),
    );
  }
  const themeDefault = draft.theme_default;
  if (themeDefault !== undefined) {
    await draftStep('body.theme_default', {}, 'body.theme_default', () =>
      setDefaultTheme(tx, brandId, themeDefault.name),
    );
  }
  for (const [index, texts] of (draft.texts ?? []).entries()) {
    const at = `body.texts.${String(index)}`;
    // putTexts names `body.texts.<key>`: the keys sit at `texts` of the draft's entry too.
    await draftStep(at, { language: 'language' }, at, () =>
      putTexts(tx, brandId, texts.language, texts.texts, context.now),
    );
  }
}

/** What a preview needs of the app. */
export interface PreviewContext {
  readonly session: SessionSettings;
  /** The back office's origin (PUBLIC_URL's): the one site that may frame a preview. */
  readonly backOfficeOrigin: string;
  readonly connectors: KnownConnectors | null;
  readonly now: Date;
}

/** A preview made: the session to frame and when the preview ends. */
export interface MadePreview {
  readonly session: CreatedSession;
  readonly expiresAt: Date;
}

/**
 * Makes a preview of brand `brandId` with `draft` applied, in one transaction (a refused draft
 * leaves nothing behind), after sweeping the expired previews.
 *
 * @throws {ApiError} operatorNotFound (1803) for a brand that does not exist or is itself a
 *   preview; the errors of the configuration writers, naming the draft's field; invalidField
 *   (`body.currency`) for a currency the draft offers in no enabled pay group of the flow.
 */
export async function makePreview(
  db: Database,
  brandId: string,
  draft: ConfigPreviewRequest,
  context: PreviewContext,
): Promise<MadePreview> {
  await sweepExpiredPreviews(db, context.now);
  const expiresAt = new Date(context.now.getTime() + PREVIEW_LIFETIME_MS);
  const session = await db.transaction(async (tx) => {
    const [brand] = await tx.select().from(brands).where(eq(brands.id, brandId));
    if (brand === undefined || brand.previewOf !== null) {
      throw new ApiError('operatorNotFound', { detail: 'no such brand to preview' });
    }
    const id = previewBrandId();
    await tx.insert(brands).values({
      ...brand,
      id,
      allowedHostOrigins: [context.backOfficeOrigin],
      previewOf: brand.id,
      previewExpiresAt: expiresAt,
      createdAt: context.now,
    });
    await copyPayGroups(tx, brand.id, id);
    for (const table of COPIED_TABLES) await copyRows(tx, table, brand.id, id);
    await applyDraft(tx, id, draft, context);
    // Whatever keeps the brand's data in memory reads the preview afresh.
    await bumpConfigVersion(tx, id, undefined);
    const currency = draft.currency ?? (await offeredCurrencies(tx, id, draft.flow))[0];
    if (
      currency === undefined ||
      !(await offeredCurrencies(tx, id, draft.flow)).includes(currency)
    ) {
      throw new ApiError('invalidField', {
        field: 'body.currency',
        detail: `the draft offers no ${draft.flow} in ${currency ?? 'any currency'}`,
      });
    }
    const [player] = await tx
      .insert(players)
      .values({ brandId: id, externalId: PREVIEW_PLAYER, createdAt: context.now })
      .returning({ id: players.id });
    if (player === undefined) throw new Error('preview player not written');
    return openSession(
      tx,
      context.session,
      {
        player: PREVIEW_PLAYER,
        playerId: player.id,
        brand: id,
        flow: draft.flow,
        currency,
        language: draft.language,
        theme: draft.theme,
      },
      context.now,
    );
  });
  return { session, expiresAt };
}

/**
 * Removes every preview brand whose expiry has passed at `now`, with everything of it (its
 * configuration, player and sessions cascade); answers how many went.
 */
export async function sweepExpiredPreviews(db: Executor, now: Date): Promise<number> {
  const removed = await db
    .delete(brands)
    .where(and(isNotNull(brands.previewExpiresAt), lte(brands.previewExpiresAt, now)))
    .returning({ id: brands.id });
  return removed.length;
}
