/**
 * SPEC §1, §2 tokenization page: a card saved without a payment. The card goes to the payment
 * provider of a card deposit pay group the way a card deposit's save-card sends it (the provider's
 * `authorizeDeposit` with `saveCard`, here a verification of zero, which moves no money), and the
 * token the provider answers is saved by the same code a paid card's is (modules/accounts
 * `saveCard`). The card number and security code live in this call's memory only: never stored,
 * never logged (the log line names the outcome alone).
 *
 * - The card is checked first by the SPEC §5 rules the deposit form applies (`@cashdesk/domain`):
 *   a number failing them, an expired or malformed expiry, a bad security code or holder answers
 *   400 naming the field, and no provider is asked.
 * - The pay group: the one the request names (it must be a card deposit method the session is
 *   offered, available now), else the first such of the session's deposit methods.
 * - Only an approval with a token saves the card. A decline is a result (reason `declined`, 1301);
 *   a 3-D Secure challenge or any other step the bank asks for is `confirmation_needed` (only a
 *   payment can carry it: the player pays with the card once and ticks save card); no answer
 *   (a time-out, an error) is `provider_unavailable`: nothing is kept, the player tries again.
 *
 * @packageDocumentation
 */
import { randomUUID } from 'node:crypto';
import type { SavedCardWire, TokenizeCardResponse } from '@cashdesk/contract';
import {
  checkCardNumber,
  cleanCardholderName,
  validateCardholderName,
  validateCvv,
  validateExpiryParts,
} from '@cashdesk/domain';
import type { BrowserData } from '@cashdesk/contract';
import type { Database } from '../../db/open';
import { ApiError } from '../../http/api-error';
import type { SessionContext } from '../../http/sessions';
import type { DepositInput } from '../../providers';
import { findSavedCard, saveCard, toSavedCardWire } from '../accounts';
import {
  assertAvailable,
  findSessionPayGroup,
  loadPlayer,
  offeredTo,
  payGroupConnector,
  playerAndBrandData,
  sessionScope,
} from '../cashier';
import type { SessionPayGroup } from '../cashier';
import type { PaymentDeps } from './payment-deps';
import { withProviderTimeout } from './payment-deps';
import { customerOf } from './submission';

/** The card typed on the tokenization page (never stored or logged). */
export interface TokenizeCard {
  readonly card_pan: string;
  readonly card_exp_month: string;
  readonly card_exp_year: string;
  readonly card_cvv: string;
  readonly card_cardholder_name: string;
}

/** What the tokenization page sends. */
export interface TokenizeRequest {
  readonly pay_group_id?: number | undefined;
  readonly card_data: TokenizeCard;
  readonly browser_data?: BrowserData | undefined;
}

/** What a tokenization needs. */
export type TokenizeDeps = Pick<
  PaymentDeps,
  'db' | 'connectors' | 'config' | 'clock' | 'metrics'
> & {
  readonly widgetUrl: string;
};

function refused(field: string, detail: string): ApiError {
  return new ApiError('invalidField', { field: `body.card_data.${field}`, detail });
}

/** SPEC §5: the card rules of the deposit form. @throws {ApiError} invalidField. */
function checkCard(card: TokenizeCard, now: Date): { readonly cardType: string | null } {
  const number = checkCardNumber(card.card_pan);
  if (!number.isValid) throw refused('card_pan', 'not a valid card number');
  const expiry = validateExpiryParts({ month: card.card_exp_month, year: card.card_exp_year }, now);
  if (!expiry.valid) throw refused('card_exp_month', 'the expiry is malformed or past');
  const cardType = number.cardType?.type ?? null;
  if (!validateCvv(card.card_cvv, { cardType }).valid) {
    throw refused('card_cvv', 'not a security code of this card');
  }
  if (!validateCardholderName(card.card_cardholder_name).valid) {
    throw refused('card_cardholder_name', 'not a cardholder name');
  }
  return { cardType };
}

/** The card deposit pay group the card goes to (see the module comment). */
async function cardPayGroup(
  db: Database,
  session: SessionContext,
  payGroupId: number | undefined,
  now: Date,
): Promise<SessionPayGroup> {
  const scope = sessionScope(session, 'deposit');
  if (payGroupId !== undefined) {
    const entry = await findSessionPayGroup(db, scope, payGroupId, 'body.pay_group_id');
    if (entry.group.providerKind !== 'card') {
      throw new ApiError('unknownPayGroup', {
        field: 'body.pay_group_id',
        detail: 'not a card pay group',
      });
    }
    assertAvailable(entry.group, now, 'body.pay_group_id');
    return entry;
  }
  const { figures, data } = await playerAndBrandData(db, session, scope, now);
  const filtering = data.brand.countryFilteringEnabled;
  const entry = data.groups.find(
    (candidate) =>
      candidate.group.providerKind === 'card' &&
      candidate.group.enabled &&
      (candidate.group.restrictedUntil === null || candidate.group.restrictedUntil <= now) &&
      offeredTo(filtering, figures.profile.country, candidate),
  );
  if (entry === undefined) {
    throw new ApiError('unknownPayGroup', {
      field: 'body.pay_group_id',
      detail: 'the session offers no card deposit method',
    });
  }
  return entry;
}

function notSaved(
  result: 'declined' | 'not_saved',
  reason: NonNullable<TokenizeCardResponse['reason']>,
): TokenizeCardResponse {
  return {
    result,
    card: null,
    reason,
    error_code: reason === 'declined' ? '1301' : null,
  };
}

/** SPEC §1, §2: saves the card of the tokenization page (see the module comment). */
export async function tokenizeCard(
  deps: TokenizeDeps,
  session: SessionContext,
  request: TokenizeRequest,
  log: { info(object: Record<string, unknown>, message: string): void },
): Promise<TokenizeCardResponse> {
  const now = deps.clock();
  const card = request.card_data;
  checkCard(card, now);
  const entry = await cardPayGroup(deps.db, session, request.pay_group_id, now);
  const connector = payGroupConnector(deps.connectors, entry.group.connector);
  const provider = deps.connectors.provider(connector);
  const player = await loadPlayer(deps.db, session.playerId);
  const page = `${deps.widgetUrl.replace(/\/+$/, '')}/tokenization_page?${new URLSearchParams({
    session_id: session.sessionId,
  }).toString()}`;
  const zero = (0).toFixed(entry.currency.precision);
  const input: DepositInput = {
    transactionId: randomUUID(),
    amount: zero,
    fee: zero,
    total: zero,
    currency: entry.currency.alpha3,
    methodKind: 'card',
    payGroup: entry.group.shortName,
    card: {
      pan: card.card_pan,
      cvv: card.card_cvv,
      expMonth: card.card_exp_month,
      expYear: card.card_exp_year,
      holder: cleanCardholderName(card.card_cardholder_name) ?? '',
    },
    saveCard: true,
    customer: customerOf(player),
    returnUrls: { threeDsReturn: page, success: page, fail: page },
    ...(request.browser_data === undefined ? {} : { browserData: request.browser_data }),
    language: session.language,
  };
  let outcome;
  try {
    outcome = await withProviderTimeout(
      deps,
      'authorizeDeposit',
      (options) => provider.authorizeDeposit(input, now, options),
      connector,
    );
  } catch {
    log.info({ outcome: 'provider_unavailable', connector }, 'card tokenization');
    return notSaved('not_saved', 'provider_unavailable');
  }
  if (outcome.outcome === 'declined') {
    log.info({ outcome: 'declined', connector }, 'card tokenization');
    return notSaved('declined', 'declined');
  }
  if (outcome.outcome !== 'approved') {
    log.info({ outcome: outcome.outcome, connector }, 'card tokenization');
    return notSaved('not_saved', 'confirmation_needed');
  }
  if (outcome.cardToken === undefined || outcome.card === undefined) {
    log.info({ outcome: 'not_tokenized', connector }, 'card tokenization');
    return notSaved('not_saved', 'not_tokenized');
  }
  const savedId = await saveCard(
    deps.db,
    session.playerId,
    outcome.cardToken,
    outcome.card,
    connector,
  );
  const saved =
    savedId === null ? undefined : await findSavedCard(deps.db, session.playerId, savedId);
  if (saved === undefined) {
    log.info({ outcome: 'not_tokenized', connector }, 'card tokenization');
    return notSaved('not_saved', 'not_tokenized');
  }
  log.info({ outcome: 'saved', connector }, 'card tokenization');
  const wire: SavedCardWire = toSavedCardWire(saved);
  return { result: 'saved', card: wire, reason: null, error_code: null };
}
