/**
 * The back office's webhook, client error, API key and staff screens in Chromium, against the
 * real server on its seeded database, signed in as the demo staff (their published password;
 * the second factor's code from the sandbox's demo-code call, or from the secret a new account
 * enrols). Each screen opens for a role that may use it, axe-core finds no serious or critical
 * violation on it, and it is not in the navigation of a role that may not. A developer sends a
 * dead-lettered event again and sees it pending; a developer mints a key (its secret shown once,
 * working), rotates it (the old one revoked from the rotation's dialog), then revokes the new one
 * (refused from then on); support opens a client error report's details; an owner invites a finance member, whose
 * link sets a password and who then signs in. Screenshots at 1280 and 390 px in e2e/artifacts.
 */
import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { createServer } from 'node:http';
import { describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { CASHIER_BASE, OPERATOR_BASE, STAFF_BASE } from '@cashdesk/contract';
import { DEMO_STAFF_PASSWORD } from '@cashdesk/server/sandbox';
import { webhookEvents } from '../packages/server/src/db/schema';
import { currentCode } from '../packages/server/src/modules/staff';
import { startWebhookDispatcher } from '../packages/server/src/modules/webhooks';
import { DESKTOP_CONTEXT, checkA11y, newSession, screenshot, useStackAndBrowser } from './support';
import type { Stack } from './support';

const env = useStackAndBrowser();

const SUPPORT = 'support@demo.cashdesk.test';
const DEVELOPER = 'developer@demo.cashdesk.test';
const OWNER = 'owner@demo.cashdesk.test';

/** The names of the navigation's links. */
async function navigation(page: Page): Promise<string[]> {
  const nav = page.getByRole('navigation', { name: 'Back office' });
  await nav.getByRole('link').first().waitFor();
  return nav.getByRole('link').allTextContents();
}

/** The current code of a demo account's second factor (the sandbox's demo-code call). */
async function demoCode(stack: Stack, email: string): Promise<string> {
  const response = await fetch(
    `${stack.serverUrl}${STAFF_BASE}/sandbox/demo-code?email=${encodeURIComponent(email)}`,
  );
  expect(response.status).toBe(200);
  const body: unknown = await response.json();
  const code: unknown = Reflect.get(Object(body), 'code');
  if (typeof code !== 'string') throw new Error('no demo code');
  return code;
}

/** Signs in on the sign-in page; `code` answers the second factor when the role asks for one. */
async function signIn(
  page: Page,
  stack: Stack,
  email: string,
  password: string,
  code?: () => Promise<string>,
): Promise<void> {
  await page.goto(`${stack.serverUrl}/back-office/sign-in`);
  await page.getByLabel('E-mail address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  if (code !== undefined) {
    await page.getByLabel('Six-digit code').fill(await code());
    await page.getByRole('button', { name: /^(Verify|Confirm and sign in)$/ }).click();
  }
  await page.getByRole('navigation', { name: 'Back office' }).waitFor();
}

/** A signed-in page of a demo account in a desktop context of its own. */
async function demoPage(
  browser: Browser,
  stack: Stack,
  email: string,
  secondFactor: boolean,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext(DESKTOP_CONTEXT);
  const page = await context.newPage();
  await signIn(
    page,
    stack,
    email,
    DEMO_STAFF_PASSWORD,
    secondFactor ? () => demoCode(stack, email) : undefined,
  );
  return { context, page };
}

/**
 * axe-core on the page, without React Aria's live announcer: a button that was pending announces
 * itself by its id for seven seconds, also after it left the page (a dialog's submit button once
 * the dialog closed), which axe reads as an image without a name.
 */
async function a11y(page: Page, label: string): Promise<void> {
  await checkA11y(page, label, { exclude: ['[data-live-announcer]'] });
}

/** The axe check and the screenshots of the screen on `page`, at 1280 and 390 px wide. */
async function checkScreen(page: Page, name: string): Promise<void> {
  await a11y(page, name);
  await screenshot(page, `back-office-${name}-1280`);
  await page.setViewportSize({ width: 390, height: 844 });
  await a11y(page, `${name} at 390 px`);
  await screenshot(page, `back-office-${name}-390`);
  await page.setViewportSize(DESKTOP_CONTEXT.viewport);
}

/**
 * Two events of brand0 dead-lettered for real: recorded, then one dispatcher pass to an
 * endpoint that answers 500, with one attempt allowed. Their ids.
 */
async function deadEvents(stack: Stack): Promise<string[]> {
  const failing = createServer((request, response) => {
    request.resume();
    response.writeHead(500).end();
  });
  failing.listen(0, '127.0.0.1');
  await once(failing, 'listening');
  const address = failing.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  const ids = [randomUUID(), randomUUID()];
  await stack.db.insert(webhookEvents).values(
    ids.map((id) => ({
      id,
      type: 'balance.adjusted',
      brandId: 'brand0',
      payload: {
        id,
        type: 'balance.adjusted',
        created_at: new Date().toISOString(),
        brand: 'brand0',
        adjustment: { amount: '12.50', currency: 'EUR', direction: 'credit' },
      },
    })),
  );
  // The dispatcher as a process runs it, on notice only, for one pass.
  const dispatcher = startWebhookDispatcher({
    db: stack.db,
    clock: () => new Date(),
    settings: {
      ...stack.config.webhooks,
      url: `http://127.0.0.1:${String(address.port)}/events`,
      maxAttempts: 1,
      intervalMs: 0,
    },
  });
  await dispatcher.runOnce();
  await dispatcher.stop();
  failing.close();
  return ids;
}

/** On the staff screen, invites `email` as finance: the invitation link the screen shows once. */
async function invite(page: Page, email: string): Promise<string> {
  const links = await navigation(page);
  expect(links).toEqual(expect.arrayContaining(['Webhooks', 'API keys', 'Staff']));
  await page.getByRole('link', { name: 'Staff' }).click();
  await page.getByRole('table', { name: 'What each role may do' }).waitFor();
  await checkScreen(page, 'staff');

  // Nobody acts on their own account here: the owner's own row has no actions.
  const own = page.getByRole('row').filter({ hasText: OWNER });
  await own.waitFor();
  expect(await own.getByRole('button').count()).toBe(0);

  await page.getByRole('button', { name: 'Invite' }).click();
  const dialog = page.getByRole('dialog');
  // Only an administrator makes an administrator.
  const roles = await dialog.getByLabel('Role').locator('option').allTextContents();
  expect(roles).toEqual(['Owner', 'Finance', 'Support', 'Developer']);
  await dialog.getByLabel('Name').fill('Fiona Finance');
  await dialog.getByLabel('E-mail address').fill(email);
  await dialog.getByLabel('Role').selectOption('finance');
  await dialog.getByRole('button', { name: 'Invite' }).click();
  const shown = page.getByRole('alertdialog');
  await shown.getByText('you will not see it again').waitFor();
  const link = (await shown.getByTestId('shown-once').textContent()) ?? '';
  expect(link).toContain('/back-office/set-password#token=');
  await a11y(page, 'the invitation link');
  await shown.getByRole('button', { name: 'I have copied it' }).click();
  const row = page.getByRole('row').filter({ hasText: email });
  await expect.poll(() => row.getByText('Invited').count()).toBe(1);
  return link;
}

/** A render crash the widget reports from a brand0 session (SPEC §4), with two breadcrumbs. */
async function clientReport(stack: Stack, message: string): Promise<void> {
  const session = await newSession(stack);
  const response = await fetch(`${stack.serverUrl}${CASHIER_BASE}/client-reports`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-session-id': session.sessionId },
    body: JSON.stringify({
      kind: 'render_crash',
      message,
      stack: `TypeError: ${message}\n    at MethodList (method-list.tsx:42:7)`,
      page: '/deposit',
      release: 'e2e',
      user_agent: 'Chromium',
      trace_sampled: true,
      breadcrumbs: [
        { type: 'navigation', message: '/deposit', at: Date.now() - 2_000 },
        { type: 'click', message: 'Card', at: Date.now() - 1_000 },
      ],
    }),
  });
  expect(response.status).toBeLessThan(300);
}

describe('back office: webhooks, client errors, API keys, staff', () => {
  it('support reads webhooks and client errors, and sees no API keys or staff', async () => {
    await deadEvents(env.stack);
    const crash = `Cannot read properties of undefined ${randomUUID().slice(0, 8)}`;
    await clientReport(env.stack, crash);
    const { context, page } = await demoPage(env.browser, env.stack, SUPPORT, false);
    try {
      const links = await navigation(page);
      expect(links).toEqual(expect.arrayContaining(['Webhooks', 'Client errors']));
      expect(links).not.toContain('API keys');
      expect(links).not.toContain('Staff');

      await page.getByRole('link', { name: 'Webhooks' }).click();
      await page.getByRole('heading', { name: 'Where events go' }).waitFor();
      await page.getByRole('table', { name: 'Webhook events, newest first' }).waitFor();
      // Support reads, and may not send again: dead events, and no redelivery button.
      await page.getByRole('cell', { name: 'Dead' }).first().waitFor();
      expect(await page.getByRole('button', { name: 'Redeliver all dead' }).count()).toBe(0);
      await checkScreen(page, 'webhooks');

      await page.getByRole('link', { name: 'Client errors' }).click();
      const reports = page.getByRole('table', { name: 'Client error reports, newest first' });
      const row = reports.getByRole('row').filter({ hasText: crash });
      await row.waitFor();
      await checkScreen(page, 'reports');
      // A report's details: in a dialog the address names, with the stack and the breadcrumbs.
      await row.getByRole('link', { name: 'Details' }).click();
      const details = page.getByRole('dialog', { name: 'Client error report' });
      await details.getByText('at MethodList (method-list.tsx:42:7)').waitFor();
      await details.getByText('"click"').waitFor();
      expect(new URL(page.url()).searchParams.get('report')).not.toBeNull();
      await a11y(page, 'a client error report');
      await screenshot(page, 'back-office-report-1280');
      await details.getByRole('button', { name: 'Close' }).click();
      await expect.poll(() => new URL(page.url()).searchParams.get('report')).toBeNull();
    } finally {
      await context.close();
    }
  });

  describe('a developer', () => {
    let signedIn: { context: BrowserContext; page: Page } | undefined;
    /** One sign-in for the developer's tests: a second-factor code counts once per step. */
    async function developer(): Promise<Page> {
      signedIn ??= await demoPage(env.browser, env.stack, DEVELOPER, true);
      return signedIn.page;
    }

    it('redelivers a dead event and sees it pending again, then all dead ones', async () => {
      const [first] = await deadEvents(env.stack);
      const page = await developer();
      const links = await navigation(page);
      expect(links).toEqual(expect.arrayContaining(['Webhooks', 'Client errors', 'API keys']));
      expect(links).not.toContain('Staff');

      await page.goto(`${env.stack.serverUrl}/back-office/webhooks?state=dead`);
      const table = page.getByRole('table', { name: 'Webhook events, newest first' });
      await table.getByRole('row').nth(1).waitFor();
      // The filter is in the address, and every row it lists is dead.
      expect(await table.getByRole('row').filter({ hasText: 'Pending' }).count()).toBe(0);
      await page.goto(`${env.stack.serverUrl}/back-office/webhooks/${String(first)}`);
      await page.getByRole('heading', { name: 'Payload' }).waitFor();
      await expect.poll(() => page.locator('pre').textContent()).toContain('"12.50"');
      const delivery = page.getByRole('region', { name: 'Delivery' });
      await expect.poll(() => delivery.getByText('http 500').count()).toBe(1);
      await expect.poll(() => delivery.getByText('Dead', { exact: true }).count()).toBe(1);
      await checkScreen(page, 'webhook-event');

      await page.getByRole('button', { name: 'Redeliver' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('button', { name: 'Redeliver' }).click();
      await page.getByText('The event is pending again').waitFor();
      await expect.poll(() => delivery.getByText('Pending').count()).toBe(1);
      expect(await page.getByRole('button', { name: 'Redeliver' }).count()).toBe(0);

      // The other dead event (and any other of brand0's): all of them, after a confirmation.
      await page.getByRole('link', { name: 'Webhooks' }).click();
      await page.getByRole('button', { name: 'Redeliver all dead' }).click();
      const confirm = page.getByRole('dialog');
      await confirm.getByText(/dead events go back to the queue/).waitFor();
      await confirm.getByRole('button', { name: /^Send \d+ again$/ }).click();
      await page.getByText(/^\d+ events went back to the queue\.$/).waitFor();
      await expect
        .poll(() => page.getByRole('button', { name: 'Redeliver all dead' }).count())
        .toBe(0);
    });

    it('mints a key, sees its secret once, rotates it and revokes it', async () => {
      const page = await developer();
      await page.getByRole('link', { name: 'API keys' }).click();
      await page.getByRole('table', { name: 'API keys, newest first' }).waitFor();

      await page.getByRole('button', { name: 'Mint a key' }).click();
      const mint = page.getByRole('dialog');
      await mint.getByLabel('Label').fill('e2e backend');
      // Each scope with what it allows.
      await mint.getByText("Read the brand's configuration and its audit trail.").waitFor();
      await mint.getByRole('checkbox', { name: 'config:read' }).check();
      await a11y(page, 'mint a key');
      await screenshot(page, 'back-office-api-key-mint-1280');
      await mint.getByRole('button', { name: 'Mint key' }).click();

      const shown = page.getByRole('alertdialog');
      await shown.getByText('you will not see it again').waitFor();
      const secret = (await shown.getByTestId('shown-once').textContent()) ?? '';
      expect(secret).toMatch(/^cdk_[a-z0-9]{12}_/);
      await a11y(page, 'the new key');
      await screenshot(page, 'back-office-api-key-shown-once-1280');
      // The secret works: the key reads the brand.
      const brand = await fetch(`${env.stack.serverUrl}${OPERATOR_BASE}/brand`, {
        headers: { authorization: `Bearer ${secret}` },
      });
      expect(brand.status).toBe(200);
      await shown.getByRole('button', { name: 'I have copied it' }).click();
      // Once closed, the secret is nowhere on the page.
      expect(await page.content()).not.toContain(secret);

      const keyId = secret.slice(4, 16);
      const row = page.getByRole('row').filter({ hasText: keyId });
      await row.waitFor();
      await checkScreen(page, 'api-keys');

      // Rotation: a new key with the same label and scopes, then the old one revoked from there.
      await row.getByRole('button', { name: 'Rotate' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Mint the new key' }).click();
      const rotated = page.getByRole('alertdialog');
      const next = (await rotated.getByTestId('shown-once').textContent()) ?? '';
      expect(next).toMatch(/^cdk_[a-z0-9]{12}_/);
      expect(next).not.toBe(secret);
      await rotated.getByRole('button', { name: `Revoke the old key ${keyId}` }).click();
      await rotated.getByText(`The old key ${keyId} is revoked.`).waitFor();
      await rotated.getByRole('button', { name: 'I have copied it' }).click();
      const nextRow = page.getByRole('row').filter({ hasText: next.slice(4, 16) });
      await expect.poll(() => nextRow.getByText('config:read').count()).toBe(1);
      await expect.poll(() => row.getByText('Revoked').count()).toBe(1);
      const old = await fetch(`${env.stack.serverUrl}${OPERATOR_BASE}/brand`, {
        headers: { authorization: `Bearer ${secret}` },
      });
      expect(old.status).toBe(401);
      await nextRow.getByRole('button', { name: 'Revoke' }).click();
      const confirm = page.getByRole('dialog');
      await confirm.getByText('This cannot be undone.').waitFor();
      await confirm.getByRole('button', { name: 'Revoke key' }).click();
      await page.getByText(`The key ${next.slice(4, 16)} is revoked.`).waitFor();
      await expect.poll(() => nextRow.getByText('Revoked').count()).toBe(1);
      const refused = await fetch(`${env.stack.serverUrl}${OPERATOR_BASE}/brand`, {
        headers: { authorization: `Bearer ${next}` },
      });
      expect(refused.status).toBe(401);
      await signedIn?.context.close();
    });
  });

  it('an owner invites a finance member, whose link sets a password and signs in', async () => {
    const email = `finance-${randomUUID().slice(0, 8)}@example.com`;
    const owner = await demoPage(env.browser, env.stack, OWNER, true);
    const link = await invite(owner.page, email).finally(() => owner.context.close());

    const invited = await env.browser.newContext(DESKTOP_CONTEXT);
    try {
      const newcomer = await invited.newPage();
      await newcomer.goto(link);
      await newcomer.getByText(`You were invited to the back office as ${email}.`).waitFor();
      const password = `finance-${randomUUID()}`;
      await newcomer.getByLabel('New password', { exact: true }).fill(password);
      await newcomer.getByLabel('New password again').fill(password);
      await newcomer.getByRole('button', { name: 'Set password' }).click();
      await newcomer.getByText('Your password is set.').waitFor();
      // Finance moves money: the first sign-in sets up the second factor from the secret shown.
      await signIn(newcomer, env.stack, email, password, async () => {
        const secret = await newcomer.locator('.bo-secret code').textContent();
        return currentCode(secret ?? '', new Date());
      });
      const links = await navigation(newcomer);
      expect(links).toContain('Webhooks');
      expect(links).not.toContain('Staff');
      expect(links).not.toContain('API keys');
      expect(links).not.toContain('Client errors');
    } finally {
      await invited.close();
    }
  });
});
