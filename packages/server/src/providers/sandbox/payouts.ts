/**
 * A new sandbox payout's first result: declined for an amount that is not positive or a saved
 * card that cannot be paid (not the sandbox's token, declining, expired), then by the amount
 * rules of `method-outcomes.ts`: declined, processing (to be paid or declined after the settle
 * delay), or paid at once, with a pick-up code for a bet-shop payout.
 *
 * @packageDocumentation
 */
import { positiveDecimal } from '@cashdesk/domain';
import type { PayoutInput, PayoutOutcome } from '../payment-provider';
import { summaryExpired } from './card-deposits';
import { SANDBOX_MERCHANT_NAME } from './merchant';
import { amountRuleFor } from './method-outcomes';
import type { Made, NewPaymentContext } from './payment-maker';
import { cashPickup } from './payment-status';
import { tokenBehaviour } from './provider-ref';
import type { SandboxFinal } from './provider-ref';
import type { SandboxPaymentDetails } from './store';

/** A new payout's first result. */
export async function decidePayout(
  input: PayoutInput,
  now: Date,
  { maker, timings, store }: NewPaymentContext,
): Promise<Made<PayoutOutcome>> {
  const { destination } = input;
  const details: SandboxPaymentDetails = {
    kind: input.methodKind,
    transactionId: input.transactionId,
    amount: input.amount,
    currency: input.currency,
    payGroup: input.payGroup,
    merchantName: SANDBOX_MERCHANT_NAME,
    returnUrls: undefined,
    card:
      destination.kind === 'card' ? (await store.token(destination.cardToken))?.card : undefined,
    saveAs: undefined,
    betShop: destination.kind === 'bet_shop' ? destination.betShop : undefined,
    reference: undefined,
  };
  const amount = positiveDecimal(input.amount);
  if (amount === null) return maker.declined('payout', 'invalid_amount', details, now);
  if (destination.kind === 'card') {
    const behaviour = tokenBehaviour(destination.cardToken);
    if (behaviour === null) return maker.declined('payout', 'invalid_token', details, now);
    if (behaviour === 'declined') return maker.declined('payout', 'declined', details, now);
    if (details.card !== undefined && summaryExpired(details.card, now)) {
      return maker.declined('payout', 'expired_card', details, now);
    }
  }
  const effect = amountRuleFor(amount)?.effect;
  if (effect === 'decline') return maker.declined('payout', 'declined', details, now);
  if (effect === 'decline_later' || effect === 'process') {
    const final: SandboxFinal = effect === 'process' ? 'ok' : 'declined';
    const parsed = maker.newRef('payout', 'processing', final, now);
    return maker.made(parsed, details, {
      outcome: 'processing',
      providerRef: parsed.ref,
      settlesAt: new Date(parsed.startedAt + timings.settleAfterMs),
    });
  }
  const parsed = maker.newRef('payout', 'approved', 'ok', now);
  return maker.made(parsed, details, {
    outcome: 'approved',
    providerRef: parsed.ref,
    pickup: cashPickup(parsed, details, timings),
  });
}
