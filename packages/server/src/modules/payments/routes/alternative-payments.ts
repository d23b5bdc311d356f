/**
 * Alternative payments (SPEC §2 /payments/interaction|status|3ds_result/{provider}, §7):
 *
 * - `GET payments/interaction/{transactionId}`: what the player has to do for a pending payment
 *   (the provider page to open, plain-text instructions, amount, expiry). A read: it changes
 *   nothing.
 * - `GET payments/status/{transactionId}`: asks the provider for the payment's state and applies it
 *   to the transaction through modules/payments/provider-outcomes.ts, so a success credits the
 *   ledger once however many polls race (the status machine's conditional update lets exactly one
 *   of them finish the transaction) and an error credits nothing.
 * - `POST payments/3ds-result`: the cashier's 3DS result route posts what the challenge returned.
 *   When the transaction still awaits its challenge and the body carries a challenge result, the
 *   challenge is completed with the provider; otherwise the provider's status is applied. Answers
 *   the pay session as it then is (final once the challenge was answered). The session comes from
 *   x-session-id; `session_id` of the body is not used (SPEC §7: the widget reads it from the
 *   return address to set the header).
 *
 * A transaction of another player answers 404 exactly like an unknown one.
 *
 * @packageDocumentation
 */
import type { InteractionResponse, StatusResponse, ThreeDsResultRequest } from '@cashdesk/contract';
import { ENDPOINTS } from '@cashdesk/contract';
import Big from 'big.js';
import { formatMoney, roundToPrecision } from '@cashdesk/domain';
import type { App, AppDeps } from '../../../http/app-types';
import { registerEndpoint } from '../../../http/register-endpoint';
import {
  SandboxProvider,
  THREE_DS_CHOICES,
  THREE_DS_RESULT_FIELD,
  parseRef,
} from '../../../providers';
import type { ProviderStatus } from '../../../providers';
import { providerOf, withProviderTimeout } from '../payment-deps';
import { paymentDetailsOf } from '../payment-details';
import type { PaymentDetails } from '../payment-details';
import { completeChallenge, refreshTransaction } from '../refresh';
import { isFinalStatus, resultStatusOf } from '../transactions';
import { findPlayerTransaction, providerDataOf } from '../transaction-repository';
import type { TransactionRow } from '../transaction-repository';
import { currencyPrecision } from '../transaction-money';
import { paySessionFor, wireStatusOf } from '../pay-session';
import { SANDBOX_INTERACTION_PATH } from './sandbox-pages';

/** Poll interval when nothing better is known (ms). */
export const DEFAULT_POLL_MS = 2000;
/** Shortest poll interval the server asks for (ms). */
export const MIN_POLL_MS = 500;
/** Longest poll interval the contract allows (ms). */
export const MAX_POLL_MS = 300_000;

function clampPoll(ms: number): number {
  return Math.min(MAX_POLL_MS, Math.max(MIN_POLL_MS, Math.ceil(ms)));
}

/**
 * When the widget should poll again: never for a final transaction; at the provider's settle
 * time when it gave one (a processing card); at the provider's poll interval (an awaiting
 * payment); else every {@link DEFAULT_POLL_MS}. Clamped to [{@link MIN_POLL_MS},
 * {@link MAX_POLL_MS}].
 */
export function nextPollMs(
  row: TransactionRow,
  status: ProviderStatus | undefined,
  now: Date,
): number | null {
  if (isFinalStatus(row.status)) return null;
  const data = providerDataOf(row);
  const settlesAt =
    status?.status === 'pending' && status.settlesAt !== undefined
      ? status.settlesAt.getTime()
      : data.settlesAt === undefined
        ? undefined
        : Date.parse(data.settlesAt);
  if (settlesAt !== undefined && settlesAt > now.getTime()) {
    return clampPoll(settlesAt - now.getTime());
  }
  if (data.pollAfterMs !== undefined) return clampPoll(data.pollAfterMs);
  return DEFAULT_POLL_MS;
}

/**
 * SPEC §7 status answer of a transaction, with what a result page shows of it
 * (modules/payments/payment-details.ts).
 */
function statusAnswer(
  row: TransactionRow,
  status: ProviderStatus | undefined,
  now: Date,
  details: PaymentDetails,
): StatusResponse {
  return {
    transaction_id: row.id,
    transaction_status: wireStatusOf(row.status),
    result_status: resultStatusOf(row.status),
    terminal: isFinalStatus(row.status),
    next_poll_ms: nextPollMs(row, status, now),
    ...details,
  };
}

/** An absolute http(s) address for the wire (the contract's Url), or `null`. */
function absoluteUrl(publicUrl: string, url: string): string | null {
  const absolute = url.startsWith('/') && !url.startsWith('//') ? `${publicUrl}${url}` : url;
  return /^https?:\/\/\S+$/.test(absolute) && absolute.length <= 2048 ? absolute : null;
}

/** The sandbox steps its interaction page can answer (SandboxProvider.completeInteraction). */
const SANDBOX_INTERACTION_STEPS: readonly string[] = [
  'redirect',
  'await',
  'display_form',
  'voucher',
];

/**
 * The provider page of a pending payment: the stored redirect (the provider's interaction or
 * challenge page); in sandbox mode, the sandbox interaction page for an awaiting, QR-code or
 * voucher payment too (it pays them at once, so a developer need not wait). `null` when the
 * player acts elsewhere or the payment is final.
 */
function interactionUrl(deps: AppDeps, row: TransactionRow): string | null {
  if (isFinalStatus(row.status)) return null;
  const stored = row.redirect?.redirect_data.url;
  if (stored !== undefined) return absoluteUrl(deps.config.publicUrl, stored);
  const ref = row.providerReference;
  if (deps.config.mode !== 'sandbox' || !(providerOf(deps, row) instanceof SandboxProvider))
    return null;
  if (ref === null) return null;
  const step = parseRef(ref)?.step;
  if (step === undefined || !SANDBOX_INTERACTION_STEPS.includes(step)) return null;
  return absoluteUrl(
    deps.config.publicUrl,
    `${SANDBOX_INTERACTION_PATH}/${encodeURIComponent(row.id)}`,
  );
}

/**
 * Plain-text instructions for the player, one per step (English, like the sandbox provider's own
 * texts). `money` is the amount as shown to the player, e.g. "10.00 EUR".
 */
export function interactionInstructions(row: TransactionRow, money: string): string[] {
  if (isFinalStatus(row.status)) return [];
  const data = providerDataOf(row);
  if (row.status === 'processing' || row.status === 'created') {
    return ['Your payment is being processed. This page updates by itself.'];
  }
  switch (data.step) {
    case 'redirect':
      return [
        'Open the payment page of your payment provider.',
        'Confirm the payment there; the cashier updates by itself afterwards.',
      ];
    case 'display_form':
      return [
        'Scan the QR code with your banking or wallet app and confirm the payment.',
        ...(data.displayForm === undefined
          ? []
          : [`Or pay by hand with the reference ${data.displayForm.reference}.`]),
      ];
    case 'upload':
      return [
        ...(data.displayForm === undefined
          ? ['Transfer the amount to the bank account shown.']
          : [
              `Transfer the amount to the bank account shown, with the reference ${data.displayForm.reference}.`,
            ]),
        'Then upload the receipt of the transfer.',
      ];
    case 'voucher':
      return data.voucher === undefined
        ? ['Pay the amount in cash at a betting shop.']
        : [`Pay ${money} in cash at a betting shop with the code ${data.voucher.code}.`];
    case 'await':
    case 'result':
    case undefined:
      return [data.instructions ?? 'Confirm the payment in your payment app.'];
  }
}

/** SPEC §7 interaction answer; amounts at the currency precision, as the pay session writes them. */
async function interactionAnswer(
  deps: AppDeps,
  row: TransactionRow,
  now: Date,
): Promise<InteractionResponse> {
  const data = providerDataOf(row);
  let expiresAt = data.displayForm?.expires_at ?? data.voucher?.expires_at ?? null;
  if (expiresAt === null && !isFinalStatus(row.status) && row.providerReference !== null) {
    // Only the provider knows how long its page stays open (a challenge, a redirect).
    const reference = row.providerReference;
    const status = await withProviderTimeout(deps, 'status', (options) =>
      providerOf(deps, row).status(reference, now, options),
    ).catch(() => undefined);
    if (status?.status === 'pending' && status.expiresAt !== undefined) {
      expiresAt = status.expiresAt.toISOString();
    }
  }
  const precision = await currencyPrecision(deps.db, row.currency);
  const amount = roundToPrecision(new Big(row.amount), precision, 'down');
  return {
    transaction_id: row.id,
    provider: providerOf(deps, row).name,
    instructions: interactionInstructions(
      row,
      formatMoney(amount, { currency: row.currency, precision }),
    ),
    redirect_url: interactionUrl(deps, row),
    amount,
    currency: row.currency,
    expires_at: expiresAt,
    transaction_status: wireStatusOf(row.status),
  };
}

/** The fields a challenge result carries to `complete3ds`, by their usual issuer names. */
export function challengeFields(body: ThreeDsResultRequest): Record<string, string> {
  const fields: Record<string, string> = {};
  if (body.pa_res !== undefined) fields.PaRes = body.pa_res;
  if (body.cres !== undefined) fields.cres = body.cres;
  if (body.md !== undefined) fields.MD = body.md;
  if (body.outcome !== undefined) {
    fields[THREE_DS_RESULT_FIELD] =
      body.outcome === 'authenticated' ? THREE_DS_CHOICES.pass : THREE_DS_CHOICES.fail;
  }
  return fields;
}

/** Whether a transaction waits for its 3-D Secure challenge (stored as an iframe redirect). */
function awaitsChallenge(row: TransactionRow): boolean {
  return row.status === 'await' && row.redirect?.action === 'iframe';
}

/** Registers the interaction, status and 3ds-result routes. */
export function registerAlternativePaymentRoutes(app: App): void {
  registerEndpoint(app, ENDPOINTS.altInteraction, async ({ params, session, deps }) => {
    const row = await findPlayerTransaction(deps.db, session.playerId, params.transactionId);
    return { status: 200, body: await interactionAnswer(deps, row, deps.clock()) };
  });

  registerEndpoint(app, ENDPOINTS.altStatus, async ({ params, session, deps, request }) => {
    const found = await findPlayerTransaction(deps.db, session.playerId, params.transactionId);
    const { row, status } = await refreshTransaction({ ...deps, log: request.log }, found);
    // Read after the refresh: a payment that settled just now shows its credit in the balance.
    const details = await paymentDetailsOf(deps.db, deps.wallet, row, session.language);
    return { status: 200, body: statusAnswer(row, status, deps.clock(), details) };
  });

  registerEndpoint(app, ENDPOINTS.alt3dsResult, async ({ body, session, deps, request }) => {
    const payment = { ...deps, log: request.log };
    let row = await findPlayerTransaction(deps.db, session.playerId, body.transaction_id);
    const fields = challengeFields(body);
    row =
      awaitsChallenge(row) && Object.keys(fields).length > 0
        ? await completeChallenge(payment, row, { fields })
        : (await refreshTransaction(payment, row)).row;
    return { status: 200, body: await paySessionFor(deps.db, row, deps.wallet) };
  });
}
