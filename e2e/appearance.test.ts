/**
 * Brand appearance in the browser: an operator gives the demo brand a new theme (its own name,
 * colours, radius, font stack and an SVG logo) and German texts through the operator API of a
 * running sandbox server, with no rebuild and no restart; a player's session in German with that
 * theme then shows the theme's computed colours, the logo (served by the cashier from its own
 * origin), the German texts over the English ones, amounts with a decimal comma ("1 000,00"), and
 * the widget's Content-Security-Policy is never violated (the properties are set with the CSSOM).
 */
import { describe, expect, it } from 'vitest';
import type { ConsoleMessage } from 'playwright-core';
import { OPERATOR_BASE } from '@cashdesk/contract';
import { newSession, screenshot, useStackAndBrowser } from './support';
import { uniquePlayer } from './support/cashier';

const ADMIN_KEY = 'e2e-operator-admin-key-0123456789abcdef';
const env = useStackAndBrowser({ env: { OPERATOR_ADMIN_KEY: ADMIN_KEY } });

/** Records every CSP violation of the page. */
const WATCH_VIOLATIONS = `
  window.__cspViolations = [];
  document.addEventListener('securitypolicyviolation', (event) => {
    window.__cspViolations.push(event.violatedDirective + ' ' + event.blockedURI);
  });
`;

const LOGO_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 160 40" width="160" height="40">' +
  '<rect width="160" height="40" rx="8" fill="#7a1fa2"/>' +
  '<circle cx="20" cy="20" r="10" fill="#ffd54f"/>' +
  '<rect x="40" y="14" width="100" height="12" rx="6" fill="#ffffff"/></svg>';

const GERMAN = {
  'DEPOSIT_HOME.TITLE': 'Einzahlung',
  'DEPOSIT_HOME.BALANCE': 'Guthaben:',
  'DEPOSIT_HOME.GROUP.POPULAR': 'Beliebt',
  'DEPOSIT_HOME.GROUP.REGULAR': 'Zahlungsmethoden',
  'DEPOSIT_METHOD.BACK': 'Zurück zu den Zahlungsarten',
  'DEPOSIT_METHOD.AMOUNT_LABEL': 'Betrag',
  'DEPOSIT_METHOD.SUBMIT': '{{amount}} einzahlen',
  'DEPOSIT_METHOD.SUBMIT_WITH_FEE': '{{amount}} bezahlen',
};

/** One call of the operator API with a bearer key; the JSON answer. */
async function operator(
  method: string,
  path: string,
  key: string,
  body?: unknown,
): Promise<{ status: number; body: unknown }> {
  const response = await fetch(`${env.stack.serverUrl}${OPERATOR_BASE}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${key}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: response.status, body: await response.json() };
}

function keyOf(body: unknown): string {
  const key: unknown = typeof body === 'object' && body !== null ? Reflect.get(body, 'key') : null;
  if (typeof key !== 'string') throw new Error(`no key in ${JSON.stringify(body)}`);
  return key;
}

describe('a brand theme, logo and German texts set at run time', () => {
  it('shows the new theme, the logo, German texts and comma amounts, with no CSP violation', async () => {
    const minted = await operator('POST', '/brands/brand0/api-keys', ADMIN_KEY, {
      label: 'e2e appearance',
      scopes: ['config:read', 'config:write'],
    });
    expect(minted.status).toBe(201);
    const key = keyOf(minted.body);
    const theme = await operator('PUT', '/themes/oktoberfest', key, {
      properties: {
        '--cd-color-primary': '#7a1fa2',
        '--cd-color-primary-hover': '#5e1580',
        '--cd-color-bg': '#fff8e1',
        '--cd-radius': '20px',
      },
      fonts: "Georgia, 'Times New Roman', serif",
      logo: { media_type: 'image/svg+xml', data_base64: Buffer.from(LOGO_SVG).toString('base64') },
    });
    expect(theme.status).toBe(200);
    expect((await operator('PUT', '/texts/de', key, { texts: GERMAN })).status).toBe(200);

    const session = await newSession(env.stack, {
      player: uniquePlayer('oktoberfest'),
      lang: 'de',
      theme: 'oktoberfest',
    });
    const context = await env.browser.newContext({ viewport: { width: 800, height: 900 } });
    context.setDefaultTimeout(15_000);
    await context.addInitScript(WATCH_VIOLATIONS);
    const page = await context.newPage();
    const complaints: string[] = [];
    page.on('console', (message: ConsoleMessage) => {
      if (/Content Security Policy|Refused to/i.test(message.text()))
        complaints.push(message.text());
    });
    try {
      expect((await page.goto(session.widgetUrl))?.ok()).toBe(true);
      // The homepage opens the card method by itself (SPEC §4): its form, in German where the
      // brand gave German texts, with comma amounts everywhere.
      const amountField = page.getByLabel('Betrag', { exact: true });
      await amountField.waitFor().catch(async (error: unknown) => {
        await screenshot(page, 'appearance-failed');
        throw new Error(`no German method page: ${await page.locator('body').innerText()}`, {
          cause: error,
        });
      });
      // No-break spaces keep a hint's amount on one line; read them as spaces.
      const form = (await page.locator('main').innerText()).replace(/[^\S\n]/g, ' ');
      expect(form).toContain('Min. 5,00 EUR');
      expect(form).toContain('5 000,00 EUR');
      expect(form).not.toMatch(/\d\.\d{2} EUR/);
      await amountField.fill('');
      await amountField.pressSequentially('1234,5');
      expect(await amountField.inputValue()).toBe('1 234,5');
      // The card's fee (1.5 % + 0.25) included: what the player is charged.
      const submit = page.getByRole('button', { name: /bezahlen$/ });
      await expect.poll(() => submit.innerText()).toMatch(/^1\s253,27 EUR bezahlen$/);
      // The theme reaches the components: the submit button in the primary colour, its text in
      // brand0's primary-text colour (not named by the theme: every theme starts from brand0).
      const look = await submit.evaluate((element) => {
        const computed = getComputedStyle(element);
        return { background: computed.backgroundColor, color: computed.color };
      });
      expect(look).toEqual({ background: 'rgb(122, 31, 162)', color: 'rgb(255, 255, 255)' });
      await screenshot(page, 'appearance-oktoberfest-de-method');

      await page.getByRole('link', { name: 'Zurück zu den Zahlungsarten', exact: true }).click();
      await page.getByRole('heading', { level: 1, name: 'Einzahlung' }).waitFor();
      await page.getByRole('heading', { name: 'Beliebt' }).first().waitFor();
      const balance = page.getByText('Guthaben:', { exact: true });
      const amount = await balance.locator('xpath=following-sibling::strong[1]').textContent();
      expect(amount?.replace(/\s/g, ' ')).toBe('500,00 EUR');
      const home = (await page.locator('main').innerText()).replace(/[^\S\n]/g, ' ');
      expect(home).not.toMatch(/\d\.\d{2} EUR/);
      // A restricted method's date in German order (English text: the brand gave none for it).
      expect(home).toMatch(/Available again on \d{2}\.\d{2}\. \d{2}:\d{2}/);

      const styles = await page.evaluate(() => {
        const computed = getComputedStyle(document.body);
        return {
          primary: computed.getPropertyValue('--cd-color-primary').trim(),
          background: computed.backgroundColor,
          font: computed.fontFamily,
          theme: document.body.dataset.themeName,
          lang: document.documentElement.lang,
          styleElements: document.querySelectorAll('style').length,
        };
      });
      expect(styles).toEqual({
        primary: '#7a1fa2',
        background: 'rgb(255, 248, 225)',
        font: 'Georgia, "Times New Roman", serif',
        theme: 'oktoberfest',
        lang: 'de',
        styleElements: 0,
      });

      const logo = page.locator('.cd-brand-logo img');
      await logo.waitFor();
      const logoState = await logo.evaluate((image) =>
        image instanceof HTMLImageElement
          ? { src: image.src, complete: image.complete, width: image.naturalWidth }
          : null,
      );
      expect(
        logoState?.src.startsWith(
          `${env.stack.serverUrl}/api/cashier-service/v1.0/appearance/logos/`,
        ),
      ).toBe(true);
      expect(logoState?.complete).toBe(true);
      expect(logoState?.width).toBe(160);

      await screenshot(page, 'appearance-oktoberfest-de-home');

      const violations: unknown = await page.evaluate((): unknown =>
        Reflect.get(window, '__cspViolations'),
      );
      expect(violations).toEqual([]);
      expect(complaints).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it("SPEC §2: without a theme in the address (the embed SDK's), the brand's default theme shows", async () => {
    const minted = await operator('POST', '/brands/brand0/api-keys', ADMIN_KEY, {
      label: 'e2e default theme',
      scopes: ['config:read', 'config:write'],
    });
    const key = keyOf(minted.body);
    const put = await operator('PUT', '/themes/harbour', key, {
      properties: { '--cd-color-bg': '#e0f2f1' },
    });
    expect(put.status).toBe(200);
    expect((await operator('PUT', '/theme-default', key, { name: 'harbour' })).status).toBe(200);
    try {
      const session = await newSession(env.stack, { player: uniquePlayer('harbour') });
      // The address the SDK builds: session_id and lang, no theme.
      const address = new URL(session.widgetUrl);
      expect(address.searchParams.get('theme')).toBe('harbour');
      address.searchParams.delete('theme');
      const context = await env.browser.newContext();
      try {
        const page = await context.newPage();
        await page.goto(address.toString());
        await page.locator('main h1').first().waitFor();
        const look = await page.evaluate(() => ({
          theme: document.body.dataset.themeName,
          background: getComputedStyle(document.body).backgroundColor,
        }));
        expect(look).toEqual({ theme: 'harbour', background: 'rgb(224, 242, 241)' });
      } finally {
        await context.close();
      }
    } finally {
      await operator('PUT', '/theme-default', key, { name: 'brand0' });
    }
  });

  it('shows the unsupported-theme message for a theme the brand does not have (SPEC §2)', async () => {
    const session = await newSession(env.stack, {
      player: uniquePlayer('nosuch'),
      theme: 'nosuch',
    });
    const context = await env.browser.newContext();
    try {
      const page = await context.newPage();
      await page.goto(session.widgetUrl);
      const notice = page.getByRole('alert').filter({ hasText: /\S/ });
      await notice.waitFor();
      expect(await notice.innerText()).toContain('nosuch');
    } finally {
      await context.close();
    }
  });
});
