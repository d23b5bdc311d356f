/**
 * The other seeded deposit methods of brand0 end to end in the demo host page (SPEC §1 method
 * kinds, §2 routes): an alternative payment through the sandbox provider page, a mobile payment
 * that awaits the provider, a crypto display form with its QR code, a bank transfer with a
 * transfer date, a real receipt upload and the copy button, and cash at a bet shop with the
 * voucher the player pays with at the counter. The cashier comes back from the
 * provider's page in the language, direction and theme of its own address.
 */
import { eq } from 'drizzle-orm';
import { transactions } from '../packages/server/src/db/schema';
import { describe, expect, it } from 'vitest';
import type { Frame } from 'playwright-core';
import { newSession, useStackAndBrowser } from './support';
import {
  balanceOf,
  cashierFrameOf,
  closeHosted,
  literal,
  openHostedCashier,
  pattern,
  sameAmount,
  text,
  transactionsOf,
  uniquePlayer,
  visitScreen,
} from './support/cashier';
import {
  METHODS,
  amountInput,
  chooseOption,
  field,
  methodTile,
  openMethod,
  submitButton,
  waitForHome,
  waitForPath,
} from './support/journeys';

const env = useStackAndBrowser();

/** A real 1 x 1 PNG (8-bit grey), 67 bytes. */
const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAAAAAA6fptVAAAACklEQVR4nGNgAAAAAgABSK+kcQAAAABJRU5ErkJggg==',
  'base64',
);

/** The voucher the server stored for the session's one payment: its code and expiry. */
async function storedVoucher(sessionId: string): Promise<{ code: string; expiresAt: string }> {
  const rows = await env.stack.app.cashdesk.db
    .select()
    .from(transactions)
    .where(eq(transactions.sessionId, sessionId));
  const voucher: unknown = rows[0]?.providerData.voucher;
  if (typeof voucher !== 'object' || voucher === null) throw new Error('no voucher stored');
  const code: unknown = Reflect.get(voucher, 'code');
  const expiresAt: unknown = Reflect.get(voucher, 'expires_at');
  if (typeof code !== 'string' || typeof expiresAt !== 'string') {
    throw new Error(`a voucher without code or expiry: ${JSON.stringify(voucher)}`);
  }
  return { code, expiresAt };
}

async function successPage(frame: Frame): Promise<void> {
  await waitForPath(frame, '/deposit/deposit-success');
  await frame
    .getByRole('heading', { level: 1, name: literal(text('en', 'RESULT.DEPOSIT.SUCCESS.TITLE')) })
    .waitFor();
}

describe('other deposit methods (SPEC §1 method kinds, §2 routes)', () => {
  it('SPEC §2 payments: the E-Wallet redirects to the provider page, Approve comes back to the success page', async () => {
    const hosted = await openHostedCashier(env.browser, env.stack);
    const { page, frame, session } = hosted;
    await openMethod(frame, METHODS.ewallet);
    await field(frame, 'PH.FIELD.PHONE').fill('+4915112345678');
    await visitScreen(page, frame, 'ewallet-form');
    await submitButton(frame).click();

    // The provider page opens in the cashier's frame (the method is self-target).
    await waitForPath(frame, /^\/sandbox\/interaction\//);
    await frame.getByRole('heading', { level: 1, name: 'Sandbox payment page' }).waitFor();
    await visitScreen(page, frame, 'ewallet-provider-page');
    await frame.getByRole('button', { name: 'Approve payment' }).click();

    await successPage(frame);
    await visitScreen(page, frame, 'ewallet-success');
    const [transaction] = await transactionsOf(env.stack, session.sessionId);
    expect(transaction?.status).toBe('success');
    const credited = await balanceOf(env.stack, session.sessionId);
    expect(sameAmount(credited, '500')).toBe(false);
    await closeHosted(hosted);
  });

  it('SPEC §1 right-to-left, §2 start-up: an Arabic E-Wallet deposit comes back from the provider page to a right-to-left Arabic success page with the theme kept', async () => {
    // The session is English with the theme brand0; the brand's page shows it in Arabic with the
    // theme brand1 (a page may switch a running session's language). Only the cashier's address
    // says so, and the address the provider returns to must keep it.
    const player = uniquePlayer('rtl');
    const session = await newSession(env.stack, { player });
    const start = new URL(session.widgetUrl);
    start.searchParams.set('lang', 'ar-brand0');
    start.searchParams.set('theme', 'brand1');
    const context = await env.browser.newContext({ viewport: { width: 390, height: 844 } });
    context.setDefaultTimeout(15_000);
    const page = await context.newPage();
    await page.goto(env.stack.hostPage.pageAddress(start.href));
    const frame = await cashierFrameOf(page);
    await frame.waitForURL((url) => url.protocol === 'http:');
    const shownWith = new URL(frame.url()).searchParams;
    expect(shownWith.get('theme')).toBe('brand1');

    await waitForHome(frame, 'ar');
    await methodTile(frame, METHODS.ewallet, 'ar').click();
    await field(frame, 'PH.FIELD.PHONE', 'ar').fill('+4915112345678');
    await submitButton(frame, 'ar').click();
    await waitForPath(frame, /^\/sandbox\/interaction\//);
    await frame.getByRole('button', { name: 'Approve payment' }).click();

    await waitForPath(frame, '/deposit/deposit-success');
    await frame
      .getByRole('heading', { level: 1, name: literal(text('ar', 'RESULT.DEPOSIT.SUCCESS.TITLE')) })
      .waitFor();
    const back = new URL(frame.url()).searchParams;
    // The display parameters of the start address, the session and the payment; nothing else.
    for (const name of ['lang', 'theme', 'width', 'height', 'host_origin']) {
      expect(back.get(name), name).toBe(shownWith.get(name));
    }
    expect(back.get('session_id')).toBe(session.sessionId);
    expect(back.get('transaction_id')).toMatch(/^[0-9a-f-]{36}$/);
    expect(await frame.evaluate(() => document.documentElement.lang)).toBe('ar');
    expect(await frame.evaluate(() => document.documentElement.dir)).toBe('rtl');
    expect(await frame.evaluate(() => getComputedStyle(document.body).direction)).toBe('rtl');
    expect(await frame.evaluate(() => document.body.dataset.themeName)).toBe('brand1');
    await visitScreen(page, frame, 'ewallet-success-ar-brand1');
    const [transaction] = await transactionsOf(env.stack, session.sessionId);
    expect(transaction?.status).toBe('success');
    await closeHosted({ page });
  });

  it('SPEC §2 /deposit/deposit-await: mobile money waits for the provider, then shows success', async () => {
    const hosted = await openHostedCashier(env.browser, env.stack);
    const { page, frame, session } = hosted;
    await openMethod(frame, METHODS.mobileMoney);
    // The operator select comes preselected (SPEC §5 single-option or preselected select).
    await visitScreen(page, frame, 'mobile-money-form');
    await submitButton(frame).click();

    await waitForPath(frame, '/deposit/deposit-await');
    await frame
      .getByRole('heading', { level: 1, name: literal(text('en', 'RESULT.DEPOSIT.AWAIT.TITLE')) })
      .waitFor();
    await visitScreen(page, frame, 'mobile-money-await');
    // The sandbox approves 5 s after the start; the page polls and moves on by itself.
    await successPage(frame);
    await visitScreen(page, frame, 'mobile-money-success');
    await expect
      .poll(async () =>
        (await transactionsOf(env.stack, session.sessionId)).map((row) => row.status),
      )
      .toEqual(['success']);
    await closeHosted(hosted);
  });

  it('SPEC §2 /deposit/deposit-display-form: crypto shows a QR code with copy and made-payment buttons', async () => {
    const hosted = await openHostedCashier(env.browser, env.stack, {
      context: {
        viewport: { width: 1280, height: 900 },
        permissions: ['clipboard-read', 'clipboard-write'],
      },
    });
    const { page, frame, session } = hosted;
    await openMethod(frame, METHODS.crypto);
    await chooseOption(frame, 'PH.FIELD.NETWORK', 'Bitcoin');
    await visitScreen(page, frame, 'crypto-form');
    await submitButton(frame).click();

    await waitForPath(frame, '/deposit/deposit-display-form');
    const qr = frame.getByRole('img', { name: pattern('en', 'DISPLAY_FORM.QR_ALT') });
    await qr.waitFor();
    const qrBox = await qr.boundingBox();
    expect(qrBox?.width ?? 0).toBeGreaterThanOrEqual(128);
    // Download is a link to the PNG; made-payment leads to the status check.
    const download = frame.getByRole('link', {
      name: text('en', 'DISPLAY_FORM.DOWNLOAD_QR'),
      exact: true,
    });
    expect(await download.getAttribute('download')).toMatch(/\.png$/);
    const madePaymentName = text('en', 'DISPLAY_FORM.MADE_PAYMENT');
    await frame
      .getByRole('button', { name: madePaymentName, exact: true })
      .or(frame.getByRole('link', { name: madePaymentName, exact: true }))
      .waitFor();
    await frame
      .getByRole('button', { name: text('en', 'DISPLAY_FORM.COPY_QR'), exact: true })
      .click();
    await frame.getByText(text('en', 'DISPLAY_FORM.COPIED'), { exact: true }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(
      /^cashdesk-sandbox:\/\/pay\?/,
    );
    await visitScreen(page, frame, 'crypto-display-form');
    expect(
      (await transactionsOf(env.stack, session.sessionId)).map((row) => row.status),
    ).not.toContain('success');
    await closeHosted(hosted);
  });

  it('SPEC §2 bank transfer: transfer date, wrong files refused as such, a real PNG receipt, the IBAN copy button, then the result', async () => {
    const hosted = await openHostedCashier(env.browser, env.stack, {
      context: {
        viewport: { width: 1280, height: 900 },
        permissions: ['clipboard-read', 'clipboard-write'],
      },
    });
    const { page, frame, session } = hosted;
    await openMethod(frame, METHODS.bankTransfer);

    // The copyable IBAN (SPEC §2: copy button, then a success toast for 2 s).
    await frame
      .getByRole('button', {
        name: text('en', 'FIELDS.COPY.BUTTON', { label: text('en', 'PH.FIELD.BENEFICIARY_IBAN') }),
        exact: true,
      })
      .click();
    await frame.getByText(text('en', 'FIELDS.COPY.DONE'), { exact: true }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
      'DE89 3704 0044 0532 0130 00',
    );

    // The reference the page asks the transfer to carry is shown, copyable: the player's ID.
    // Shown whole in groups (a read-only value, not an input): its text without the spaces.
    const reference = await field(frame, 'PH.FIELD.TRANSFER_REFERENCE').textContent();
    expect(reference?.replace(/\s/g, '')).toBe(hosted.player);

    // The transfer date, DD.MM.YYYY.
    const today = new Date();
    const date = `${String(today.getDate()).padStart(2, '0')}.${String(today.getMonth() + 1).padStart(2, '0')}.${today.getFullYear()}`;
    await field(frame, 'PH.FIELD.TRANSFER_DATE').fill(date);

    // A file of the wrong type is refused as such, not as "too large": a 21-byte
    // text file, then text named as a PDF (the server reads what the file is, not its name).
    const addFiles = frame.getByRole('button', {
      name: text('en', 'FIELDS.UPLOAD.ADD'),
      exact: true,
    });
    for (const wrong of [
      { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a receipt at all\n') },
      {
        name: 'receipt.pdf',
        mimeType: 'application/pdf',
        buffer: Buffer.from('plain text, not a PDF'),
      },
    ]) {
      const wrongChooser = page.waitForEvent('filechooser');
      await addFiles.click();
      await (await wrongChooser).setFiles(wrong);
      await frame
        .getByText(text('en', 'PH.DEPOSIT.UPLOAD_DOC.UPLOAD_ERROR'), { exact: true })
        .first()
        .waitFor();
      expect(
        await frame.getByText(text('en', 'PH.DEPOSIT.UPLOAD_DOC.LIMIT_UPLOAD_ERROR')).count(),
      ).toBe(0);
      // The message is an alert dialog; accepting it gives the focus back to "Add files".
      await frame
        .getByRole('alertdialog')
        .getByRole('button', { name: text('en', 'PH.BUTTON.ACCEPT'), exact: true })
        .click();
      await expect
        .poll(() => addFiles.evaluate((button) => button === document.activeElement))
        .toBe(true);
    }

    // The receipt: a small real PNG through the file chooser of the add-files button.
    const chooser = page.waitForEvent('filechooser');
    await frame.getByRole('button', { name: text('en', 'FIELDS.UPLOAD.ADD'), exact: true }).click();
    await (
      await chooser
    ).setFiles({ name: 'receipt.png', mimeType: 'image/png', buffer: TINY_PNG });
    await frame.getByText('receipt.png', { exact: true }).waitFor();
    await frame
      .getByRole('button', {
        name: text('en', 'FIELDS.UPLOAD.DELETE', { name: 'receipt.png' }),
        exact: true,
      })
      .waitFor();
    await visitScreen(page, frame, 'bank-transfer-form');

    await submitButton(frame).click();
    await waitForPath(frame, /^\/deposit\/deposit-(success|await|processing)$/);
    await frame.getByRole('heading', { level: 1 }).waitFor();
    await visitScreen(page, frame, 'bank-transfer-result');
    // The result names the same reference as the form, not another one.
    await frame
      .locator('.cd-result__reference')
      .getByText(hosted.player, { exact: true })
      .waitFor();
    const transactions = await transactionsOf(env.stack, session.sessionId);
    expect(transactions).toHaveLength(1);
    expect(sameAmount(transactions[0]?.amount ?? '', '50')).toBe(true);
    await closeHosted(hosted);
  });

  it('SPEC §1 cash at a betting shop, §2 /deposit/deposit-await: the deposit shows the code, the shop and the expiry to pay at the counter', async () => {
    const hosted = await openHostedCashier(env.browser, env.stack, {
      context: {
        viewport: { width: 1280, height: 900 },
        permissions: ['clipboard-read', 'clipboard-write'],
      },
    });
    const { page, frame, session } = hosted;
    await openMethod(frame, METHODS.betShop);
    await amountInput(frame).fill('30');
    await frame.getByRole('combobox', { name: literal(text('en', 'PH.FIELD.BET_SHOP')) }).click();
    await frame.getByRole('option', { name: /^Kreuzberg/ }).click();
    await visitScreen(page, frame, 'betshop-deposit-form');
    await submitButton(frame).click();

    await waitForPath(frame, '/deposit/deposit-await');
    await frame
      .getByRole('heading', { level: 1, name: literal(text('en', 'RESULT.DEPOSIT.AWAIT.TITLE')) })
      .waitFor();
    const voucher = frame.getByRole('region', {
      name: text('en', 'RESULT.VOUCHER.DEPOSIT.TITLE'),
      exact: true,
    });
    await voucher.waitFor();
    const stored = await storedVoucher(session.sessionId);
    expect(stored.code).toMatch(/^\d{12}$/);
    // The expiry as the widget formats it, in the browser's own time zone.
    const validUntil = await frame.evaluate(
      (iso) =>
        new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' }).format(
          new Date(iso),
        ),
      stored.expiresAt,
    );
    const shown = (await voucher.textContent()) ?? '';
    // The code in groups of four, as it is read out at the counter.
    expect(shown).toContain(stored.code.replace(/(\d{4})(?=\d)/g, '$1 '));
    expect(shown).toContain(text('en', 'RESULT.VOUCHER.DEPOSIT.SHOP'));
    expect(shown).toContain('Kreuzberg');
    expect(shown).toContain('Oranienstraße 20');
    expect(shown).toContain(text('en', 'RESULT.VOUCHER.VALID_UNTIL'));
    expect(shown).toContain(validUntil);
    expect(shown).toContain(text('en', 'RESULT.VOUCHER.DEPOSIT.AMOUNT'));
    expect(shown).toMatch(/30\.00/);
    await frame.getByText(text('en', 'RESULT.DEPOSIT.VOUCHER_TEXT'), { exact: true }).waitFor();
    await visitScreen(page, frame, 'betshop-deposit-voucher');

    await voucher
      .getByRole('button', { name: text('en', 'RESULT.VOUCHER.DEPOSIT.COPY'), exact: true })
      .click();
    await frame.getByText(text('en', 'RESULT.VOUCHER.COPIED'), { exact: true }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(stored.code);

    // Nothing is credited before the cash is paid at the counter.
    const transactions = await transactionsOf(env.stack, session.sessionId);
    expect(transactions.map((row) => row.status)).toEqual(['await']);
    expect(sameAmount(await balanceOf(env.stack, session.sessionId), '500')).toBe(true);
    await closeHosted(hosted);
  });
});
