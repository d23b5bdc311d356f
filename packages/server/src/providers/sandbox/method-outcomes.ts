/**
 * What the sandbox does for each method kind, and the amounts that change it: the documented
 * outcome table for everything that is not a card number.
 *
 * @packageDocumentation
 */
import Big from 'big.js';
import type { PaymentMethodKind } from '../payment-provider';

/** The sandbox's timing, all in milliseconds. */
export interface SandboxTimings {
  /** Processing and await payments, and processing payouts, settle this long after they start. */
  readonly settleAfterMs: number;
  /** The pretend player pays a display-form QR code or a cash voucher this long after it is issued. */
  readonly paidAfterMs: number;
  /** An unanswered 3-D Secure challenge, interaction page or QR code expires after this long. */
  readonly expiresAfterMs: number;
  /** Cash vouchers and bet-shop pick-up codes are valid this long. */
  readonly voucherExpiresAfterMs: number;
  /** The status poll interval the sandbox asks for on await payments. */
  readonly pollAfterMs: number;
}

/**
 * The default timings: a processing payment settles after 5 s ("a few seconds"); the
 * QR code and voucher are "paid" after 30 s, long enough to look at them; challenges, interaction
 * pages and QR codes expire after 15 min (SPEC §9 timeout L, 900000 ms); vouchers after a day.
 */
export const DEFAULT_SANDBOX_TIMINGS: SandboxTimings = {
  settleAfterMs: 5_000,
  paidAfterMs: 30_000,
  expiresAfterMs: 900_000,
  voucherExpiresAfterMs: 86_400_000,
  pollAfterMs: 2_000,
};

/**
 * A duration for the tables: whole hours, minutes or seconds where it divides evenly
 * (86400000 as "24 h", 900000 as "15 min", 5000 as "5 s"), else milliseconds.
 */
export function formatDuration(ms: number): string {
  if (ms > 0 && ms % 3_600_000 === 0) return `${ms / 3_600_000} h`;
  if (ms > 0 && ms % 60_000 === 0) return `${ms / 60_000} min`;
  if (ms % 1_000 === 0) return `${ms / 1_000} s`;
  return `${ms} ms`;
}

const T = DEFAULT_SANDBOX_TIMINGS;

/** One row of the method kind table. */
export interface MethodKindOutcome {
  readonly kind: PaymentMethodKind;
  /** The deposit outcome the kind gives for an ordinary amount. */
  readonly depositOutcome: string;
  /** How the payment reaches its final result. */
  readonly settlement: string;
}

/** What each method kind does on deposit, for an amount no {@link AMOUNT_RULES} row names. */
export const METHOD_KIND_OUTCOMES: readonly MethodKindOutcome[] = [
  {
    kind: 'card',
    depositOutcome: 'by card number (test card table)',
    settlement: 'Amounts do not matter; the card number decides.',
  },
  {
    kind: 'alternative',
    depositOutcome: '`redirect` (GET) to `/sandbox/interaction/{providerRef}`',
    settlement: `Approve on the interaction page approves, Decline declines (\`cancelled\`); unanswered for ${formatDuration(T.expiresAfterMs)}: \`expired\`.`,
  },
  {
    kind: 'mobile',
    depositOutcome: `\`await\` with instructions, poll every ${formatDuration(T.pollAfterMs)}`,
    settlement: `Approved ${formatDuration(T.settleAfterMs)} after the start (the settle delay).`,
  },
  {
    kind: 'display_form',
    depositOutcome: `\`display_form\`: QR payload \`cashdesk-sandbox://pay?…\`, expiry in ${formatDuration(T.expiresAfterMs)}`,
    settlement: `Paid ${formatDuration(T.paidAfterMs)} after it is issued, or at once with Approve on the interaction page; unpaid at the expiry: \`expired\`.`,
  },
  {
    kind: 'bank_transfer',
    depositOutcome: '`bank_transfer`: reference and sandbox bank details, awaiting the receipt',
    settlement: 'Approved when the receipt is recorded (`recordReceipt`).',
  },
  {
    kind: 'bet_shop',
    depositOutcome: `\`voucher\`: 12-digit code valid for ${formatDuration(T.voucherExpiresAfterMs)}, echoing the chosen bet shop`,
    settlement: `Paid ${formatDuration(T.paidAfterMs)} after it is issued, or at once with Approve on the interaction page; unpaid at the expiry: \`expired\`.`,
  },
];

/**
 * What an amount can make the sandbox do instead of the default:
 * - `decline`: declined at once (`declined`).
 * - `decline_later`: accepted as usual, then declined at the moment it would have been approved
 *   (`receipt_rejected` for a bank transfer, `declined` otherwise).
 * - `process`: payouts only: processing, approved after the settle delay.
 */
export type AmountRuleEffect = 'decline' | 'decline_later' | 'process';

/** One row of the amount table: amounts whose fraction is exactly {@link AmountRule.fraction}. */
export interface AmountRule {
  /** The fraction, e.g. "0.13" matches 10.13 and 7.130 but not 10.131. */
  readonly fraction: string;
  readonly effect: AmountRuleEffect;
  readonly deposits: string;
  readonly payouts: string;
  /** What a refund of that amount does. */
  readonly refunds: string;
}

/**
 * The amount rules ("where useful, by amount"). They apply to deposits of every kind but
 * `card`, and to every payout.
 */
export const AMOUNT_RULES: readonly AmountRule[] = [
  {
    fraction: '0.13',
    effect: 'decline',
    deposits: 'declined at once (`declined`)',
    payouts: 'declined at once (`declined`)',
    refunds: 'failed at once (`declined`)',
  },
  {
    fraction: '0.14',
    effect: 'decline_later',
    deposits:
      'the usual outcome, then declined when it would have been approved (`receipt_rejected` for a bank transfer, `declined` otherwise)',
    payouts: 'processing, then declined after the settle delay (`declined`)',
    refunds: 'pending, then failed after the settle delay (`declined`)',
  },
  {
    fraction: '0.15',
    effect: 'process',
    deposits: 'the usual outcome',
    payouts: 'processing, then approved after the settle delay',
    refunds: 'pending, then succeeded after the settle delay',
  },
];

/** The amount rule an amount falls under, if any. */
export function amountRuleFor(amount: Big): AmountRule | undefined {
  const fraction = amount.abs().minus(amount.abs().round(0, Big.roundDown));
  return AMOUNT_RULES.find((rule) => fraction.eq(rule.fraction));
}

/**
 * The method kind table and the amount table as Markdown, exactly as
 * `providers/sandbox/README.md` carries them between its `method-outcomes` markers.
 */
export function renderMethodOutcomeTables(
  kinds: readonly MethodKindOutcome[] = METHOD_KIND_OUTCOMES,
  rules: readonly AmountRule[] = AMOUNT_RULES,
): string {
  return [
    '| Method kind | Deposit outcome | How it settles |',
    '|---|---|---|',
    ...kinds.map((row) => `| \`${row.kind}\` | ${row.depositOutcome} | ${row.settlement} |`),
    '',
    '| Amount ends in | Deposits (all kinds but `card`) | Payouts (all kinds) | Refunds |',
    '|---|---|---|---|',
    ...rules.map(
      (rule) =>
        `| \`.${rule.fraction.slice(2)}\` | ${rule.deposits} | ${rule.payouts} | ${rule.refunds} |`,
    ),
    '| anything else | the usual outcome | approved at once (bet shop: with a pick-up code) | succeeded at once |',
  ].join('\n');
}
