/**
 * What a provider's answer does to a transaction: the outcome of an authorisation or a 3-D Secure
 * completion, of a payout, or a provider status (a status poll, a receipt, an interaction answer, a
 * webhook) becomes one move of the status machine (modules/payments/transactions.ts): a final
 * result through completeTransaction, a wait or a step through transition, with the deadline of
 * what the transaction waits for (platform/schedule.ts) and the reconciler's first look.
 *
 * @packageDocumentation
 */
import type * as z from 'zod/mini';
import type { DisplayFormData } from '@cashdesk/contract';
import type { Executor } from '../../db/open';
import type {
  DepositOutcome,
  PayoutOutcome,
  ProviderStatus,
  ThreeDsOutcome,
} from '../../providers';
import { moneyAtPrecision, plainDecimal } from '../../platform/money-text';
import { DEADLINE_MS, deadlineAfter } from '../../platform/schedule';
import { completeTransaction, transition } from './transactions';
import type { TransitionResult } from './transactions';
import type { TransactionRow } from './transaction-repository';
import { chargedAmount, currencyPrecision, providerAmount } from './transaction-money';
import { updateProviderData } from './transaction-repository';
import Big from 'big.js';
import type { EventOwner, HistoryRecord } from '../webhooks';
import { TRANSFER_REFERENCE_FIELD } from '../cashier';

/**
 * Applies the result of `authorizeDeposit` (or of `complete3ds`) to a deposit transaction:
 * approved → success (credit, saved card, last used); declined → error with error_code 1301;
 * challenge → await with a 3-D Secure redirect (action iframe); processing → processing;
 * redirect → await with redirect_data; await → await; display_form → await with the QR code;
 * bank_transfer → await for the receipt upload (step upload, bank details as a display form);
 * voucher → await with the cash voucher.
 */
export async function applyDepositOutcome(
  db: Executor,
  row: TransactionRow,
  outcome: DepositOutcome | ThreeDsOutcome,
  now: Date = new Date(),
  owner?: EventOwner,
  history?: readonly HistoryRecord[],
): Promise<TransitionResult> {
  const known = {
    ...(owner === undefined ? {} : { owner }),
    ...(history === undefined ? {} : { history }),
  };
  const waitingFor = (ms: number) => ({ now, expiresAt: deadlineAfter(now, ms) });
  switch (outcome.outcome) {
    case 'approved':
      return completeTransaction(
        db,
        row.id,
        {
          result: 'approved',
          providerRef: outcome.providerRef,
          cardToken: outcome.cardToken,
          card: outcome.card,
        },
        now,
        owner,
        history,
      );
    case 'declined':
      return completeTransaction(
        db,
        row.id,
        {
          result: 'declined',
          providerRef: outcome.providerRef,
          reason: outcome.reason,
        },
        now,
        owner,
        history,
      );
    case 'challenge':
      return transition(db, row.id, 'await', {
        ...known,
        ...waitingFor(DEADLINE_MS.redirect),
        step: 'redirect',
        providerReference: outcome.providerRef,
        redirect: {
          action: 'iframe',
          redirect_data: { url: outcome.challengeUrl, method: 'GET', fields: {} },
        },
      });
    case 'processing':
      return transition(db, row.id, 'processing', {
        ...known,
        ...waitingFor(DEADLINE_MS.processing),
        nextCheckAt: settleCheckAt(outcome.settlesAt, now),
        step: 'await',
        providerReference: outcome.providerRef,
        providerData: { settlesAt: outcome.settlesAt.toISOString() },
      });
    case 'redirect':
      return transition(db, row.id, 'await', {
        ...known,
        ...waitingFor(DEADLINE_MS.redirect),
        step: 'redirect',
        providerReference: outcome.providerRef,
        redirect: {
          action: 'redirect',
          redirect_data: {
            url: outcome.url,
            method: outcome.method,
            fields: { ...outcome.fields },
          },
        },
      });
    case 'await':
      return transition(db, row.id, 'await', {
        ...known,
        ...waitingFor(DEADLINE_MS.await),
        step: 'await',
        providerReference: outcome.providerRef,
        providerData: { instructions: outcome.instructions, pollAfterMs: outcome.pollAfterMs },
      });
    case 'display_form':
      return transition(db, row.id, 'await', {
        ...known,
        now,
        expiresAt: deadlineAfter(outcome.expiresAt, DEADLINE_MS.grace),
        step: 'display_form',
        providerReference: outcome.providerRef,
        providerData: {
          displayForm: {
            qr_payload: outcome.qrPayload,
            expires_at: outcome.expiresAt.toISOString(),
            reference: outcome.reference,
            // What the player pays (amount and fees), at the currency precision ('20.00').
            amount: moneyAtPrecision(chargedAmount(row), await currencyPrecision(db, row.currency)),
            currency: row.currency,
            // The provider's stable name with its own wording: the widget labels the names it
            // knows in the player's language.
            copy_fields: outcome.copyFields.map((field) => ({
              name: field.name,
              label: field.label,
              value: field.value,
            })),
          },
        },
      });
    case 'bank_transfer':
      return transition(db, row.id, 'await', {
        ...known,
        ...waitingFor(DEADLINE_MS.upload),
        step: 'upload',
        providerReference: outcome.providerRef,
        // The reference the form asked the player to write is the payment's reference: one
        // reference from the form to the result (the provider's stays its own reference).
        providerData: {
          displayForm: bankTransferForm(
            row,
            transferReferenceOf(row) ?? outcome.reference,
            outcome.bank,
          ),
        },
      });
    case 'voucher':
      return transition(db, row.id, 'await', {
        ...known,
        now,
        expiresAt: deadlineAfter(outcome.expiresAt, DEADLINE_MS.grace),
        step: 'voucher',
        providerReference: outcome.providerRef,
        providerData: {
          voucher: { code: outcome.code, expires_at: outcome.expiresAt.toISOString() },
        },
      });
  }
}

/** The transfer reference the bank transfer form showed and the submit kept, if it had one. */
function transferReferenceOf(row: TransactionRow): string | null {
  const value: unknown = row.parameters[TRANSFER_REFERENCE_FIELD];
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
}

/** How long a bank transfer reference is shown as payable (designed; the provider gives none). */
export const BANK_TRANSFER_VALID_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * The bank details of a bank transfer, as a display form: a payto URI (RFC 8905) as the QR
 * payload, so a banking app can prefill the transfer, and copy lines for typing it by hand.
 */
function bankTransferForm(
  row: TransactionRow,
  reference: string,
  bank: { beneficiary: string; bankName: string; iban: string; bic: string },
): z.infer<typeof DisplayFormData> {
  const amount = plainDecimal(chargedAmount(row));
  const iban = bank.iban.replace(/\s+/g, '');
  const query = new URLSearchParams({
    'receiver-name': bank.beneficiary,
    amount: `${row.currency}:${amount}`,
    message: reference,
  });
  return {
    qr_payload: `payto://iban/${encodeURIComponent(bank.bic)}/${encodeURIComponent(iban)}?${query.toString()}`,
    expires_at: new Date(row.createdAt.getTime() + BANK_TRANSFER_VALID_MS).toISOString(),
    reference,
    amount,
    currency: row.currency,
    copy_fields: [
      { name: 'beneficiary', label: 'Beneficiary', value: bank.beneficiary },
      { name: 'bank', label: 'Bank', value: bank.bankName },
      { name: 'iban', label: 'IBAN', value: bank.iban },
      { name: 'bic', label: 'BIC', value: bank.bic },
      { name: 'reference', label: 'Reference', value: reference },
      { name: 'amount', label: 'Amount', value: `${amount} ${row.currency}` },
    ],
  };
}

/**
 * Applies the result of `provider.payout` to a withdrawal whose amount is already reserved:
 * approved → success (settled; a bet-shop pick-up code becomes the voucher), declined → error
 * (released), processing → processing.
 */
export async function applyPayoutOutcome(
  db: Executor,
  row: TransactionRow,
  outcome: PayoutOutcome,
  now: Date = new Date(),
  owner?: EventOwner,
  history?: readonly HistoryRecord[],
): Promise<TransitionResult> {
  const known = {
    ...(owner === undefined ? {} : { owner }),
    ...(history === undefined ? {} : { history }),
  };
  switch (outcome.outcome) {
    case 'approved':
      return completeTransaction(
        db,
        row.id,
        {
          result: 'approved',
          providerRef: outcome.providerRef,
          pickup: outcome.pickup,
        },
        now,
        owner,
        history,
      );
    case 'declined':
      return completeTransaction(
        db,
        row.id,
        {
          result: 'declined',
          providerRef: outcome.providerRef,
          reason: outcome.reason,
        },
        now,
        owner,
        history,
      );
    case 'processing':
      // No deadline: a payout on its way is never ended by the cashier's clock.
      return transition(db, row.id, 'processing', {
        ...known,
        now,
        nextCheckAt: settleCheckAt(outcome.settlesAt, now),
        step: 'await',
        providerReference: outcome.providerRef,
        providerData: { settlesAt: outcome.settlesAt.toISOString() },
      });
  }
}

/** The reconciler's first look at a settling payment: just after the provider's settle time. */
function settleCheckAt(settlesAt: Date, now: Date): Date {
  return new Date(Math.max(settlesAt.getTime(), now.getTime()) + 1_000);
}

/** How a provider status contradicts its transaction, if it does. */
export type ProviderDisagreement = 'amount' | 'reference';

/**
 * Whether `status` contradicts `row`: a reference other than the one the provider gave it before,
 * or an approval for another amount or currency than the transaction moves (a deposit's charged
 * total, a payout's paid amount). Compared as decimals: `20` and `20.00` agree.
 */
export function providerDisagreement(
  row: TransactionRow,
  status: ProviderStatus,
): ProviderDisagreement | undefined {
  if (row.providerReference !== null && status.providerRef !== row.providerReference) {
    return 'reference';
  }
  if (status.status === 'approved' && status.moved !== undefined) {
    const { amount, currency } = status.moved;
    const same =
      currency === row.currency &&
      /^\d+(\.\d+)?$/.test(amount) &&
      new Big(amount).eq(providerAmount(row));
    if (!same) return 'amount';
  }
  return undefined;
}

/**
 * Applies a provider status (status polling, `recordReceipt`, an interaction answer, a webhook)
 * to a transaction of either flow: approved → success, declined → error, cancelled → error
 * (reason `cancelled`), pending → unchanged (a pending `processing` step on an awaiting
 * transaction moves it to processing), unknown → unchanged. A status that contradicts the
 * transaction ({@link providerDisagreement}) changes nothing but the record of it (`held` in the
 * provider data, for the operator): no credit, no payout marked paid, no reference replaced.
 */
export async function applyProviderStatus(
  db: Executor,
  row: TransactionRow,
  status: ProviderStatus,
  now: Date = new Date(),
  history?: readonly HistoryRecord[],
): Promise<TransitionResult> {
  const disagreement = providerDisagreement(row, status);
  if (disagreement !== undefined) {
    const held = await updateProviderData(db, row.id, {
      held: {
        reason: disagreement,
        ...(status.status === 'approved' && status.moved !== undefined
          ? { reportedAmount: status.moved.amount, reportedCurrency: status.moved.currency }
          : {}),
        reportedReference: status.providerRef,
        at: now.toISOString(),
      },
    });
    return { applied: false, transaction: held, held: disagreement };
  }
  switch (status.status) {
    case 'approved':
      return completeTransaction(
        db,
        row.id,
        {
          result: 'approved',
          providerRef: status.providerRef,
          cardToken: status.cardToken,
          card: status.card,
          pickup: status.pickup,
        },
        now,
        undefined,
        history,
      );
    case 'declined':
      return completeTransaction(
        db,
        row.id,
        {
          result: 'declined',
          providerRef: status.providerRef,
          reason: status.reason,
        },
        now,
        undefined,
        history,
      );
    case 'cancelled':
      return completeTransaction(
        db,
        row.id,
        {
          result: 'declined',
          providerRef: status.providerRef,
          reason: 'cancelled',
        },
        now,
        undefined,
        history,
      );
    case 'pending':
      if (row.status === 'await' && status.step === 'processing') {
        return transition(db, row.id, 'processing', {
          now,
          ...(history === undefined ? {} : { history }),
          ...(status.settlesAt === undefined
            ? {}
            : { nextCheckAt: settleCheckAt(status.settlesAt, now) }),
          step: 'await',
          redirect: null,
          ...(status.settlesAt === undefined
            ? {}
            : { providerData: { settlesAt: status.settlesAt.toISOString() } }),
        });
      }
      return { applied: false, transaction: row };
    case 'unknown':
      return { applied: false, transaction: row };
  }
}
