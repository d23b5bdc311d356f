/**
 * The sandbox's test cards: the card number alone decides what a card payment does, so a
 * developer can reach every card screen of the cashier by typing a number. Every number is
 * Luhn-valid; the two digits before the check digit name the behaviour (10 approved, 20 declined,
 * and so on), in a Visa and a Mastercard variant.
 *
 * @packageDocumentation
 */
import type { DeclineReason } from '../payment-provider';
import { DEFAULT_SANDBOX_TIMINGS, formatDuration } from './method-outcomes';

/** The default settle delay as the table writes it ("5 s"). */
const SETTLE = formatDuration(DEFAULT_SANDBOX_TIMINGS.settleAfterMs);

/**
 * What a test card does.
 * - `approved`: approved at once.
 * - `declined`: declined with {@link TestCard.declineReason}.
 * - `challenge`: a 3-D Secure challenge; the challenge page's Pass approves, Fail declines
 *   (`authentication_failed`).
 * - `processing`: accepted as processing; settles after the sandbox's settle delay
 *   to approved, or to declined when {@link TestCard.declineReason} is set.
 */
export type TestCardBehaviour = 'approved' | 'declined' | 'challenge' | 'processing';

/** One row of the test card table. */
export interface TestCard {
  /** The card number, digits only. */
  readonly number: string;
  /** The card type `@cashdesk/domain` detects for it. */
  readonly cardType: 'visa' | 'mastercard';
  readonly behaviour: TestCardBehaviour;
  /** For `declined` always; for `processing` when it settles to a decline. */
  readonly declineReason?: DeclineReason;
  /** One line for the table. */
  readonly description: string;
}

/**
 * The test card table. Any other card number that passes the Luhn check with a known
 * type is approved; a number that fails it is declined as `invalid_card`; an expiry before the
 * current month declines any card as `expired_card`. Use any future expiry and any three-digit CVV.
 */
export const TEST_CARDS: readonly TestCard[] = [
  {
    number: '4000000000000101',
    cardType: 'visa',
    behaviour: 'approved',
    description: 'Approved at once.',
  },
  {
    number: '5100000000000107',
    cardType: 'mastercard',
    behaviour: 'approved',
    description: 'Approved at once.',
  },
  {
    number: '4000000000000200',
    cardType: 'visa',
    behaviour: 'declined',
    declineReason: 'declined',
    description: 'Declined by the issuer.',
  },
  {
    number: '5100000000000206',
    cardType: 'mastercard',
    behaviour: 'declined',
    declineReason: 'declined',
    description: 'Declined by the issuer.',
  },
  {
    number: '4000000000000309',
    cardType: 'visa',
    behaviour: 'declined',
    declineReason: 'insufficient_funds',
    description: 'Declined: insufficient funds.',
  },
  {
    number: '5100000000000305',
    cardType: 'mastercard',
    behaviour: 'declined',
    declineReason: 'insufficient_funds',
    description: 'Declined: insufficient funds.',
  },
  {
    number: '4000000000000408',
    cardType: 'visa',
    behaviour: 'declined',
    declineReason: 'expired_card',
    description: 'Declined: expired card, whatever expiry is typed.',
  },
  {
    number: '5100000000000404',
    cardType: 'mastercard',
    behaviour: 'declined',
    declineReason: 'expired_card',
    description: 'Declined: expired card, whatever expiry is typed.',
  },
  {
    number: '4000000000000507',
    cardType: 'visa',
    behaviour: 'challenge',
    description: '3-D Secure challenge: Pass approves, Fail declines (authentication_failed).',
  },
  {
    number: '5100000000000503',
    cardType: 'mastercard',
    behaviour: 'challenge',
    description: '3-D Secure challenge: Pass approves, Fail declines (authentication_failed).',
  },
  {
    number: '4000000000000606',
    cardType: 'visa',
    behaviour: 'processing',
    description: `Processing, then approved after the settle delay (default ${SETTLE}).`,
  },
  {
    number: '5100000000000602',
    cardType: 'mastercard',
    behaviour: 'processing',
    description: `Processing, then approved after the settle delay (default ${SETTLE}).`,
  },
  {
    number: '4000000000000614',
    cardType: 'visa',
    behaviour: 'processing',
    declineReason: 'declined',
    description: `Processing, then declined after the settle delay (default ${SETTLE}).`,
  },
  {
    number: '5100000000000610',
    cardType: 'mastercard',
    behaviour: 'processing',
    declineReason: 'declined',
    description: `Processing, then declined after the settle delay (default ${SETTLE}).`,
  },
];

/** The test card with this number (digits only), if it is one. */
export function findTestCard(number: string): TestCard | undefined {
  return TEST_CARDS.find((card) => card.number === number);
}

/** "4000000000000101" as "4000 0000 0000 0101", the way it is typed. */
export function groupCardNumber(number: string): string {
  return (number.match(/\d{1,4}/g) ?? []).join(' ');
}

function outcomeText(card: TestCard): string {
  switch (card.behaviour) {
    case 'approved':
      return 'approved';
    case 'declined':
      return `declined (\`${card.declineReason ?? 'declined'}\`)`;
    case 'challenge':
      return '3-D Secure challenge';
    case 'processing':
      return card.declineReason === undefined
        ? 'processing → approved'
        : `processing → declined (\`${card.declineReason}\`)`;
  }
}

/**
 * The test card table as Markdown, exactly as `providers/sandbox/README.md` carries it between
 * its `test-cards` markers (a test keeps the two equal).
 */
export function renderTestCardTable(cards: readonly TestCard[] = TEST_CARDS): string {
  const rows = cards.map(
    (card) =>
      `| \`${groupCardNumber(card.number)}\` | ${card.cardType} | ${outcomeText(card)} | ${card.description} |`,
  );
  return [
    '| Card number | Type | Outcome | What happens |',
    '|---|---|---|---|',
    ...rows,
    '| any other Luhn-valid number | any | approved | Approved at once. |',
    '| a number failing the Luhn check | any | declined (`invalid_card`) | Declined. |',
    '| any card with an expiry before the current month | any | declined (`expired_card`) | Declined. |',
  ].join('\n');
}
