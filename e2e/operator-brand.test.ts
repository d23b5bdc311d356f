/**
 * From an EMPTY PRODUCTION database, a script of operator API calls (no SQL,
 * no code change, no restart) brings up a new brand with two methods (a card deposit and a payout
 * to the saved card), its own currency, theme, logo and German texts; creates a session for a new
 * player; and that player deposits and withdraws in German in the new theme, in real Chromium,
 * against the PSP simulator running as its own process (production never runs the sandbox). The
 * script's calls are counted and printed, the screens are saved under e2e/artifacts, and the
 * brand's transactions are read back through the same API.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { moneyViolations } from '../packages/server/src/test/money-invariants';
import { startSimulatorProcess } from '@cashdesk/testkit';
import type { SimulatorProcess } from '@cashdesk/testkit';
import { screenshot } from './support';
import { launchBrowser } from './support/browser';
import { operatorJson, startStack } from './support/stack';
import type { Stack } from './support';
import { futureExpiry } from './support/journeys';

const ADMIN_KEY = 'e2e-production-admin-key-0123456789abcdef';
const BRAND = 'nordlicht';
const PLAYER = 'kunde-4711';

/** An approved test card of the PSP simulator, paid without a 3-D Secure challenge. */
const CARD = '4000000000000101';

let psp: SimulatorProcess;
let stack: Stack;
let browser: Browser;

beforeAll(async () => {
  psp = await startSimulatorProcess();
  [stack, browser] = await Promise.all([
    startStack({
      mode: 'production',
      env: {
        CASHDESK_SECRET: 'e2e-production-secret-0123456789',
        CASHDESK_PROVIDER: 'http',
        PROVIDER_URL: psp.url,
        OPERATOR_ADMIN_KEY: ADMIN_KEY,
      },
    }),
    launchBrowser(),
  ]);
});

afterAll(async () => {
  await browser.close();
  await stack.close();
  await psp.stop();
});

/** Every operator call the script makes, for the count printed at the end. */
const calls: string[] = [];

/** One call of the operator API (support/stack.ts operatorJson), counted for the note. */
async function operator(
  method: string,
  path: string,
  key: string,
  body?: unknown,
): Promise<Record<string, unknown>> {
  calls.push(`${method} ${path}`);
  return operatorJson(stack, method, path, key, body);
}

function textOf(value: unknown, what: string): string {
  if (typeof value !== 'string') throw new Error(`${what} is not a string: ${String(value)}`);
  return value;
}

const LOGO_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 180 40" width="180" height="40">' +
  '<rect width="180" height="40" rx="6" fill="#0b3d2e"/>' +
  '<path d="M14 30 L24 10 L34 30 Z" fill="#7fffd4"/>' +
  '<rect x="46" y="15" width="120" height="10" rx="5" fill="#e0fff4"/></svg>';

/** The brand's German texts: everything this journey shows that the player reads. */
const GERMAN: Readonly<Record<string, string>> = {
  'DEPOSIT_HOME.TITLE': 'Einzahlung',
  'DEPOSIT_METHOD.AMOUNT_LABEL': 'Betrag',
  'DEPOSIT_METHOD.SUBMIT': '{{amount}} einzahlen',
  'PH.FIELD.CARD_NUMBER': 'Kartennummer',
  'PH.FIELD.EXPIRY': 'Gültig bis (MM/JJ)',
  'PH.FIELD.CVV': 'Prüfnummer',
  'PH.FIELD.CARDHOLDER': 'Name auf der Karte',
  'PH.FIELD.SAVE_CARD': 'Karte für spätere Zahlungen speichern',
  'PH.FIELD.PAYOUT_CARD': 'Karte für die Auszahlung',
  'WITHDRAWAL.TITLE': 'Auszahlung',
  'WITHDRAWAL.SUBMIT': '{{amount}} auszahlen',
  'RESULT.DEPOSIT.SUCCESS.TITLE': 'Einzahlung erfolgreich',
  'RESULT.WITHDRAWAL.SUCCESS.TITLE': 'Auszahlung erfolgreich',
  'RESULT.DEPOSIT.SUCCESS.TEXT': 'Ihre Einzahlung ist eingegangen. Viel Glück!',
  'RESULT.WITHDRAWAL.SUCCESS.TEXT':
    'Ihre Auszahlung ist unterwegs. Bis zum Eingang auf Ihrem Konto kann es etwas dauern.',
  'RESULT.BUTTON.INTO_GAME': 'Zurück zum Spiel',
  'RESULT.BUTTON.ALL_METHODS': 'Alle Zahlungsarten',
  'RESULT.BUTTON.ALL_PAYOUT_METHODS': 'Alle Auszahlungsarten',
  'RESULT.DETAILS.AMOUNT': 'Betrag',
  'WITHDRAWAL.BALANCE': 'Verfügbar zur Auszahlung:',
  'FIELDS.AMOUNT.MAX_HINT': 'Höchstens {{amount}}',
  'FIELDS.AMOUNT.BLOCKS': 'Schnellbeträge',
  'PH.MIN_LIMIT_INFO_TEXT': 'Mind. {{amount}} {{currency}}',
  'CARDS.EXPIRES': 'Gültig bis {{expiry}}',
  'CARDS.MANAGE': 'Gespeicherte Karten verwalten',
};

/** The script an operator runs against its new production deployment. */
async function bringUpBrand(): Promise<string> {
  await operator('POST', '/brands', ADMIN_KEY, { id: BRAND, name: 'Nordlicht Wetten' });
  const minted = await operator('POST', `/brands/${BRAND}/api-keys`, ADMIN_KEY, {
    label: 'backend',
    scopes: ['sessions:write', 'players:read', 'transactions:read', 'config:read', 'config:write'],
  });
  const key = textOf(minted.key, 'key');
  await operator('PUT', '/currencies/EUR', key, {
    currency_id: 978,
    name: 'Euro',
    iso_number: 978,
    precision: 2,
  });
  await operator('PATCH', '/settings', key, {
    merchant_url: 'https://nordlicht.example',
    support_url: 'https://nordlicht.example/hilfe',
  });
  await operator('PUT', '/pay-groups/deposit/card', key, {
    public_name: 'Card',
    public_names: { de: 'Kreditkarte' },
    provider_kind: 'card',
    pay_method_type: 'cards',
    popular: true,
    fields: [
      {
        name: 'card_pan',
        type: 'input',
        extended_type: 'card_pan',
        label: 'PH.FIELD.CARD_NUMBER',
        is_required: true,
      },
      { name: 'expirationDate', type: 'input', label: 'PH.FIELD.EXPIRY', is_required: true },
      {
        name: 'card_cvv',
        type: 'input',
        extended_type: 'card_cvv',
        label: 'PH.FIELD.CVV',
        is_required: true,
      },
      {
        name: 'card_cardholder_name',
        type: 'input',
        extended_type: 'card_cardholder_name',
        label: 'PH.FIELD.CARDHOLDER',
        is_required: true,
      },
      { name: 'save_card', type: 'check', label: 'PH.FIELD.SAVE_CARD' },
    ],
    currencies: [
      { currency: 'EUR', min_amount: '10', max_amount: '2000', amount_blocks: ['20', '50', '100'] },
    ],
  });
  await operator('PUT', '/pay-groups/withdrawal/card_payout', key, {
    public_name: 'Payout to card',
    public_names: { de: 'Auszahlung auf Karte' },
    provider_kind: 'card',
    pay_method_type: 'cards',
    fields: [
      {
        name: 'card_id',
        type: 'select',
        extended_type: 'card_id',
        label: 'PH.FIELD.PAYOUT_CARD',
        is_required: true,
        user_requisite_type_id: 1,
      },
    ],
    currencies: [{ currency: 'EUR', min_amount: '10', max_amount: '1000' }],
  });
  await operator('PUT', '/themes/nordlicht', key, {
    properties: {
      '--cd-color-bg': '#effaf5',
      '--cd-color-primary': '#0b6e4f',
      '--cd-color-primary-hover': '#08533b',
      '--cd-color-focus': '#0b6e4f',
      '--cd-radius': '18px',
    },
    fonts: "Verdana, 'DejaVu Sans', sans-serif",
    logo: { media_type: 'image/svg+xml', data_base64: Buffer.from(LOGO_SVG).toString('base64') },
  });
  await operator('PUT', '/theme-default', key, { name: 'nordlicht' });
  await operator('PUT', '/texts/de', key, { texts: GERMAN });
  return key;
}

/** Opens a session's cashier top-level, as a native app's web view or a new tab would. */
async function openCashier(widgetUrl: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 420, height: 900 } });
  context.setDefaultTimeout(15_000);
  const page = await context.newPage();
  expect((await page.goto(widgetUrl))?.ok()).toBe(true);
  return page;
}

function visible(page: Page): Promise<string> {
  // No-break spaces keep an amount on one line; read them as spaces.
  return page
    .locator('body')
    .innerText()
    .then((text) => text.replace(/[^\S\n]/g, ' '));
}

describe('a brand brought up through the operator API alone, in production', () => {
  it('a new player deposits and withdraws in German in the brand’s own theme', async () => {
    const key = await bringUpBrand();

    const deposit = await operator('POST', '/sessions', key, {
      player: { external_id: PLAYER, first_name: 'Greta', last_name: 'Berg', country: 'DE' },
      flow: 'deposit',
      currency: 'EUR',
      language: 'de',
    });
    const depositPage = await openCashier(textOf(deposit.widget_url, 'widget_url'));
    try {
      const amount = depositPage.getByLabel('Betrag', { exact: true });
      await amount.waitFor();
      await amount.fill('');
      await amount.pressSequentially('50');
      await depositPage.getByLabel('Kartennummer', { exact: true }).fill(CARD);
      await depositPage.getByLabel('Gültig bis (MM/JJ)', { exact: true }).fill(futureExpiry());
      await depositPage.getByLabel('Prüfnummer', { exact: true }).fill('123');
      await depositPage.getByLabel('Name auf der Karte', { exact: true }).fill('Greta Berg');
      await depositPage.getByLabel('Karte für spätere Zahlungen speichern').check();
      const look = await depositPage.evaluate(() => ({
        theme: document.body.dataset.themeName,
        lang: document.documentElement.lang,
        background: getComputedStyle(document.body).backgroundColor,
        font: getComputedStyle(document.body).fontFamily,
      }));
      expect(look).toEqual({
        theme: 'nordlicht',
        lang: 'de',
        background: 'rgb(239, 250, 245)',
        font: 'Verdana, "DejaVu Sans", sans-serif',
      });
      await depositPage.locator('.cd-brand-logo img').waitFor();
      await screenshot(depositPage, 'operator-brand-deposit-de');
      const submit = depositPage.getByRole('button', { name: /einzahlen$/ });
      expect((await submit.innerText()).replace(/\s/g, ' ')).toBe('50,00 EUR einzahlen');
      await submit.click();
      await depositPage.getByRole('heading', { name: 'Einzahlung erfolgreich' }).waitFor();
      await screenshot(depositPage, 'operator-brand-deposit-de-success');
    } finally {
      await depositPage.context().close();
    }

    const withdrawal = await operator('POST', '/sessions', key, {
      player: { external_id: PLAYER },
      flow: 'withdrawal',
      currency: 'EUR',
      language: 'de',
    });
    const withdrawalPage = await openCashier(textOf(withdrawal.widget_url, 'widget_url'));
    try {
      await withdrawalPage
        .getByText('4000 00•• •••• 0101')
        .waitFor()
        .catch(async (error: unknown) => {
          await screenshot(withdrawalPage, 'operator-brand-withdrawal-failed');
          throw new Error(`no payout form: ${await visible(withdrawalPage)}`, { cause: error });
        });
      const amount = withdrawalPage.getByLabel('Betrag', { exact: true });
      await amount.fill('');
      await amount.pressSequentially('20');
      const form = await visible(withdrawalPage);
      expect(form).toContain('Verfügbar zur Auszahlung: 50,00 EUR');
      expect(form).toContain('Karte für die Auszahlung');
      expect(form).not.toMatch(/\d\.\d{2} EUR/);
      await screenshot(withdrawalPage, 'operator-brand-withdrawal-de');
      const submit = withdrawalPage.getByRole('button', { name: /auszahlen$/ });
      expect((await submit.innerText()).replace(/\s/g, ' ')).toBe('20,00 EUR auszahlen');
      await submit.click();
      await withdrawalPage.getByRole('heading', { name: 'Auszahlung erfolgreich' }).waitFor();
      await screenshot(withdrawalPage, 'operator-brand-withdrawal-de-success');
    } finally {
      await withdrawalPage.context().close();
    }

    const player = await operator('GET', `/players/${PLAYER}`, key);
    expect(JSON.stringify(player.balances)).toContain('"balance":"30');
    const listed = await operator('GET', `/transactions?player_id=${PLAYER}`, key);
    const transactions = Array.isArray(listed.transactions) ? listed.transactions : [];
    expect(
      transactions.map((entry: unknown) =>
        typeof entry === 'object' && entry !== null
          ? [Reflect.get(entry, 'flow'), Reflect.get(entry, 'status'), Reflect.get(entry, 'amount')]
          : null,
      ),
    ).toEqual([
      ['withdrawal', 'success', '20'],
      ['deposit', 'success', '50'],
    ]);
    expect(await moneyViolations(stack.app.cashdesk.db, await psp.activity())).toEqual([]);
    console.log(
      `the brand took ${String(calls.length)} operator API calls:\n  ${calls.join('\n  ')}`,
    );
  });
});
