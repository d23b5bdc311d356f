/**
 * The payer of a submit: what a submit reads before it writes anything, once the rules let the
 * player pay (docs/decisions/0037-lean-submit.md): the pay group as the player sees it, the
 * player, the brand and its tax tiers, the bonuses, the ledger's balance and the wager rule.
 *
 * @packageDocumentation
 */
import type { RoutingInput } from './payment-route';
import type { Executor } from '../../db/open';
import type {
  BrandData,
  BrandRow,
  PayGroupScope,
  SessionPayGroup,
  PlayerProfile,
  WithdrawalWager,
} from '../cashier';
import { checkVerification } from '../operator';
import {
  narrowedFor,
  offeredTo,
  payGroupIdOf,
  unknownPayGroupError,
  playerAndBrandData,
  userBonusesOf,
  wagerOf,
} from '../cashier';
import type { SessionContext } from '../../http/sessions';

/**
 * What a submit reads before it writes anything: the pay group as the player sees it
 * (own limits applied), the player, the brand, the brand's tax tiers of the flow and the player's
 * bonuses. One statement (the player's figures) and the brand data from memory, as init reads
 * them; a brand data older than the configuration version the statement saw is read again.
 */
export interface Payer {
  readonly entry: SessionPayGroup;
  readonly player: PlayerProfile;
  readonly brand: BrandRow;
  /** Whether the player is verified (the profile's verification status). */
  readonly verified: boolean;
  readonly taxTiers: BrandData['taxTiers'];
  /** SPEC §3 user bonuses (deposits; none for a withdrawal). */
  readonly bonuses: ReturnType<typeof userBonusesOf>;
  /** SPEC §3 lost_profit_merchant_bonus of the brand (deposits; null for a withdrawal). */
  readonly lostProfit: BrandData['lostProfit'];
  /** The cashier ledger's balance and reservation in the session currency (internal wallet). */
  readonly ledgerBalance: { readonly balance: string; readonly reserved: string };
  /** SPEC §4 wager rule of the session, as a withdrawal sees it. */
  readonly wager: WithdrawalWager;
}

/**
 * The payer of a submit to `payGroupId` (path text), once the rules let the player pay.
 *
 * @throws {ApiError} unknownPayGroup (404, field `params.payGroupId`) as findSessionPayGroup;
 *   sessionExpired (17) for a blocked or vanished player; playerVerificationRequired (1811).
 */
export async function loadPayerOf(
  db: Executor,
  session: SessionContext,
  scope: PayGroupScope,
  payGroupId: string,
  now: Date,
): Promise<Payer> {
  const id = payGroupIdOf(payGroupId, 'params.payGroupId');
  const { figures, data } = await playerAndBrandData(db, session, scope, now);
  const row = data.groups.find((entry) => entry.group.id === id);
  // SPEC §3: a pay group not offered in the player's country is as unknown as a missing one.
  if (
    row === undefined ||
    !offeredTo(data.brand.countryFilteringEnabled, figures.profile.country, row)
  ) {
    throw unknownPayGroupError(scope, payGroupId, 'params.payGroupId');
  }
  checkVerification(
    { status: figures.profile.verificationStatus, verifiedFlows: data.brand.verifiedFlows },
    scope.flow,
  );
  const [entry] = narrowedFor(figures.own, [row]);
  return {
    entry: entry ?? row,
    player: figures.profile,
    brand: data.brand,
    verified: figures.profile.verificationStatus === 'verified',
    taxTiers: data.taxTiers,
    bonuses: scope.flow === 'deposit' ? userBonusesOf(figures.bonuses) : [],
    lostProfit: scope.flow === 'deposit' ? data.lostProfit : null,
    ledgerBalance: figures.balance,
    wager: wagerOf(session, figures.wagerRemaining, data.precision, data.brand.wagerRuleEnabled),
  };
}

/** What the brand's routing rules read of the payer (payment-route.ts). */
export function routingOf(payer: Payer): RoutingInput {
  return {
    rules: payer.brand.routingRules,
    country: payer.player.country,
    verified: payer.verified,
  };
}
