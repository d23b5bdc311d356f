/**
 * Card deposits in the sandbox: how a card behaves, from a new card (Luhn check, expiry, then the
 * test card table of `test-cards.ts`), from a saved-card token (the behaviour letter it
 * carries) or from an Apple Pay or Google Pay token (`test-wallet-tokens.ts`), and the first result of a card deposit: approved at once (with a token when the
 * player asked to save the card), a 3-D Secure challenge, processing, or declined.
 *
 * A new card becomes a {@link CardSummary} at once; its number and security code are never kept.
 *
 * @packageDocumentation
 */
import { checkCardNumber, expiryFullYear, validateExpiryParts } from '@cashdesk/domain';
import type {
  CardSummary,
  DeclineReason,
  DepositInput,
  DepositOutcome,
  NewCardInput,
} from '../payment-provider';
import type { Made, NewPaymentContext } from './payment-maker';
import { tokenBehaviour } from './provider-ref';
import type { SandboxFinal, TokenBehaviour } from './provider-ref';
import type { SandboxPaymentDetails, SandboxStore } from './store';
import { findTestCard } from './test-cards';
import type { TestCardBehaviour } from './test-cards';
import { findTestWalletToken } from './test-wallet-tokens';

/** Behaviour of the card paying, however it was given (new card or token). */
interface CardPlan {
  readonly behaviour: TestCardBehaviour;
  readonly final: SandboxFinal;
  readonly card: CardSummary | undefined;
  readonly saveAs: TokenBehaviour | undefined;
}

/** The month index (year × 12 + month − 1) of a date in UTC, for expiry comparisons. */
function monthIndex(year: number, month: number): number {
  return year * 12 + month - 1;
}

type ExpiryVerdict = 'valid' | 'expired' | 'invalid';

/** SPEC §5 expiry rules of `@cashdesk/domain`, telling an expired card from a malformed one. */
function checkExpiry(expMonth: string, expYear: string, now: Date): ExpiryVerdict {
  if (validateExpiryParts({ month: expMonth, year: expYear }, now).valid) return 'valid';
  const year = expiryFullYear(expYear, 'add-2000');
  const month = /^\d{1,2}$/.test(expMonth) ? Number(expMonth) : 0;
  if (year === null || month < 1 || month > 12) return 'invalid';
  const current = monthIndex(now.getUTCFullYear(), now.getUTCMonth() + 1);
  return monthIndex(year, month) < current ? 'expired' : 'invalid';
}

/** Whether a saved card's expiry has passed by `now`. */
export function summaryExpired(card: CardSummary, now: Date): boolean {
  return checkExpiry(card.expMonth, card.expYear, now) === 'expired';
}

/** The card's plan from a new card: Luhn, expiry, then the test card table. */
function newCardPlan(card: NewCardInput, saveCard: boolean, now: Date): CardPlan | DeclineReason {
  const digits = card.pan.replace(/\D/g, '');
  const check = checkCardNumber(digits);
  if (!check.isValid) return 'invalid_card';
  const expiry = checkExpiry(card.expMonth, card.expYear, now);
  if (expiry !== 'valid') return expiry === 'expired' ? 'expired_card' : 'invalid_card';
  const summary: CardSummary = {
    last4: digits.slice(-4),
    bin: digits.slice(0, 6),
    expMonth: card.expMonth.padStart(2, '0'),
    expYear: String(expiryFullYear(card.expYear, 'add-2000') ?? card.expYear),
    holder: card.holder.trim(),
    cardType: check.cardType?.type ?? 'unknown',
  };
  const testCard = findTestCard(digits);
  const behaviour = testCard?.behaviour ?? 'approved';
  if (behaviour === 'declined') return testCard?.declineReason ?? 'declined';
  const final = testCard?.declineReason ?? 'ok';
  // Declined cards are never saved, and neither is one whose processing will decline.
  const saveAs = saveCard && final === 'ok' ? behaviour : undefined;
  return { behaviour, final, card: summary, saveAs };
}

/** The card's plan from a saved-card token: the behaviour of the card it came from. */
async function tokenPlan(
  token: string,
  store: Pick<SandboxStore, 'token'>,
  now: Date,
): Promise<CardPlan | DeclineReason> {
  const behaviour = tokenBehaviour(token);
  if (behaviour === null) return 'invalid_token';
  const card = (await store.token(token))?.card;
  if (card !== undefined && summaryExpired(card, now)) return 'expired_card';
  if (behaviour === 'declined') return 'declined';
  return { behaviour, final: 'ok', card, saveAs: undefined };
}

/**
 * An Apple Pay or Google Pay token's plan, by the test wallet token table: no card summary (the
 * wallet keeps the card) and never saved (the wallet is the player's saved card).
 */
function walletPlan(token: string): CardPlan | DeclineReason {
  const row = findTestWalletToken(token);
  if (row?.behaviour === 'declined') return row.declineReason ?? 'declined';
  return {
    behaviour: row?.behaviour ?? 'approved',
    final: 'ok',
    card: undefined,
    saveAs: undefined,
  };
}

/**
 * A card deposit's first result, by the behaviour of the card (new or saved) or the wallet token
 * paying it.
 */
export async function authorizeCardDeposit(
  input: DepositInput,
  details: SandboxPaymentDetails,
  now: Date,
  context: NewPaymentContext,
): Promise<Made<DepositOutcome>> {
  const { maker, timings, baseUrl } = context;
  const plan =
    input.walletToken !== undefined
      ? walletPlan(input.walletToken.token)
      : input.card !== undefined
        ? newCardPlan(input.card, input.saveCard === true, now)
        : input.savedCardToken !== undefined
          ? await tokenPlan(input.savedCardToken, context.store, now)
          : 'invalid_card';
  if (typeof plan === 'string') return maker.declined('deposit', plan, details, now);
  const withCard: SandboxPaymentDetails = { ...details, card: plan.card, saveAs: plan.saveAs };
  switch (plan.behaviour) {
    case 'approved': {
      const parsed = maker.newRef('deposit', 'approved', 'ok', now);
      const token =
        plan.saveAs !== undefined && plan.card !== undefined
          ? maker.newToken(plan.saveAs, plan.card)
          : undefined;
      return maker.made(
        parsed,
        withCard,
        {
          outcome: 'approved',
          providerRef: parsed.ref,
          cardToken: token?.token,
          card: plan.card,
        },
        token,
      );
    }
    case 'challenge': {
      const parsed = maker.newRef('deposit', 'challenge', plan.final, now);
      return maker.made(parsed, withCard, {
        outcome: 'challenge',
        providerRef: parsed.ref,
        challengeUrl: `${baseUrl}/sandbox/3ds/${parsed.ref}`,
      });
    }
    case 'processing': {
      const parsed = maker.newRef('deposit', 'processing', plan.final, now);
      return maker.made(parsed, withCard, {
        outcome: 'processing',
        providerRef: parsed.ref,
        settlesAt: new Date(parsed.startedAt + timings.settleAfterMs),
      });
    }
    case 'declined':
      // newCardPlan turns a declining test card into a reason; kept for exhaustiveness.
      return maker.declined('deposit', 'declined', withCard, now);
  }
}
