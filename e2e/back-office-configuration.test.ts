/**
 * The brand's configuration in the back office, in Chromium against the sandbox server: the
 * demo owner edits a pay group's limit and the widget's texts and sees both in the live preview
 * (the real widget in a frame, on the unsaved draft) before saving; saves; a change made
 * meanwhile through the API makes the next save refused with the message and an offer to reload;
 * the owner sets the brand's settings (a host origin, the currency display, the redirect type)
 * and a refused value is shown at its field with nothing saved; the configuration screens have
 * no serious or critical accessibility violation; and screenshots at 1280 and 390 px are saved
 * under e2e/artifacts.
 */
import { describe, expect, it } from 'vitest';
import type { Frame, Page } from 'playwright-core';
import { BrandSettings, OPERATOR_BASE, STAFF_BASE } from '@cashdesk/contract';
import {
  checkA11y,
  DESKTOP_CONTEXT,
  PHONE_CONTEXT,
  screenshot,
  useStackAndBrowser,
} from './support';
import { checkScreen, ownerContexts } from './support/back-office';
import { closeHosted, openHostedCashier } from './support/cashier';
import { METHODS, field, openMethod, submitButton } from './support/journeys';

const env = useStackAndBrowser();

const signedIn = ownerContexts(env);

/** The preview frame's address (a new preview, a new address). */
async function previewSrc(page: Page): Promise<string | null> {
  const frame = page.locator('iframe[title="Cashier preview"]');
  await frame.waitFor();
  return frame.getAttribute('src');
}

/**
 * The preview's frame, once the widget in it shows its first heading; with `src`, once the
 * preview is a newer one than that address.
 */
async function previewFrame(page: Page, src?: string | null): Promise<Frame> {
  const frame = page.locator('iframe[title="Cashier preview"]');
  await frame.waitFor();
  if (src !== undefined) {
    await expect.poll(() => frame.getAttribute('src')).not.toBe(src);
  }
  const content = await (await frame.elementHandle()).contentFrame();
  if (content === null) throw new Error('no preview frame');
  await content.locator('main h1').first().waitFor();
  return content;
}

/** The brand's settings as the operator API's GET /settings answers them. */
async function savedSettings(page: Page): Promise<BrandSettings> {
  const answer = await page.request.get(`${env.stack.serverUrl}${OPERATOR_BASE}/settings`);
  expect(answer.status()).toBe(200);
  return BrandSettings.parse(await answer.json());
}

/** A call of the operator API under the page's staff session (a change made elsewhere). */
async function apiChange(page: Page, path: string, body: unknown): Promise<void> {
  const { serverUrl } = env.stack;
  const session = await page.request.get(`${serverUrl}${STAFF_BASE}/session`);
  const csrf: unknown = Reflect.get(Object(await session.json()), 'csrf_token');
  const answer = await page.request.patch(`${serverUrl}${OPERATOR_BASE}${path}`, {
    headers: { 'x-csrf-token': String(csrf), 'content-type': 'application/json' },
    data: body,
  });
  expect(answer.status()).toBe(200);
}

describe('configuration in the back office', () => {
  it('previews a limit and the texts before saving, saves, and refuses a stale save', async () => {
    const { context, page } = await signedIn(DESKTOP_CONTEXT);
    const { serverUrl } = env.stack;
    try {
      await page.goto(`${serverUrl}/back-office/configuration/pay-groups/deposit/card`);
      const max = page.getByRole('textbox', { name: 'Maximum amount' }).first();
      await max.waitFor();
      await previewFrame(page);
      const before = await previewSrc(page);
      await max.fill('777');
      // The preview shows the unsaved limit: the card's amount hint in the framed widget.
      const frame = await previewFrame(page, before);
      await frame.getByText('Visa / Mastercard').first().click();
      await expect.poll(() => frame.locator('body').innerText()).toMatch(/Max\.\s*€?777/);
      const saved = await page.request.get(`${serverUrl}${OPERATOR_BASE}/pay-groups/deposit/card`);
      expect(JSON.stringify(await saved.json())).not.toContain('"777');
      await checkA11y(page, 'pay group editor', { exclude: ['iframe'] });
      await screenshot(page, 'back-office-config-pay-group-1280');
      await page.getByRole('button', { name: 'Save' }).first().click();
      await page.getByText('Saved. Players see it at their next visit.').waitFor();
      const after = await page.request.get(`${serverUrl}${OPERATOR_BASE}/pay-groups/deposit/card`);
      expect(JSON.stringify(await after.json())).toContain('"max_amount":"777');

      await page.goto(`${serverUrl}/back-office/configuration/texts`);
      await page
        .getByRole('searchbox', { name: 'Find a text' })
        .fill('DEPOSIT_METHOD.AMOUNT_LABEL');
      const title = page.getByRole('textbox', { name: 'DEPOSIT_METHOD.AMOUNT_LABEL', exact: true });
      await title.waitFor();
      await previewFrame(page);
      const textsBefore = await previewSrc(page);
      await title.fill('How much?');
      const textsFrame = await previewFrame(page, textsBefore);
      // The preview opens the card, the brand's preselected method: its amount field's label.
      await textsFrame.getByText('How much?', { exact: true }).first().waitFor();
      await checkA11y(page, 'texts editor', { exclude: ['iframe'] });
      await screenshot(page, 'back-office-config-texts-1280');

      // Someone changes the configuration meanwhile: this page's version is stale.
      await apiChange(page, '/settings', { support_url: 'https://help.demo.cashdesk.test' });
      await page.getByRole('button', { name: 'Save' }).first().click();
      const refused = page
        .getByRole('alert')
        .filter({ hasText: 'Someone changed the configuration' });
      await refused.waitFor();
      await screenshot(page, 'back-office-config-conflict-1280');
      const texts = await page.request.get(`${serverUrl}${OPERATOR_BASE}/texts/en`);
      expect(JSON.stringify(await texts.json())).not.toContain('How much?');
      await refused.getByRole('button', { name: 'Reload' }).click();
      await refused.waitFor({ state: 'detached' });
      await page
        .getByRole('searchbox', { name: 'Find a text' })
        .fill('DEPOSIT_METHOD.AMOUNT_LABEL');
      await page
        .getByRole('textbox', { name: 'DEPOSIT_METHOD.AMOUNT_LABEL', exact: true })
        .fill('How much?');
      await page.getByRole('button', { name: 'Save' }).first().click();
      await page.getByText('Saved. Players see it at their next visit.').waitFor();
      const savedTexts = await page.request.get(`${serverUrl}${OPERATOR_BASE}/texts/en`);
      expect(JSON.stringify(await savedTexts.json())).toContain('How much?');
    } finally {
      await context.close();
    }
  });

  it('sets the host origins, the currency display and the redirect type; shows a refused origin at its field', async () => {
    const { context, page } = await signedIn(DESKTOP_CONTEXT);
    const { serverUrl } = env.stack;
    try {
      const before = await savedSettings(page);
      const origins = page.getByRole('textbox', { name: 'Sites allowed to show the cashier' });
      await page.goto(`${serverUrl}/back-office/configuration`);
      await origins.waitFor();
      await previewFrame(page);
      const typed = await origins.inputValue();
      await origins.fill(`${typed}\nhttps://casino.partner.example`);
      await page
        .getByLabel('How amounts are written')
        .selectOption({ label: '€10.00: currency sign, then amount' });
      await page
        .getByLabel('Where these addresses open')
        .selectOption({ label: 'In a new browser tab' });
      await page.getByRole('button', { name: 'Save' }).click();
      await page.getByText('Saved. Players see it at their next visit.').waitFor();
      const after = await savedSettings(page);
      // What was set, and only that: the rest is as it was.
      expect(after).toEqual({
        ...before,
        allowed_host_origins: [...before.allowed_host_origins, 'https://casino.partner.example'],
        currency_display_setting_id: 4,
        merchant_redirect_type: 'blank',
        config_version: after.config_version,
      });
      expect(after.config_version).toBeGreaterThan(before.config_version);
      // A reload of the screen shows what was saved.
      await page.reload();
      await origins.waitFor();
      expect(await origins.inputValue()).toContain('https://casino.partner.example');
      expect(await page.getByLabel('How amounts are written').inputValue()).toBe('4');
      expect(await page.getByLabel('Where these addresses open').inputValue()).toBe('blank');

      // Not a plain http(s) origin: refused, shown at the field, nothing saved.
      await origins.fill(`${await origins.inputValue()}\nftp://x`);
      await page.getByLabel('How amounts are written').selectOption('1');
      await page.getByRole('button', { name: 'Save' }).click();
      await page.getByRole('alert').filter({ hasText: 'Nothing was saved' }).waitFor();
      const field = page.locator('.bo-field', { has: origins });
      await field.getByText('Not accepted: ftp://x.').waitFor();
      expect(await origins.getAttribute('aria-invalid')).toBe('true');
      // The marked field, far above the save button, takes the focus.
      await expect
        .poll(() => origins.evaluate((node) => node === document.activeElement))
        .toBe(true);
      const described = (await origins.getAttribute('aria-describedby')) ?? '';
      const descriptions = await Promise.all(
        described.split(' ').map((id) => page.locator(`[id="${id}"]`).innerText()),
      );
      expect(descriptions.join(' ')).toContain('Not accepted: ftp://x.');
      expect(await savedSettings(page)).toEqual(after);
      await checkScreen(page, 'config-settings-refused');
    } finally {
      await context.close();
    }
  });

  it("marks a pay group's refused amount at its field, with nothing saved", async () => {
    const { context, page } = await signedIn(DESKTOP_CONTEXT);
    const { serverUrl } = env.stack;
    try {
      await page.goto(`${serverUrl}/back-office/configuration/pay-groups/deposit/card`);
      const max = page.getByRole('textbox', { name: 'Maximum amount' }).first();
      await max.waitFor();
      const before = await page.request.get(`${serverUrl}${OPERATOR_BASE}/pay-groups/deposit/card`);
      await max.fill('ten euros');
      await page.getByRole('button', { name: 'Save' }).click();
      await page.getByRole('alert').filter({ hasText: 'Nothing was saved' }).waitFor();
      await page
        .locator('.bo-field', { has: max })
        .getByText('Not accepted. Check this value and save again.')
        .waitFor();
      expect(await max.getAttribute('aria-invalid')).toBe('true');
      const after = await page.request.get(`${serverUrl}${OPERATOR_BASE}/pay-groups/deposit/card`);
      expect(await after.json()).toEqual(await before.json());
    } finally {
      await context.close();
    }
  });

  it('SPEC §3: edits the countries a pay group is offered in; a malformed code is refused at its field', async () => {
    const { context, page } = await signedIn(DESKTOP_CONTEXT);
    const { serverUrl } = env.stack;
    const stored = async () => {
      const answer = await page.request.get(`${serverUrl}${OPERATOR_BASE}/pay-groups/deposit/card`);
      const body: unknown = await answer.json();
      const countries: unknown = Reflect.get(Object(body), 'countries');
      return countries;
    };
    try {
      await page.goto(`${serverUrl}/back-office/configuration/pay-groups/deposit/card`);
      const countries = page.getByRole('textbox', { name: 'Countries' });
      await countries.waitFor();
      await countries.fill('de, at');
      await page.getByRole('button', { name: 'Save' }).click();
      await page.getByText('Saved. Players see it at their next visit.').waitFor();
      expect(await stored()).toEqual(['DE', 'AT']);
      await screenshot(page, 'back-office-config-pay-group-countries-1280');

      await page.reload();
      await countries.waitFor();
      expect(await countries.inputValue()).toBe('DE, AT');
      await countries.fill('DE, DEU');
      await page.getByRole('button', { name: 'Save' }).click();
      await page.getByRole('alert').filter({ hasText: 'Nothing was saved' }).waitFor();
      expect(await countries.getAttribute('aria-invalid')).toBe('true');
      expect(await stored()).toEqual(['DE', 'AT']);

      await page.reload();
      await countries.waitFor();
      await countries.fill('');
      await page.getByRole('button', { name: 'Save' }).click();
      await page.getByText('Saved. Players see it at their next visit.').waitFor();
      expect(await stored()).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('SPEC §2 self-target: a pay group set not to open in the same window sends its payment to a new window', async () => {
    const { context, page } = await signedIn(DESKTOP_CONTEXT);
    const { serverUrl } = env.stack;
    const setSelfTarget = async (choice: 'Yes' | 'No') => {
      await page.goto(`${serverUrl}/back-office/configuration/pay-groups/deposit/ewallet`);
      const select = page.getByRole('combobox', { name: 'Opens in the same window' });
      await select.waitFor();
      await select.selectOption({ label: choice });
      await page.getByRole('button', { name: 'Save' }).click();
      await page.getByText('Saved. Players see it at their next visit.').waitFor();
      const saved = await page.request.get(
        `${serverUrl}${OPERATOR_BASE}/pay-groups/deposit/ewallet`,
      );
      expect(Reflect.get(Object(await saved.json()), 'self_target')).toBe(choice === 'Yes');
    };
    try {
      await setSelfTarget('No');
      await screenshot(page, 'back-office-config-pay-group-self-target-1280');
      const hosted = await openHostedCashier(env.browser, env.stack);
      try {
        await openMethod(hosted.frame, METHODS.ewallet);
        await field(hosted.frame, 'PH.FIELD.PHONE').fill('+4915112345678');
        const popup = hosted.page.context().waitForEvent('page');
        await submitButton(hosted.frame).click();
        // The provider page opens in a new window; the cashier stays on the method's form.
        const provider = await popup;
        await provider.waitForURL(/\/sandbox\/interaction\//);
        expect(new URL(hosted.frame.url()).pathname).toMatch(/^\/deposit\/\d+$/);
        await screenshot(provider, 'self-target-off-provider-window');
      } finally {
        await closeHosted(hosted);
      }
    } finally {
      await setSelfTarget('Yes');
      await context.close();
    }
  });

  it('has no serious or critical accessibility violation on the configuration screens', async () => {
    const { context, page } = await signedIn(DESKTOP_CONTEXT);
    const { serverUrl } = env.stack;
    try {
      for (const [path, name] of [
        ['configuration', 'settings'],
        ['configuration/pay-groups', 'pay groups'],
        ['configuration/tax-tiers', 'tax tiers'],
        ['configuration/themes', 'themes'],
      ] as const) {
        await page.goto(`${serverUrl}/back-office/${path}`);
        await page.getByRole('heading', { level: 1, name: 'Configuration' }).waitFor();
        await page.locator('.bo-card').first().waitFor();
        if (path !== 'configuration/pay-groups') await previewFrame(page);
        await checkA11y(page, name, { exclude: ['iframe'] });
        await screenshot(page, `back-office-config-${name.replace(' ', '-')}-1280`);
      }
      // The preview's own widget, dark and at phone width.
      await page.goto(`${serverUrl}/back-office/configuration/themes`);
      await previewFrame(page);
      const before = await previewSrc(page);
      await page.getByLabel('Theme', { exact: true }).selectOption('dark');
      await page.getByRole('button', { name: 'Phone width (390 px)' }).click();
      await checkA11y(await previewFrame(page, before), 'preview widget');
      await screenshot(page, 'back-office-config-preview-dark-phone-1280');
    } finally {
      await context.close();
    }
  });

  it('works at phone width (390 px)', async () => {
    const { context, page } = await signedIn(PHONE_CONTEXT);
    const { serverUrl } = env.stack;
    try {
      await page.goto(`${serverUrl}/back-office/configuration/pay-groups/deposit/card`);
      await page.getByRole('textbox', { name: 'Maximum amount' }).first().waitFor();
      await previewFrame(page);
      await checkA11y(page, 'pay group editor at 390 px', { exclude: ['iframe'] });
      await screenshot(page, 'back-office-config-pay-group-390');
      await page.goto(`${serverUrl}/back-office/configuration/pay-groups`);
      await page.locator('.bo-table').waitFor();
      await screenshot(page, 'back-office-config-pay-groups-390');
      await page.goto(`${serverUrl}/back-office/configuration`);
      await page.getByRole('textbox', { name: 'Sites allowed to show the cashier' }).waitFor();
      await previewFrame(page);
      await checkScreen(page, 'config-settings');
    } finally {
      await context.close();
    }
  });
});
