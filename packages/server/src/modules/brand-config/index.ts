/**
 * The brand-config module. A brand's configuration and its one writer
 * (docs/decisions/0030-brand-configuration-layer.md): brand, currencies, pay groups, bonuses, tax
 * tiers, lost-profit bonuses, previews of a draft (preview.ts), notifications, content pages, appearance, host origins, each write
 * bumping the brand's configuration version (version.ts); routes: the widget's appearance and
 * content, and the operator API's brand, configuration and appearance.
 *
 * This file is the module's public entry: other modules, the app, the commands and the seed import
 * the module only through it (the `server-module-*` rules of .dependency-cruiser.cjs).
 *
 * @packageDocumentation
 */
export { putPlayerBonuses } from './bonuses';
export { requireBrand, toBrandSummary } from './brand';
export { putContentPage } from './content-pages';
export { defineCurrency, offeredCurrencies } from './currencies';
export { setBrandHostOrigins } from './host-origins';
export { putLostProfitBonus } from './lost-profit';
export { createNotification } from './notifications';
export { putPayGroup } from './pay-groups';
export { PREVIEW_SWEEP_INTERVAL_MS, sweepExpiredPreviews } from './preview';
export {
  payoutAwaitsApproval,
  setPayoutApproval,
  toPayoutApprovalSetting,
} from './payout-approval';
export { updateBrandSettings } from './settings';
export { putTaxTiers } from './tax-tiers';
export { appearanceFor } from './appearance';
export { bumpConfigVersion } from './version';
