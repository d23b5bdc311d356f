/**
 * A brand's settings (SPEC §3 cashier response and widget settings, framing):
 * the origins allowed to frame its cashier, merchant URLs and redirect type, the result pages'
 * redirect time-outs, the currency display setting, bonus_in_amount_block, country filtering,
 * cashier features, the wager rule, the support URL and the free-form widget settings. Changed
 * field by field (PATCH); the next player call reads them.
 *
 * @packageDocumentation
 */
import type { BrandSettings, BrandSettingsUpdate } from '@cashdesk/contract';
import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/open';
import { brands } from '../../db/schema';
import { requireBrand } from './brand';
import type { BrandRow } from './brand';
import type { ConfigChange } from './pay-groups';
import { serverSettingsOf, widgetSettingsOf } from './payout-approval';

/** The settings of a brand row. */
export function toBrandSettings(row: BrandRow): BrandSettings {
  return {
    allowed_host_origins: [...row.allowedHostOrigins],
    merchant_url: row.merchantUrl,
    merchant_success_url: row.merchantSuccessUrl,
    merchant_fail_url: row.merchantFailUrl,
    merchant_processing_url: row.merchantProcessingUrl,
    merchant_redirect_type: row.merchantRedirectType,
    success_page_redirect_timeout: row.successPageRedirectTimeout,
    processing_page_redirect_timeout: row.processingPageRedirectTimeout,
    currency_display_setting_id: row.currencyDisplaySettingId,
    bonus_in_amount_block: row.bonusInAmountBlock,
    country_filtering_enabled: row.countryFilteringEnabled,
    cashier_features: [...row.features],
    wager_rule_enabled: row.wagerRuleEnabled,
    support_url: row.supportUrl,
    // The server's own keys (the payout approval's exempt amounts) are not widget settings.
    widget_settings: widgetSettingsOf(row.settings),
    config_version: row.configVersion,
  };
}

/** The columns a settings change sets (only the fields given). */
function columnsOf(
  row: BrandRow,
  update: BrandSettingsUpdate,
): Partial<typeof brands.$inferInsert> {
  const columns: Partial<typeof brands.$inferInsert> = {};
  if (update.allowed_host_origins !== undefined) {
    columns.allowedHostOrigins = [...new Set(update.allowed_host_origins)];
  }
  if (update.merchant_url !== undefined) columns.merchantUrl = update.merchant_url;
  if (update.merchant_success_url !== undefined) {
    columns.merchantSuccessUrl = update.merchant_success_url;
  }
  if (update.merchant_fail_url !== undefined) columns.merchantFailUrl = update.merchant_fail_url;
  if (update.merchant_processing_url !== undefined) {
    columns.merchantProcessingUrl = update.merchant_processing_url;
  }
  if (update.merchant_redirect_type !== undefined) {
    columns.merchantRedirectType = update.merchant_redirect_type;
  }
  if (update.success_page_redirect_timeout !== undefined) {
    columns.successPageRedirectTimeout = update.success_page_redirect_timeout;
  }
  if (update.processing_page_redirect_timeout !== undefined) {
    columns.processingPageRedirectTimeout = update.processing_page_redirect_timeout;
  }
  if (update.currency_display_setting_id !== undefined) {
    columns.currencyDisplaySettingId = update.currency_display_setting_id;
  }
  if (update.bonus_in_amount_block !== undefined) {
    columns.bonusInAmountBlock = update.bonus_in_amount_block;
  }
  if (update.country_filtering_enabled !== undefined) {
    columns.countryFilteringEnabled = update.country_filtering_enabled;
  }
  if (update.cashier_features !== undefined) columns.features = [...update.cashier_features];
  if (update.wager_rule_enabled !== undefined) columns.wagerRuleEnabled = update.wager_rule_enabled;
  if (update.support_url !== undefined) columns.supportUrl = update.support_url;
  if (update.widget_settings !== undefined) {
    // Replaces the widget's settings; the server's own keys stay as they are.
    columns.settings = { ...serverSettingsOf(row.settings), ...update.widget_settings };
  }
  return columns;
}

/**
 * Changes the brand's settings given in `update`. Run it in the transaction that bumped the
 * configuration version (the answer carries the new version).
 */
export async function updateBrandSettings(
  tx: Executor,
  brandId: string,
  update: BrandSettingsUpdate,
): Promise<ConfigChange<BrandSettings> & { readonly after: BrandSettings }> {
  const row = await requireBrand(tx, brandId, 'params.brandId', { previews: true });
  const before = { ...toBrandSettings(row), config_version: row.configVersion - 1 };
  const columns = columnsOf(row, update);
  const [updated] =
    Object.keys(columns).length === 0
      ? [row]
      : await tx.update(brands).set(columns).where(eq(brands.id, brandId)).returning();
  if (updated === undefined) throw new Error('brand vanished under its lock');
  return { target: `settings:${brandId}`, before, after: toBrandSettings(updated) };
}
