/**
 * The sandbox's interaction page: the "provider page" an alternative payment redirects to
 * (`/sandbox/interaction/{providerRef}`), which also lets a developer pay a QR code, a voucher or
 * an awaiting payment at once instead of waiting. Its Approve and Decline buttons post
 * `action=approve|decline`; the route calls `SandboxProvider.completeInteraction` and redirects to
 * {@link interactionRedirectAddress}.
 *
 * @packageDocumentation
 */
import { formatMoney } from '@cashdesk/domain';
import type { ProviderStatus, ReturnUrls } from '../payment-provider';
import { isSafeUrl, renderSandboxPage } from './html';

/** The form field the interaction page posts. */
export const INTERACTION_ACTION_FIELD = 'action';

/** The values of {@link INTERACTION_ACTION_FIELD}. */
export const INTERACTION_ACTIONS = { approve: 'approve', decline: 'decline' } as const;

/** One of the values of {@link INTERACTION_ACTIONS}. */
export type InteractionAction = (typeof INTERACTION_ACTIONS)[keyof typeof INTERACTION_ACTIONS];

/** Reads the posted action; anything but "approve" declines, so a tampered form never pays. */
export function parseInteractionAction(value: unknown): InteractionAction {
  return value === INTERACTION_ACTIONS.approve
    ? INTERACTION_ACTIONS.approve
    : INTERACTION_ACTIONS.decline;
}

/** What the interaction page shows and where it posts. */
export interface InteractionPageInput {
  /** Decimal string. */
  readonly amount: string;
  /** ISO 4217 alpha-3. */
  readonly currency: string;
  readonly merchantName: string;
  /** The pay group's short name, shown as the payment method. */
  readonly payGroup: string;
  /** The payment reference, when the method has one. */
  readonly reference?: string | undefined;
  /** Where the buttons post; an http(s) URL or a path. */
  readonly completionUrl: string;
  /** Extra hidden fields (e.g. a CSRF token); `action` is reserved. */
  readonly hiddenFields?: Readonly<Record<string, string>> | undefined;
  /** A CSP nonce for the inline style. */
  readonly nonce?: string | undefined;
}

/**
 * Renders the interaction page: merchant, method, amount and reference, then "Approve payment"
 * (focused) and "Decline payment". Escaped, script-free, frame-friendly like the 3-D Secure page.
 *
 * @throws {RangeError} when `completionUrl` is not an http(s) URL or a path.
 */
export function renderInteractionPage(input: InteractionPageInput): string {
  const amount = formatMoney(input.amount, { currency: input.currency });
  const details = [
    { term: 'Merchant', value: input.merchantName },
    { term: 'Method', value: input.payGroup },
    { term: 'Amount', value: amount === '' ? `${input.amount} ${input.currency}` : amount },
  ];
  if (input.reference !== undefined) details.push({ term: 'Reference', value: input.reference });
  return renderSandboxPage({
    title: 'Sandbox payment page',
    intro: 'This page stands in for the payment provider. Choose what the provider answers.',
    details,
    action: input.completionUrl,
    hiddenFields: input.hiddenFields,
    choiceName: INTERACTION_ACTION_FIELD,
    legend: 'Payment result',
    buttons: [
      { label: 'Approve payment', value: INTERACTION_ACTIONS.approve, primary: true },
      { label: 'Decline payment', value: INTERACTION_ACTIONS.decline },
    ],
    nonce: input.nonce,
  });
}

/**
 * Where the browser goes after the interaction page: the deposit's success address when the
 * payment is approved or still settling (the cashier then polls the status), its fail address
 * otherwise. An unsafe address (a server bug) falls back to the widget root "/".
 */
export function interactionRedirectAddress(returnUrls: ReturnUrls, status: ProviderStatus): string {
  const target =
    status.status === 'approved' || status.status === 'pending'
      ? returnUrls.success
      : returnUrls.fail;
  return isSafeUrl(target) ? target : '/';
}
