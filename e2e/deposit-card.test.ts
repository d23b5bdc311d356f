/**
 * Card deposits in the demo host page's iframe with the sandbox test cards: approved (the
 * balance goes up), declined (the decline page with retry and change method) and the card
 * validation messages of SPEC §5 (nothing reaches the server while the form is invalid).
 */
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
  METHODS,
  TEST_CARDS,
  amountBlock,
  amountInput,
  cardFields,
  futureExpiry,
  methodTile,
  openCardMethod,
  pastExpiry,
  payWithCard,
  submitButton,
  submitExpectingErrors,
  waitForHome,
  waitForList,
  waitForPath,
} from './support/journeys';

const env = useStackAndBrowser();

describe('card deposit in the host page (SPEC §2 routes, §5 card rules)', () => {
  it('SPEC §2 /deposit → method page → /deposit/deposit-success: an approved card raises the balance', async () => {
    const hosted = await openHostedCashier(env.browser, env.stack);
    const { page, frame, session } = hosted;
    const before = await balanceOf(env.stack, session.sessionId);
    expect(sameAmount(before, '500')).toBe(true);

    await waitForHome(frame);
    await visitScreen(page, frame, 'card-approved-home');
    await openCardMethod(frame, { onList: true });

    // SPEC §5 amount blocks: the block sets the amount.
    await amountBlock(frame, '50').click();
    expect(await amountInput(frame).inputValue()).toMatch(/^50(\.00)?$/);
    const fields = cardFields(frame);
    await fields.number.fill(TEST_CARDS.approved);
    await fields.expiry.fill(futureExpiry());
    await fields.cvv.fill('123');
    await fields.holder.fill('Ada Lovelace');
    // SPEC §5: the number is grouped by 4 as typed.
    expect(await fields.number.inputValue()).toBe(TEST_CARDS.approved);
    await visitScreen(page, frame, 'card-approved-form');
    await submitButton(frame).click();

    await waitForPath(frame, '/deposit/deposit-success');
    await frame
      .getByRole('heading', { level: 1, name: literal(text('en', 'RESULT.DEPOSIT.SUCCESS.TITLE')) })
      .waitFor();
    await visitScreen(page, frame, 'card-approved-success');

    await expect
      .poll(() => balanceOf(env.stack, session.sessionId))
      .toSatisfy((balance: string) => sameAmount(balance, '550'));
    const transactions = await transactionsOf(env.stack, session.sessionId);
    expect(transactions).toHaveLength(1);
    expect(transactions[0]?.status).toBe('success');
    expect(sameAmount(transactions[0]?.amount ?? '', '50')).toBe(true);
    await closeHosted(hosted);
  });

  it('SPEC §2 /deposit/deposit-error: a declined card shows the decline page with retry and change method', async () => {
    const hosted = await openHostedCashier(env.browser, env.stack);
    const { page, frame, session } = hosted;
    await openCardMethod(frame);
    await payWithCard(frame, TEST_CARDS.declined);

    await waitForPath(frame, '/deposit/deposit-error');
    await frame
      .getByRole('heading', { level: 1, name: literal(text('en', 'RESULT.DEPOSIT.ERROR.TITLE')) })
      .waitFor();
    const retry = frame.getByRole('button', { name: literal(text('en', 'RESULT.BUTTON.RETRY')) });
    const change = frame.getByRole('button', {
      name: literal(text('en', 'RESULT.BUTTON.CHANGE_METHOD')),
    });
    await retry.waitFor();
    await change.waitFor();
    await visitScreen(page, frame, 'card-declined-error');

    expect(sameAmount(await balanceOf(env.stack, session.sessionId), '500')).toBe(true);
    const transactions = await transactionsOf(env.stack, session.sessionId);
    expect(transactions.map((row) => row.status)).toEqual(['error']);

    // Retry goes back to the same method's form; after a second decline, change method goes to
    // the list.
    await retry.click();
    await frame.getByRole('heading', { level: 1, name: literal(METHODS.card) }).waitFor();
    // The form keeps the card typed before the decline, but not its CVV.
    const card = cardFields(frame);
    expect(await card.number.inputValue()).toBe(TEST_CARDS.declined);
    expect(await card.holder.inputValue()).toBe('Ada Lovelace');
    expect(await card.expiry.inputValue()).not.toBe('');
    expect(await card.cvv.inputValue()).toBe('');
    await payWithCard(frame, TEST_CARDS.declined);
    await waitForPath(frame, '/deposit/deposit-error');
    await change.click();
    await waitForList(frame);
    await closeHosted(hosted);
  });

  it('SPEC §5 card number, expiry, CVV: messages on blur and on submit, focus on the first invalid field, nothing sent', async () => {
    const hosted = await openHostedCashier(env.browser, env.stack);
    const { page, frame, session } = hosted;
    await openCardMethod(frame);
    const fields = cardFields(frame);

    // On blur: a Luhn-invalid number.
    await fields.number.fill(TEST_CARDS.luhnInvalid);
    await fields.number.blur();
    const numberError = text('en', 'PH.ERROR.INCORRECT_CARD_NUMBER');
    await frame.getByText(numberError, { exact: true }).waitFor();
    expect(await fields.number.getAttribute('aria-invalid')).toBe('true');
    const describedBy = (await fields.number.getAttribute('aria-describedby')) ?? '';
    expect(describedBy).not.toBe('');
    expect(
      await frame.evaluate(
        (ids) =>
          ids
            .split(/\s+/)
            .map((id) => document.getElementById(id)?.textContent ?? '')
            .join(' '),
        describedBy,
      ),
    ).toContain(numberError);

    // On submit: a valid number, a past expiry and a short CVV.
    await fields.number.fill(TEST_CARDS.approved);
    await fields.expiry.fill(pastExpiry());
    await fields.cvv.fill('12');
    await fields.holder.fill('Ada Lovelace');
    await submitExpectingErrors(frame, 2);
    await frame.getByText(text('en', 'PH.ERROR.INCORRECT_EXP_DATE'), { exact: true }).waitFor();
    await frame.getByText(text('en', 'PH.ERROR.INCORRECT_CVV'), { exact: true }).waitFor();
    expect(await frame.getByText(numberError, { exact: true }).count()).toBe(0);
    expect(await fields.expiry.getAttribute('aria-invalid')).toBe('true');
    expect(await fields.cvv.getAttribute('aria-invalid')).toBe('true');
    // The first invalid field of the form has the focus.
    await expect
      .poll(() => fields.expiry.evaluate((element) => element === document.activeElement))
      .toBe(true);
    await visitScreen(page, frame, 'card-validation-errors');

    // Nothing was submitted: no transaction, same balance, still on the form.
    expect(await transactionsOf(env.stack, session.sessionId)).toEqual([]);
    expect(sameAmount(await balanceOf(env.stack, session.sessionId), '500')).toBe(true);
    expect(new URL(frame.url()).pathname).not.toMatch(/deposit-(success|error)/);
    expect(await methodTile(frame, METHODS.ewallet).count()).toBe(0);
    await closeHosted(hosted);
  });

  it('errors of an empty form stay while the player passes through its fields, and a second pointer click on Deposit after they appeared submits', async () => {
    const hosted = await openHostedCashier(env.browser, env.stack);
    const { frame, session } = hosted;
    await openCardMethod(frame);
    const fields = cardFields(frame);
    const required = text('en', 'PH.ERROR.FIELD_REQUIRED');
    const shownErrors = () => frame.getByText(required, { exact: true }).count();

    // Submitted empty: the required fields say so, and the focus is on the first of them.
    await submitExpectingErrors(frame, 4);
    expect(await shownErrors()).toBe(4);
    // Passing through the untouched fields (blur after blur) keeps every message.
    for (const control of [fields.number, fields.expiry, fields.cvv, fields.holder]) {
      await control.focus();
      await control.blur();
    }
    expect(await shownErrors()).toBe(4);

    // The messages moved the button down; a pointer click on it now submits the filled form.
    await fields.number.fill(TEST_CARDS.approved);
    await fields.expiry.fill(futureExpiry());
    await fields.cvv.fill('123');
    await fields.holder.fill('Ada Lovelace');
    await submitButton(frame).click();
    await waitForPath(frame, '/deposit/deposit-success');
    expect((await transactionsOf(env.stack, session.sessionId)).map((row) => row.status)).toEqual([
      'success',
    ]);
    await closeHosted(hosted);
  });
});
