/**
 * The sandbox's 3-D Secure challenge page and the addresses around it. The server serves the
 * page at the challenge URL the sandbox gave (`/sandbox/3ds/{providerRef}`); its Pass and Fail
 * buttons post `result=pass|fail` to a completion URL; the route then calls
 * `complete3ds(providerRef, { fields }, now)` and redirects the browser to
 * {@link threeDsRedirectAddress}, the cashier's 3DS result route (SPEC §2 /3ds_result,
 * /payments/3ds_result/{provider}).
 *
 * @packageDocumentation
 */
import { formatMoney } from '@cashdesk/domain';
import type { ThreeDsOutcome } from '../payment-provider';
import { isSafeUrl, renderSandboxPage } from './html';

/** The form field the challenge page posts, and what `complete3ds` reads. */
export const THREE_DS_RESULT_FIELD = 'result';

/** The values of {@link THREE_DS_RESULT_FIELD}: pass approves, anything else fails. */
export const THREE_DS_CHOICES = { pass: 'pass', fail: 'fail' } as const;

/** What the challenge page shows and where it posts. */
export interface ThreeDsPageInput {
  /** Decimal string, e.g. "10.00". */
  readonly amount: string;
  /** ISO 4217 alpha-3. */
  readonly currency: string;
  readonly merchantName: string;
  /** The card's last four digits, when known. */
  readonly cardLast4?: string | undefined;
  /** Where the buttons post; an http(s) URL or a path. */
  readonly completionUrl: string;
  /** Extra hidden fields (e.g. a CSRF token); `result` is reserved. */
  readonly hiddenFields?: Readonly<Record<string, string>> | undefined;
  /** A CSP nonce for the inline style. */
  readonly nonce?: string | undefined;
}

/**
 * Renders the 3-D Secure challenge page: merchant, amount and card, then "Pass" (focused) and
 * "Fail" buttons posting {@link THREE_DS_RESULT_FIELD}. Every value is escaped; the page has no
 * scripts and no external assets, so it works in the cashier's frame and in a new tab. Serve it
 * without `X-Frame-Options: DENY` so the cashier can frame it.
 *
 * @throws {RangeError} when `completionUrl` is not an http(s) URL or a path.
 */
export function renderThreeDsChallengePage(input: ThreeDsPageInput): string {
  const amount = formatMoney(input.amount, { currency: input.currency });
  const details = [
    { term: 'Merchant', value: input.merchantName },
    { term: 'Amount', value: amount === '' ? `${input.amount} ${input.currency}` : amount },
  ];
  if (input.cardLast4 !== undefined) {
    details.push({ term: 'Card', value: `•••• ${input.cardLast4}` });
  }
  return renderSandboxPage({
    title: '3-D Secure check',
    intro: 'Your card issuer asks you to confirm this payment. Choose what the issuer answers.',
    details,
    action: input.completionUrl,
    hiddenFields: input.hiddenFields,
    choiceName: THREE_DS_RESULT_FIELD,
    legend: 'Authentication result',
    buttons: [
      { label: 'Pass', value: THREE_DS_CHOICES.pass, primary: true },
      { label: 'Fail', value: THREE_DS_CHOICES.fail },
    ],
    nonce: input.nonce,
  });
}

/** What the cashier's 3DS result address is built from. */
export interface CashierThreeDsReturnInput {
  /** The widget's address (origin and any base path), e.g. "https://cashier.example". */
  readonly widgetUrl: string;
  readonly transactionId: string;
  /**
   * The provider route name for an alternative payment: the address becomes
   * `/payments/3ds_result/{provider}`. Without it, the card checkout's `/3ds_result`.
   */
  readonly provider?: string | undefined;
  /**
   * The session id, so that a challenge opened in a new tab (no stored session, SPEC §1) can
   * still call payments/3ds-result.
   */
  readonly sessionId?: string | undefined;
}

/**
 * SPEC §2: the cashier's 3DS result address, which the server passes as
 * `returnUrls.threeDsReturn` when it authorises a deposit: `{widgetUrl}/3ds_result` or
 * `{widgetUrl}/payments/3ds_result/{provider}`, with `transaction_id` (and `session_id`) in the
 * query.
 */
export function cashierThreeDsReturnUrl(input: CashierThreeDsReturnInput): string {
  const base = input.widgetUrl.replace(/\/+$/, '');
  const path =
    input.provider === undefined
      ? '/3ds_result'
      : `/payments/3ds_result/${encodeURIComponent(input.provider)}`;
  const query = new URLSearchParams({ transaction_id: input.transactionId });
  if (input.sessionId !== undefined) query.set('session_id', input.sessionId);
  return `${base}${path}?${query.toString()}`;
}

/** The SPEC §2 result status the cashier shows for a finished challenge. */
export function threeDsResultStatus(outcome: ThreeDsOutcome): 'success' | 'error' {
  return outcome.outcome === 'approved' ? 'success' : 'error';
}

const RELATIVE_BASE = 'http://relative.invalid';

/** What the redirect after a challenge is decided from. */
export interface ThreeDsRedirectInput {
  /** The `returnUrls.threeDsReturn` the deposit was authorised with. */
  readonly threeDsReturn: string;
  readonly transactionId: string;
  readonly outcome: ThreeDsOutcome;
}

/**
 * Where the browser goes after the challenge: the deposit's `threeDsReturn` address with
 * `transaction_id` and `status` (success or error) set in its query, other parameters kept. An
 * address that is not http(s) or a same-origin path (it comes from the server, so this means a
 * bug, but a redirect must never become an open or script redirect) is replaced by the card
 * checkout's `/3ds_result`.
 */
export function threeDsRedirectAddress(input: ThreeDsRedirectInput): string {
  const target = isSafeUrl(input.threeDsReturn) ? input.threeDsReturn : '/3ds_result';
  const url = new URL(target, RELATIVE_BASE);
  url.searchParams.set('transaction_id', input.transactionId);
  url.searchParams.set('status', threeDsResultStatus(input.outcome));
  return target.startsWith('/') ? `${url.pathname}${url.search}${url.hash}` : url.href;
}
