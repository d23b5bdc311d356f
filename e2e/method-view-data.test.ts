/**
 * SPEC §3 information display kinds and showPCIDSSLogo on the method pages of the demo brand:
 * the bank transfer shows its seeded view_data above the form (a note, a text, a line, a
 * disclosure, a popup and a hint), the card form shows the PCI DSS mark brand0 asks for and the
 * bank transfer does not; at desktop and phone widths, in English and mirrored in Arabic.
 */
import { describe, expect, it } from 'vitest';
import {
  DESKTOP_CONTEXT,
  PHONE_CONTEXT,
  checkA11y,
  newSession,
  screenshot,
  useStackAndBrowser,
} from './support';
import { text, uniquePlayer } from './support/cashier';
import { METHODS, cardFields, methodTile, waitForHome, waitForList } from './support/journeys';

const env = useStackAndBrowser();

const SIZES = { 1280: DESKTOP_CONTEXT, 390: PHONE_CONTEXT } as const;

describe('method view_data and the PCI DSS mark (SPEC §3)', () => {
  it.each([
    ['en', 1280],
    ['ar', 1280],
    ['en', 390],
    ['ar', 390],
  ] as const)(
    'SPEC §3 information display kinds and showPCIDSSLogo (%s, %i px)',
    async (lang, width) => {
      const session = await newSession(env.stack, { player: uniquePlayer('view-data'), lang });
      const context = await env.browser.newContext(SIZES[width]);
      context.setDefaultTimeout(15_000);
      const page = await context.newPage();
      await page.goto(session.widgetUrl);
      const frame = page.mainFrame();
      await waitForHome(frame, lang);
      const badge = page.getByRole('img', { name: text(lang, 'APP.PCI_DSS.BADGE') });

      await methodTile(frame, METHODS.card, lang).click();
      await cardFields(frame, lang).number.waitFor();
      await badge.waitFor();
      await screenshot(page, `pci-dss-card-${String(width)}-${lang}`);
      await checkA11y(page, `card form with the PCI DSS mark (${lang}, ${String(width)} px)`);
      await page
        .getByRole('link', { name: text(lang, 'DEPOSIT_METHOD.BACK'), exact: true })
        .click();
      await waitForList(frame, lang);

      await methodTile(frame, METHODS.bankTransfer, lang).click();
      const note = page.getByRole('note');
      await note.waitFor();
      expect(await note.textContent()).toContain(
        text(lang, 'PH.VIEW_DATA.BANK_TRANSFER.REFERENCE_TITLE'),
      );
      await page.getByText(text(lang, 'PH.VIEW_DATA.BANK_TRANSFER.ARRIVAL')).waitFor();
      await page.getByText('Cashdesk Demo Ltd').waitFor();
      await page.getByText(text(lang, 'PH.VIEW_DATA.BANK_TRANSFER.OWN_ACCOUNT')).waitFor();
      expect(await badge.count()).toBe(0);
      const summary = page.getByText(text(lang, 'PH.VIEW_DATA.BANK_TRANSFER.HOW_TITLE'));
      await summary.click();
      await page.getByText(text(lang, 'PH.VIEW_DATA.BANK_TRANSFER.HOW_TEXT')).waitFor();
      expect(
        await page.evaluate(
          () => document.documentElement.scrollWidth <= document.documentElement.clientWidth,
        ),
      ).toBe(true);
      await screenshot(page, `view-data-bank-${String(width)}-${lang}`);
      await checkA11y(page, `bank transfer view_data (${lang}, ${String(width)} px)`);
      await page
        .getByRole('button', { name: text(lang, 'PH.VIEW_DATA.BANK_TRANSFER.FEES_TITLE') })
        .click();
      const dialog = page.getByRole('dialog', {
        name: text(lang, 'PH.VIEW_DATA.BANK_TRANSFER.FEES_TITLE'),
      });
      await dialog.getByText(text(lang, 'PH.VIEW_DATA.BANK_TRANSFER.FEES_TEXT')).waitFor();
      await screenshot(page, `view-data-popup-${String(width)}-${lang}`, { fullPage: false });
      await dialog.getByRole('button', { name: text(lang, 'APP.CLOSE') }).click();
      await dialog.waitFor({ state: 'hidden' });
      await context.close();
    },
  );
});
