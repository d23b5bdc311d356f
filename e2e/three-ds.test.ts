/**
 * 3-D Secure inside the cashier (SPEC §2 /3ds_result, pay session action `iframe`): the sandbox
 * challenge card opens the issuer's page in a frame of the method page; Pass or Fail returns to
 * the cashier's own /3ds_result inside that frame, which posts payments/3ds-result and hands the
 * result to the cashier around it. Everything happens inside the host page's iframe: no top
 * navigation, the host page stays where it is.
 */
import Big from 'big.js';
import { describe, expect, it } from 'vitest';
import { checkA11y } from './support/a11y';
import { useStackAndBrowser } from './support';
import { screenshot } from './support/browser';
import {
  balanceOf,
  closeHosted,
  literal,
  openHostedCashier,
  openTopLevelCashier,
  sameAmount,
  text,
  transactionsOf,
  visitScreen,
} from './support/cashier';
import {
  METHODS,
  TEST_CARDS,
  answerChallenge,
  challengeFrame,
  fillCard,
  methodTile,
  openCardMethod,
  payWithCard,
  submitButton,
  waitForHome,
  waitForPath,
} from './support/journeys';

const env = useStackAndBrowser();

describe('3-D Secure challenge in the cashier frame (SPEC §2 /3ds_result, §7 payments/3ds-result)', () => {
  it('Pass: the challenge shows inside the method page, then the success page and one credit', async () => {
    const hosted = await openHostedCashier(env.browser, env.stack);
    const { page, frame, session } = hosted;
    const hostAddress = page.url();
    await openCardMethod(frame);
    await payWithCard(frame, TEST_CARDS.challenge);

    await frame
      .getByRole('heading', { name: literal(text('en', 'DEPOSIT_METHOD.THREE_DS.TITLE')) })
      .waitFor();
    const challenge = await challengeFrame(frame);
    await visitScreen(page, frame, 'three-ds-challenge');
    await checkA11y(challenge, 'three-ds-challenge-issuer-page');
    // Nothing is credited while the issuer has not answered.
    expect(sameAmount(await balanceOf(env.stack, session.sessionId), '500')).toBe(true);

    await answerChallenge(challenge, 'Pass');
    await waitForPath(frame, '/deposit/deposit-success');
    await frame
      .getByRole('heading', { level: 1, name: literal(text('en', 'RESULT.DEPOSIT.SUCCESS.TITLE')) })
      .waitFor();
    await visitScreen(page, frame, 'three-ds-success');
    // The result came back inside the cashier: the host page never navigated.
    expect(page.url()).toBe(hostAddress);
    expect(new URL(frame.url()).searchParams.get('transaction_id')).not.toBeNull();

    await expect
      .poll(() => balanceOf(env.stack, session.sessionId))
      .toSatisfy((balance: string) => sameAmount(balance, '505'));
    const transactions = await transactionsOf(env.stack, session.sessionId);
    expect(transactions.map((row) => row.status)).toEqual(['success']);
    await closeHosted(hosted);
  });

  it.each(['en', 'ar'] as const)(
    'after the challenge the success page shows the amount, method, reference and new balance, read from the server (%s, 390 px)',
    async (lang) => {
      const hosted = await openHostedCashier(env.browser, env.stack, {
        lang,
        context: { viewport: { width: 390, height: 844 } },
      });
      const { page, frame, session } = hosted;
      await waitForHome(frame, lang);
      await methodTile(frame, METHODS.card, lang).click();
      await fillCard(frame, TEST_CARDS.challenge, { lang });
      await submitButton(frame, lang).click();
      await answerChallenge(await challengeFrame(frame, lang), 'Pass');
      await waitForPath(frame, '/deposit/deposit-success');
      await frame
        .getByRole('heading', {
          level: 1,
          name: literal(text(lang, 'RESULT.DEPOSIT.SUCCESS.TITLE')),
        })
        .waitFor();
      const [transaction] = await transactionsOf(env.stack, session.sessionId);
      if (transaction === undefined) throw new Error('no transaction');
      // The challenge answers with a result message, not a pay session: everything below comes
      // from the status answer, the balance read after the credit.
      const row = (key: string) =>
        frame
          .locator('.cd-result__detail')
          .filter({
            has: frame.getByRole('term').filter({
              hasText: new RegExp(`^${literal(text(lang, key)).source}$`),
            }),
          })
          .getByRole('definition');
      await expect.poll(() => row('RESULT.DETAILS.NEW_BALANCE').textContent()).toMatch(/505\.00/);
      expect(await row('RESULT.DETAILS.AMOUNT').textContent()).toMatch(/(^|[^\d.])5\.00/);
      expect(await row('RESULT.DETAILS.METHOD').textContent()).toBe('Visa / Mastercard');
      expect((await row('RESULT.DETAILS.REFERENCE').textContent())?.trim()).toBe(transaction.id);
      await row('RESULT.DETAILS.REFERENCE')
        .getByRole('button', { name: text(lang, 'RESULT.DETAILS.COPY_REFERENCE') })
        .waitFor();
      await visitScreen(page, frame, `three-ds-success-details-${lang}-390`);
      // The card's merchant fee, paid on top; no bonus for this player: no such row.
      const fee = new Big(transaction.fee).toFixed(2);
      expect(new Big(fee).gt(0)).toBe(true);
      expect(await row('RESULT.DETAILS.FEE').textContent()).toMatch(literal(fee));
      expect(await frame.getByRole('term').allTextContents()).toEqual(
        ['AMOUNT', 'METHOD', 'REFERENCE', 'FEE', 'NEW_BALANCE'].map((key) =>
          text(lang, `RESULT.DETAILS.${key}`),
        ),
      );
      await closeHosted(hosted);
    },
  );

  it('in a tab of its own (cashier_in_new_tab): the same challenge frame and result page', async () => {
    const hosted = await openTopLevelCashier(env.browser, env.stack, 'three-ds-tab');
    const { frame: cashier, session } = hosted;
    await openCardMethod(cashier);
    await payWithCard(cashier, TEST_CARDS.challenge);
    const challenge = await challengeFrame(cashier);
    await answerChallenge(challenge, 'Pass');
    await waitForPath(cashier, '/deposit/deposit-success');
    await cashier
      .getByRole('heading', { level: 1, name: literal(text('en', 'RESULT.DEPOSIT.SUCCESS.TITLE')) })
      .waitFor();
    const transactions = await transactionsOf(env.stack, session.sessionId);
    expect(transactions.map((row) => row.status)).toEqual(['success']);
    await closeHosted(hosted);
  });

  it('Fail: the decline page, no credit, and the form is one click away', async () => {
    const hosted = await openHostedCashier(env.browser, env.stack, { lang: 'ar' });
    const { page, frame, session } = hosted;
    await waitForHome(frame, 'ar');
    await methodTile(frame, METHODS.card, 'ar').click();
    await fillCard(frame, TEST_CARDS.challenge, { lang: 'ar' });
    await submitButton(frame, 'ar').click();
    await frame
      .getByRole('heading', { name: literal(text('ar', 'DEPOSIT_METHOD.THREE_DS.TITLE')) })
      .waitFor();
    const challenge = await challengeFrame(frame, 'ar');
    await screenshot(page, 'three-ds-challenge-ar');
    await answerChallenge(challenge, 'Fail');

    await waitForPath(frame, '/deposit/deposit-error');
    await frame
      .getByRole('heading', { level: 1, name: literal(text('ar', 'RESULT.DEPOSIT.ERROR.TITLE')) })
      .waitFor();
    await visitScreen(page, frame, 'three-ds-failed-ar');
    expect(sameAmount(await balanceOf(env.stack, session.sessionId), '500')).toBe(true);
    const transactions = await transactionsOf(env.stack, session.sessionId);
    expect(transactions.map((row) => row.status)).toEqual(['error']);
    await closeHosted(hosted);
  });
});
