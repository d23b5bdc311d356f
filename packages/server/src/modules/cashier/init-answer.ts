/**
 * SPEC §3 cashier response (init) of both flows, built from the player's figures and the brand
 * data in memory with the rules of @cashdesk/domain.
 *
 * What a session sees: the pay groups of its brand and flow that accept its currency, each with
 * only that currency in `currencies` (the widget reads `currencies[0]`). Disabled and restricted
 * pay groups are listed (the widget shows them in its Disabled group, SPEC §4). The withdrawal
 * wager rule (SPEC §4, modules/cashier/wager.ts), where it holds, lists every payout group disabled
 * with a `wager` view_data item. Apple Pay and Google Pay are listed on every platform: the widget
 * filters them by its platform (SPEC §6), which the server does not know, and by what the
 * browser can pay with (docs/decisions/0122).
 *
 * Amounts go out as decimal strings at the currency precision (limits, blocks, balance); fee
 * percentages as the stored text ("2%").
 *
 * Brand data in memory (docs/decisions/0036-brand-data-and-sessions-in-memory.md): what belongs
 * to the brand (brand row, pay groups, tiers, the currency's precision, the pay groups' wire
 * objects) is read from the app's brand-data cache (modules/cashier/brand-data.ts) when the handle
 * has one; what belongs to the player (row, balance, last used method, own limits, bonuses) is
 * read in one statement (modules/cashier/player-figures.ts) and never kept.
 *
 * The parts of an answer that the brand data keeps and puts, as the same object, into every
 * player's answer (the brand's pay groups and init's brand-level parts) are frozen, deeply: no
 * answer can change what the next one holds. That they never change is all the cashier route needs
 * to write their text once (modules/cashier/routes/cashier.ts, http/written-once.ts); this module
 * returns plain data and knows nothing of how it is written.
 *
 * @packageDocumentation
 */
import Big from 'big.js';
import { LogoSizes } from '@cashdesk/contract';
import type { DepositInitResponse, PayGroup, PayoutInitResponse } from '@cashdesk/contract';
import { DEFAULT_LOGO_SIZE } from '@cashdesk/domain';
import type { PaymentFlow, StoredLimits } from '@cashdesk/domain';
import type { Executor } from '../../db/open';
import type { BrandData } from './brand-data';
import { shownBalance } from '../wallet';
import { moneyAtPrecision } from '../../platform/money-text';
import type { BrandRow, SessionPayGroup } from './pay-group-rows';
import { narrowedFor, offeredTo, sessionScope } from './pay-groups';
import { playerAndBrandData, userBonusesOf } from './player-figures';
import { userProfile } from './player-profile';
import type { SessionContext } from '../../http/sessions';
import { wagerOf, wagerViewItem } from './wager';
import type { WalletService } from '../wallet';
import { payGroupToWire } from './pay-group-wire';
import { deepFreeze } from '../../platform/deep-freeze';

/**
 * Where a player's balance is read: the wallet of the app. The internal wallet's balance is the
 * ledger's row, which init reads in the player's one query instead.
 */
type BalanceSource = Pick<WalletService, 'balance' | 'kind'>;

/**
 * Freezes `value` and everything in it, and returns it: a part kept with the brand data and shared
 * by every answer that holds it (see the module comment).
 */
function shared<T extends object>(value: T): T {
  return deepFreeze(value);
}

/**
 * A pay group's wire object with one field changed (`last_used`, `enabled`). For a brand's
 * object (shared, hence frozen) the variant is made once per object and field and shared like
 * it; for a player's own object it is a new copy each time.
 */
const wireVariants = new WeakMap<PayGroup, Map<'last_used' | 'disabled', PayGroup>>();

function wireVariant(group: PayGroup, variant: 'last_used' | 'disabled'): PayGroup {
  const changed = (): PayGroup =>
    variant === 'last_used' ? { ...group, last_used: true } : { ...group, enabled: false };
  if (!Object.isFrozen(group)) return changed();
  let variants = wireVariants.get(group);
  if (variants === undefined) {
    variants = new Map();
    wireVariants.set(group, variants);
  }
  let made = variants.get(variant);
  if (made === undefined) {
    made = shared(changed());
    variants.set(variant, made);
  }
  return made;
}

/**
 * The pay groups' wire objects for a player: the brand's (made once per language and shared),
 * with last_used; a player with own limits gets objects of its own.
 */
function payGroupWire(
  data: BrandData,
  context: { readonly now: Date; readonly lastUsedId: number | null; readonly language: string },
  player: { readonly own: StoredLimits | null; readonly country: string | null },
): PayGroup[] {
  // SPEC §3: while the brand filters by country, the player's country decides what is offered.
  const filtering = data.brand.countryFilteringEnabled;
  const offered = (entry: SessionPayGroup) => offeredTo(filtering, player.country, entry);
  if (player.own !== null) {
    return narrowedFor(player.own, data.groups.filter(offered)).map((entry) =>
      payGroupToWire(entry, context),
    );
  }
  let wire = data.wire.get(context.language);
  if (wire === undefined) {
    wire = data.groups.map((entry) =>
      shared(payGroupToWire(entry, { ...context, lastUsedId: null })),
    );
    data.wire.set(context.language, wire);
  }
  const hidden = filtering
    ? new Set(data.groups.filter((entry) => !offered(entry)).map((entry) => entry.group.id))
    : null;
  const shown = hidden === null ? wire : wire.filter((group) => !hidden.has(group.id));
  return shown.map((group) =>
    group.id === context.lastUsedId ? wireVariant(group, 'last_used') : group,
  );
}

/**
 * SPEC §3 logoSizes: the brand's method logo size from its widget settings, when it has the
 * contract's shape; SPEC §9's 40 by 40 otherwise (an odd stored value never breaks init).
 */
function logoSizesOf(settings: BrandRow['settings']): LogoSizes {
  // The brand row comes from the brand data in memory: its settings are checked once per row.
  const known = logoSizesBySettings.get(settings);
  if (known !== undefined) return known;
  const parsed = LogoSizes.safeParse(settings.logo_sizes);
  const sizes = parsed.success ? parsed.data : { ...DEFAULT_LOGO_SIZE };
  logoSizesBySettings.set(settings, sizes);
  return sizes;
}

const logoSizesBySettings = new WeakMap<BrandRow['settings'], LogoSizes>();

/** The parts of init that depend on the brand data alone (see {@link brandPartsOf}). */
interface BrandParts {
  readonly cashierSettings: DepositInitResponse['cashier_settings'];
  readonly lostProfit: BrandData['lostProfit'];
  readonly tax: DepositInitResponse['tax'];
  readonly widgetSettings: DepositInitResponse['widget_settings'];
}

const brandParts = new WeakMap<BrandData, BrandParts>();

/**
 * The parts of init that depend on the brand data alone, made once per brand data and shared by
 * every player's answer (the cashier route has their text written once).
 */
function brandPartsOf(data: BrandData): BrandParts {
  let parts = brandParts.get(data);
  if (parts === undefined) {
    const { brand } = data;
    parts = {
      cashierSettings: shared({ country_filtering_enabled: brand.countryFilteringEnabled }),
      lostProfit: data.lostProfit === null ? null : shared(data.lostProfit),
      tax: shared({ tiers: data.taxTiers.map((tier) => ({ ...tier })) }),
      widgetSettings: shared({
        logo_sizes: { ...logoSizesOf(brand.settings) },
        currency_display_setting_id: brand.currencyDisplaySettingId,
        bonus_in_amount_block: brand.bonusInAmountBlock,
        processing_page_redirect_timeout: brand.processingPageRedirectTimeout,
        success_page_redirect_timeout: brand.successPageRedirectTimeout,
        // SPEC §3 showPCIDSSLogo: the operator's free-form widget setting, only when it says true.
        show_pci_dss_logo: brand.settings.show_pci_dss_logo === true,
      }),
    };
    brandParts.set(data, parts);
  }
  return parts;
}

/**
 * The cashier response of a flow (both flows' parts, the wager rule's included). The
 * player's figures in one statement, the brand's data from memory (read, in four statements sent
 * together, only when missing, stale or older than the version the player's statement saw), the
 * balance from the operator's wallet when the app uses one.
 */
async function cashierResponse(
  db: Executor,
  session: SessionContext,
  flow: PaymentFlow,
  now: Date,
  wallet: BalanceSource,
  authToken: string,
) {
  const scope = sessionScope(session, flow);
  const { figures, data } = await playerAndBrandData(db, session, scope, now);
  const { brand, precision } = data;
  // A preview session's player is no player of the operator's: its wallet is never asked.
  const balance =
    wallet.kind === 'internal' || session.preview === true
      ? figures.balance
      : await wallet.balance(db, session.playerId, session.currency);
  const wire = payGroupWire(
    data,
    { now, lastUsedId: figures.lastUsedId, language: session.language },
    { own: figures.own, country: figures.profile.country },
  );
  const reserved = new Big(balance.reserved);
  const parts = brandPartsOf(data);
  const common = {
    view_data: [],
    cashier_settings: parts.cashierSettings,
    cashier_features: [...brand.features],
    lost_profit_merchant_bonus: parts.lostProfit,
    // The reserved amount is the pending withdrawal: reserved by a payout not yet paid out.
    withdrawal_reverse: reserved.gt(0)
      ? { amount: moneyAtPrecision(balance.reserved, precision), currency: session.currency }
      : null,
    tax: parts.tax,
    user_bonuses: flow === 'deposit' ? userBonusesOf(figures.bonuses) : [],
    merchant_url: brand.merchantUrl,
    merchant_success_url: brand.merchantSuccessUrl,
    merchant_fail_url: brand.merchantFailUrl,
    merchant_processing_url: brand.merchantProcessingUrl,
    merchant_redirect_type: brand.merchantRedirectType,
    user_balance: moneyAtPrecision(shownBalance(balance), precision),
    auth_token: authToken,
    widget_settings: parts.widgetSettings,
    user_profile: userProfile(figures.profile, session.language),
  };
  const wager = wagerOf(session, figures.wagerRemaining, precision, brand.wagerRuleEnabled);
  return { common, wire, wager };
}

/**
 * SPEC §3 cashier response of the deposit flow (GET payments/groups/init); `authToken` is its
 * `auth_token`, the realtime connection token (modules/realtime/session-token.ts).
 */
export async function depositCashierResponse(
  db: Executor,
  session: SessionContext,
  now: Date,
  wallet: BalanceSource,
  authToken: string,
): Promise<DepositInitResponse> {
  const { common, wire } = await cashierResponse(db, session, 'deposit', now, wallet, authToken);
  return { ...common, payment_groups: wire };
}

/** SPEC §3 cashier response of the withdrawal flow (GET payouts/groups/init); see above. */
export async function payoutCashierResponse(
  db: Executor,
  session: SessionContext,
  now: Date,
  wallet: BalanceSource,
  authToken: string,
): Promise<PayoutInitResponse> {
  const { common, wire, wager } = await cashierResponse(
    db,
    session,
    'withdrawal',
    now,
    wallet,
    authToken,
  );
  // SPEC §4: an outstanding wager in a brand the rule applies to disables every withdrawal
  // method; the wager view_data item says why and how much is left.
  if (!wager.disabled || wager.remaining === null) return { ...common, payout_groups: wire };
  return {
    ...common,
    view_data: [...common.view_data, wagerViewItem(wager.remaining)],
    payout_groups: wire.map((group) => wireVariant(group, 'disabled')),
  };
}
