/**
 * A new sandbox deposit's first result. A card deposit goes by its card (`card-deposits.ts`);
 * every other method kind goes by its kind and the amount rules of `method-outcomes.ts`: a
 * redirect to the interaction page (alternative), a wait for the wallet app (mobile), a QR code
 * (display_form), a bank transfer awaiting its receipt, or a bet-shop voucher. README.md beside
 * this file has the tables.
 *
 * @packageDocumentation
 */
import { formatMoney, positiveDecimal } from '@cashdesk/domain';
import type Big from 'big.js';
import type { DepositInput, DepositOutcome } from '../payment-provider';
import { authorizeCardDeposit } from './card-deposits';
import { SANDBOX_BANK, SANDBOX_MERCHANT_NAME, SANDBOX_WALLET } from './merchant';
import { amountRuleFor, formatDuration } from './method-outcomes';
import { digitCode, referenceFor } from './payment-maker';
import type { Made, NewPaymentContext } from './payment-maker';
import type { ParsedRef, SandboxFinal, SandboxStep } from './provider-ref';
import type { SandboxPaymentDetails } from './store';

/** What the sandbox keeps of a deposit before its method decides anything. */
function baseDetails(input: DepositInput): SandboxPaymentDetails {
  return {
    kind: input.methodKind,
    transactionId: input.transactionId,
    // What the player is charged: the amount plus the player's fee (never the method fee).
    amount: input.total,
    currency: input.currency,
    payGroup: input.payGroup,
    merchantName: input.merchantName ?? SANDBOX_MERCHANT_NAME,
    returnUrls: input.returnUrls,
    card: undefined,
    saveAs: undefined,
    betShop: input.betShop,
    reference: undefined,
  };
}

/** The first result of a deposit of any kind but card, by its kind and amount. */
function authorizeOther(
  input: DepositInput,
  amount: Big,
  details: SandboxPaymentDetails,
  now: Date,
  { maker, timings, baseUrl }: NewPaymentContext,
): Made<DepositOutcome> {
  const effect = amountRuleFor(amount)?.effect;
  if (effect === 'decline') return maker.declined('deposit', 'declined', details, now);
  const lateReason = input.methodKind === 'bank_transfer' ? 'receipt_rejected' : 'declined';
  const final: SandboxFinal = effect === 'decline_later' ? lateReason : 'ok';
  const start = (step: SandboxStep): ParsedRef => maker.newRef('deposit', step, final, now);
  switch (input.methodKind) {
    case 'card':
      // Card payments go through authorizeCardDeposit; never reached.
      return maker.declined('deposit', 'unsupported', details, now);
    case 'alternative': {
      const parsed = start('redirect');
      return maker.made(parsed, details, {
        outcome: 'redirect',
        providerRef: parsed.ref,
        url: `${baseUrl}/sandbox/interaction/${parsed.ref}`,
        method: 'GET',
        fields: {},
      });
    }
    case 'mobile': {
      const parsed = start('await');
      const money = formatMoney(input.total, { currency: input.currency });
      return maker.made(parsed, details, {
        outcome: 'await',
        providerRef: parsed.ref,
        instructions: `Confirm the payment of ${money} in your sandbox wallet app. The sandbox confirms it by itself after ${formatDuration(timings.settleAfterMs)}.`,
        pollAfterMs: timings.pollAfterMs,
      });
    }
    case 'display_form': {
      const parsed = start('display_form');
      const reference = referenceFor(parsed.random);
      const query = new URLSearchParams({
        ref: parsed.ref,
        amount: input.total,
        currency: input.currency,
        reference,
      });
      return maker.made(
        parsed,
        { ...details, reference },
        {
          outcome: 'display_form',
          providerRef: parsed.ref,
          qrPayload: `cashdesk-sandbox://pay?${query.toString()}`,
          expiresAt: new Date(parsed.startedAt + timings.expiresAfterMs),
          reference,
          copyFields: [
            { name: 'wallet', label: 'Wallet', value: SANDBOX_WALLET },
            { name: 'amount', label: `Amount (${input.currency})`, value: input.total },
            { name: 'reference', label: 'Payment reference', value: reference },
          ],
        },
      );
    }
    case 'bank_transfer': {
      const parsed = start('bank_transfer');
      const reference = referenceFor(parsed.random);
      return maker.made(
        parsed,
        { ...details, reference },
        {
          outcome: 'bank_transfer',
          providerRef: parsed.ref,
          reference,
          bank: SANDBOX_BANK,
          awaitingReceipt: true,
        },
      );
    }
    case 'bet_shop': {
      const parsed = start('voucher');
      const code = digitCode(parsed.random);
      return maker.made(
        parsed,
        { ...details, reference: code },
        {
          outcome: 'voucher',
          providerRef: parsed.ref,
          code,
          expiresAt: new Date(parsed.startedAt + timings.voucherExpiresAfterMs),
          betShop: input.betShop,
        },
      );
    }
  }
}

/**
 * Whether a deposit is a card verification: a new card of zero to save (the tokenization page,
 * SPEC §1), which the card's behaviour decides like a payment's while moving no money.
 */
function isCardVerification(input: DepositInput): boolean {
  return (
    input.methodKind === 'card' &&
    input.card !== undefined &&
    input.saveCard === true &&
    /^0+(?:\.0+)?$/.test(input.amount) &&
    /^0+(?:\.0+)?$/.test(input.total)
  );
}

/**
 * A new deposit's first result: declined for an amount that is not positive (but for a card
 * verification), else by its kind.
 */
export async function decideDeposit(
  input: DepositInput,
  now: Date,
  context: NewPaymentContext,
): Promise<Made<DepositOutcome>> {
  const details = baseDetails(input);
  if (isCardVerification(input)) return authorizeCardDeposit(input, details, now, context);
  const amount = positiveDecimal(input.amount);
  if (amount === null) return context.maker.declined('deposit', 'invalid_amount', details, now);
  return input.methodKind === 'card'
    ? authorizeCardDeposit(input, details, now, context)
    : authorizeOther(input, amount, details, now, context);
}
