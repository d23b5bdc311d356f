/**
 * The card checkout (SPEC §2 route checkout, §4 workflow host-to-host): the seeded
 * "Card (secure checkout)" method opens /checkout in the cashier frame, takes a new card and
 * pays it with the payment request payload of SPEC §3.
 */
import Big from 'big.js';
import { describe, expect, it } from 'vitest';
import { useStackAndBrowser } from './support';
import {
  balanceOf,
  closeHosted,
  literal,
  openHostedCashier,
  sameAmount,
  text,
  transactionsOf,
  visitScreen,
} from './support/cashier';
import {
  TEST_CARDS,
  fillCard,
  methodTile,
  submitButton,
  waitForHome,
  waitForPath,
} from './support/journeys';

/**
 * The seed's host-to-host card method (packages/server/src/db/seed-data/brand0-deposit-methods.ts).
 */
const CHECKOUT_METHOD = 'Card (secure checkout)';

const env = useStackAndBrowser();

describe('card checkout (SPEC §2 checkout, §3 payment request payload, §4 host-to-host)', () => {
  it('a host-to-host method opens /checkout, takes the card and pays it', async () => {
    const hosted = await openHostedCashier(env.browser, env.stack);
    const { page, frame, session } = hosted;
    await waitForHome(frame);
    await methodTile(frame, CHECKOUT_METHOD).click();
    await waitForPath(frame, '/checkout');
    await frame.getByRole('heading', { level: 1, name: literal(CHECKOUT_METHOD) }).waitFor();
    await fillCard(frame, TEST_CARDS.approved);
    await visitScreen(page, frame, 'checkout-form');
    await submitButton(frame).click();
    await waitForPath(frame, '/deposit/deposit-success');
    await frame
      .getByRole('heading', { level: 1, name: literal(text('en', 'RESULT.DEPOSIT.SUCCESS.TITLE')) })
      .waitFor();
    const transactions = await transactionsOf(env.stack, session.sessionId);
    expect(transactions.map((row) => row.status)).toEqual(['success']);
    const paid = transactions[0]?.amount ?? '0';
    const expected = new Big(paid).plus(500).toFixed(2);
    await expect
      .poll(() => balanceOf(env.stack, session.sessionId))
      .toSatisfy((balance: string) => sameAmount(balance, expected));
    await closeHosted(hosted);
  });
});
