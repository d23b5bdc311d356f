/**
 * A bank transfer's receipt in the back office, in real Chromium against the real server (SPEC §5
 * file upload, §7 upload; docs/decisions/0121-reading-uploaded-documents.md): a brand0 player pays
 * a bank transfer with a PDF receipt through the player's own calls and sends a second document to
 * the payment afterwards; finance (the demo account, with its second factor) opens the deposit,
 * sees both documents (name, type, size) and downloads them: the browser saves the receipt's exact
 * bytes under its name, and the document named like a web page under a name ending in `.pdf`. A
 * developer, whose role may not read documents, sees no documents on the same page. axe-core finds
 * no serious or critical violation; pictures at 1280 and 390 px in e2e/artifacts.
 */
import { buffer } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  bankTransferWithReceipt,
  pdfOf,
  uploadDocument,
} from '../packages/server/src/test/receipt-calls';
import { DESKTOP_CONTEXT, useStackAndBrowser } from './support';
import { BACK_OFFICE_ENV, backOfficeUrl, checkScreen, signInAsDemo } from './support/back-office';

const env = useStackAndBrowser({ env: BACK_OFFICE_ENV });

const FINANCE = 'finance@demo.cashdesk.test';
const DEVELOPER = 'developer@demo.cashdesk.test';

/** A receipt of 40 000 bytes, every byte value in it, so a changed byte anywhere shows. */
const RECEIPT = pdfOf(40_000);

/** Clicks a download button and answers what the browser saved: its name and bytes. */
async function downloadWith(page: Page, name: string): Promise<{ name: string; bytes: Buffer }> {
  const [saved] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name }).click(),
  ]);
  return { name: saved.suggestedFilename(), bytes: await buffer(await saved.createReadStream()) };
}

describe('documents in the back office', () => {
  it('finance opens a bank transfer deposit and downloads its receipt byte for byte (SPEC §5, §7 upload)', async () => {
    const server = { baseUrl: env.stack.serverUrl, db: env.stack.db };
    const paid = await bankTransferWithReceipt(server, 'bo-receipt-player', {
      bytes: RECEIPT,
      name: 'receipt-march.pdf',
      type: 'application/pdf',
    });
    // A second document sent to the payment afterwards, its name claiming a web page.
    const later = await uploadDocument(
      env.stack.serverUrl,
      paid.session,
      paid.groupId,
      { bytes: pdfOf(1_250), name: 'statement.html', type: 'text/html' },
      { transaction_id: paid.transactionId },
    );
    expect(later.status, JSON.stringify(later.body)).toBe(200);

    const context = await env.browser.newContext({ ...DESKTOP_CONTEXT, acceptDownloads: true });
    const page = await context.newPage();
    await signInAsDemo(page, env.stack, FINANCE);
    await page.goto(backOfficeUrl(env.stack, `/transactions/${paid.transactionId}`));
    await page.getByRole('heading', { name: 'Deposit', level: 1 }).waitFor();
    const list = page.getByRole('list', { name: 'Documents the player uploaded' });
    await list.waitFor();
    const items = list.getByRole('listitem');
    await expect.poll(() => items.count()).toBe(2);
    expect(await items.nth(0).textContent()).toMatch(/^receipt-march\.pdfPDF · 40 kB · uploaded /);
    // The type the server found in the bytes, not the one the name or the browser claimed.
    expect(await items.nth(1).textContent()).toMatch(/^statement\.htmlPDF · 1\.3 kB · uploaded /);
    await checkScreen(page, 'transaction-documents');
    await page.setViewportSize({ width: 390, height: 844 });
    await checkScreen(page, 'transaction-documents');
    await page.setViewportSize(DESKTOP_CONTEXT.viewport);

    const receipt = await downloadWith(page, 'Download receipt-march.pdf');
    expect(receipt.name).toBe('receipt-march.pdf');
    expect(receipt.bytes.length).toBe(RECEIPT.length);
    expect(receipt.bytes.equals(RECEIPT)).toBe(true);
    const statement = await downloadWith(page, 'Download statement.html');
    expect(statement.name).toBe('statement.html.pdf');
    expect(statement.bytes.equals(pdfOf(1_250))).toBe(true);
    // Saved, never opened: the page is still the deposit's, with no error.
    expect(new URL(page.url()).pathname).toBe(`/back-office/transactions/${paid.transactionId}`);
    expect(await page.getByRole('alert').count()).toBe(0);
    await context.close();

    // A developer's role does not hold documents:read: the same page without them.
    const developerContext = await env.browser.newContext(DESKTOP_CONTEXT);
    const developerPage = await developerContext.newPage();
    await signInAsDemo(developerPage, env.stack, DEVELOPER);
    await developerPage.goto(backOfficeUrl(env.stack, `/transactions/${paid.transactionId}`));
    await developerPage.getByRole('heading', { name: 'Timeline' }).waitFor();
    expect(await developerPage.getByRole('heading', { name: 'Documents' }).count()).toBe(0);
    await developerContext.close();
  });
});
