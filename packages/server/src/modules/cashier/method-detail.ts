/**
 * SPEC §3 method detail (select) of both flows: the form, limits, amount blocks, view data and bet
 * shops of one pay group as the session sees it, and for a withdrawal the payout accounts, their
 * verification block, the support address and, while the player has an outstanding wager (SPEC §4,
 * modules/cashier/wager.ts), the read-only `wager_amount` parameter. A disabled or restricted pay
 * group's detail can be selected (the form may be looked at); only a submit refuses it.
 *
 * @packageDocumentation
 */
import * as z from 'zod/mini';
import { Url } from '@cashdesk/contract';
import type { DepositMethodDetail, PayoutMethodDetail } from '@cashdesk/contract';
import { payGroupWallet, workflowKind } from '@cashdesk/domain';
import type { ConnectorRegistry } from '../../providers/connectors';
import type { Executor } from '../../db/open';
import { betShopToWire, listBetShops } from './bet-shops';
import { brandDataOf } from './brand-data';
import {
  figureAtPrecision,
  optionalFigureAtPrecision,
  plainDecimal,
} from '../../platform/money-text';
import { depositFields, formFields, hasBetShopField, viewDataOf } from './pay-group-form';
import type { SessionPayGroup } from './pay-group-rows';
import { sessionScope } from './pay-groups';
import { verificationBlock } from '../accounts';
import { loadPlayer } from './player-profile';
import type { SessionContext } from '../../http/sessions';
import { withdrawalWager } from './wager';
import { merchantUserFee } from './pay-group-wire';
import { listPayoutAccounts, trustedContacts } from './payout-accounts';

/** SPEC §4 workflow type as the wire spells it. */
function workflowType(value: string | null): 'form' | 'host_to_host' | 'display_form' {
  switch (workflowKind(value)) {
    case 'checkout':
      return 'host_to_host';
    case 'display-form':
      return 'display_form';
    case 'form':
      return 'form';
  }
}

/** The detail parts both flows share (everything but parameters and the withdrawal additions). */
async function detailCommon(db: Executor, session: SessionContext, entry: SessionPayGroup) {
  const { group, limits, currency } = entry;
  const precision = currency.precision;
  const shops = hasBetShopField(group) ? await listBetShops(db, session.brandId) : [];
  const processing =
    group.processingCurrency !== null && group.processingCurrencyRate !== null
      ? {
          processing_currency: group.processingCurrency,
          processing_currency_rate: plainDecimal(group.processingCurrencyRate),
        }
      : { processing_currency: null, processing_currency_rate: null };
  return {
    currency: currency.alpha3,
    limits: {
      min_amount: optionalFigureAtPrecision(limits.minAmount, precision),
      max_amount: optionalFigureAtPrecision(limits.maxAmount, precision),
      max_recurring_amount: optionalFigureAtPrecision(limits.maxRecurringAmount, precision),
    },
    amount_blocks: limits.amountBlocks.map((block) => figureAtPrecision(block, precision)),
    view_data: viewDataOf(group),
    ...processing,
    show_processing_currency: group.showProcessingCurrency,
    amount_reg_exp_fe: group.amountRegExpFe,
    auto_submit: group.autoSubmit,
    preset_behavior: group.presetBehavior,
    preset_amount: optionalFigureAtPrecision(limits.presetAmount, precision),
    preset_currency: limits.presetAmount === null ? null : currency.alpha3,
    allow_preset_amount: group.allowPresetAmount,
    merchant_user_fee: merchantUserFee(group, precision),
    processing_time_translation_key: limits.processingTimeTranslationKey,
    workflow_type: workflowType(group.workflowType),
    info: group.infoUrl,
    fee: limits.fee,
    is_routable: group.isRoutable,
    ...(shops.length === 0 ? {} : { bet_shops: shops.map(betShopToWire) }),
  };
}

/**
 * SPEC §6: the Payment Request method data of an Apple Pay or Google Pay pay group, as JSON text,
 * from the pay group's connector (`walletRequestData`); `null` for any other pay group, and for
 * a connector that offers no such wallet (the widget then cannot pay with it).
 */
function nativePayData(
  connectors: Pick<ConnectorRegistry, 'has' | 'resolve' | 'provider'>,
  entry: SessionPayGroup,
  merchantName: string,
): string | null {
  const wallet = payGroupWallet(entry.group.nativePayType);
  if (wallet === null) return null;
  const name = connectors.resolve(entry.group.connector);
  if (!connectors.has(name)) return null;
  const data = connectors
    .provider(name)
    .walletRequestData?.(wallet, { merchantName, currency: entry.currency.alpha3 });
  return data === undefined ? null : JSON.stringify(data);
}

/** SPEC §3 method detail of a deposit pay group (with a wallet's Payment Request data, SPEC §6). */
export async function depositMethodDetail(
  db: Executor,
  session: SessionContext,
  entry: SessionPayGroup,
  connectors: Pick<ConnectorRegistry, 'has' | 'resolve' | 'provider'>,
  now: Date,
): Promise<DepositMethodDetail> {
  const [common, player, { brand }] = await Promise.all([
    detailCommon(db, session, entry),
    loadPlayer(db, session.playerId),
    brandDataOf(db, sessionScope(session, 'deposit'), now),
  ]);
  const walletData = nativePayData(connectors, entry, brand.name);
  return {
    ...common,
    parameters: depositFields(formFields(entry.group, player)),
    ...(walletData === null ? {} : { native_pay_data: walletData }),
  };
}

/** SPEC §3 method detail of a withdrawal pay group, with the withdrawal additions. */
export async function payoutMethodDetail(
  db: Executor,
  session: SessionContext,
  entry: SessionPayGroup,
  now: Date,
): Promise<PayoutMethodDetail> {
  const [common, player, { brand }, accounts, block, wager] = await Promise.all([
    detailCommon(db, session, entry),
    loadPlayer(db, session.playerId),
    // The brand row from memory: the entry findSessionPayGroup just used.
    brandDataOf(db, sessionScope(session, 'withdrawal'), now),
    listPayoutAccounts(db, session.playerId, entry.group),
    verificationBlock(db, session.playerId, now),
    withdrawalWager(db, session),
  ]);
  const supportUrl = z.safeParse(Url, brand.supportUrl);
  return {
    ...common,
    // SPEC §4: the read-only wager_amount parameter while the player has an outstanding wager.
    parameters: [...formFields(entry.group, player), ...wager.parameters],
    payout_account_verification_blocked: block.blocked,
    payout_account_verification_blocked_until: block.until?.toISOString() ?? null,
    support_url: supportUrl.success ? supportUrl.data : null,
    trusted_contacts: trustedContacts(player),
    allow_new_payout_account: entry.group.allowNewPayoutAccount,
    payout_accounts: accounts,
  };
}
