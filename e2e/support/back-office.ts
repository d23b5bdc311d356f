/**
 * The back office's browser tests' helpers: money to look at (a brand0 card deposit, a withdrawal
 * waiting for approval, made through the player's own calls and the operator API on the stack's
 * real server), the back office's address, and its screens' checks.
 */
import { createHmac } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { BrowserContext, Page } from 'playwright-core';
import { STAFF_BASE } from '@cashdesk/contract';
import { DEMO_STAFF, DEMO_STAFF_PASSWORD } from '@cashdesk/server/sandbox';
import { expect } from 'vitest';
import { players } from '../../packages/server/src/db/schema';
import {
  CASHIER,
  cardPayoutSubmit,
  payGroupId,
  saveSandboxCard,
  withdrawalSession,
} from '../../packages/server/src/test/api-calls';
import { APPROVED_VISA, cardBody } from '../../packages/server/src/test/deposit-submit-calls';
import { createTestSession } from '../../packages/server/src/test/harness';
import { OPERATOR_ENV, mintKey, operatorCall } from '../../packages/server/src/test/operator-calls';
import { checkA11y } from './a11y';
import { DESKTOP_CONTEXT, screenshot } from './browser';
import type { PHONE_CONTEXT } from './browser';
import type { StackAndBrowser } from './fixture';
import type { Stack } from './stack';

/** The stack's environment for these tests: the operator API's administrator key. */
export const BACK_OFFICE_ENV = OPERATOR_ENV;

/** The server as the server tests' helpers take it. */
function serverOf(stack: Stack) {
  return { baseUrl: stack.serverUrl, db: stack.app.cashdesk.db };
}

/** The back office's address of a client route, e.g. `/transactions`. */
export function backOfficeUrl(stack: Stack, route = ''): string {
  return `${stack.serverUrl}/back-office${route}`;
}

/** A key of every scope of brand0 (for the test's own set-up calls, never the browser's). */
export async function brandKey(stack: Stack): Promise<string> {
  return (await mintKey(serverOf(stack), 'brand0')).key;
}

/**
 * A card deposit of `amount` EUR by a new brand0 player with the sandbox card `pan` (default one
 * approved at once): its id.
 */
export async function cardDeposit(
  stack: Stack,
  player: string,
  amount: string,
  pan = APPROVED_VISA,
): Promise<string> {
  const server = serverOf(stack);
  const session = await createTestSession(server, { player, flow: 'deposit', currency: 'EUR' });
  const group = await payGroupId(server, 'card', 'deposit');
  const response = await fetch(
    `${stack.serverUrl}${CASHIER}/payments/groups/${String(group)}/submit`,
    {
      method: 'POST',
      headers: {
        'x-session-id': session,
        'content-type': 'application/json',
        'idempotency-key': crypto.randomUUID(),
      },
      body: JSON.stringify(cardBody(pan, amount)),
    },
  );
  const body: unknown = await response.json();
  const id: unknown = Reflect.get(Object(body), 'transaction_id');
  if (response.status !== 200 || typeof id !== 'string') {
    throw new Error(`deposit: ${String(response.status)} ${JSON.stringify(body)}`);
  }
  return id;
}

/**
 * A card withdrawal of `amount` EUR by a new brand0 player that waits for the operator's approval
 * (brand0's withdrawals are made to wait first): its id.
 */
export async function waitingPayout(
  stack: Stack,
  key: string,
  player: string,
  amount: string,
): Promise<string> {
  const server = serverOf(stack);
  const approval = await operatorCall(server, 'PUT', '/payout-approval', key, {
    body: { required: true },
  });
  if (approval.status !== 200) throw new Error(`payout approval: ${approval.text}`);
  const session = await withdrawalSession(server, player);
  const [row] = await server.db
    .select({ id: players.id })
    .from(players)
    .where(and(eq(players.brandId, 'brand0'), eq(players.externalId, player)));
  if (row === undefined) throw new Error(`no player ${player}`);
  const answer = await cardPayoutSubmit(server, session, await saveSandboxCard(server, row.id), {
    amount,
  });
  const id = answer.body.transaction_id;
  if (answer.status !== 200 || typeof id !== 'string') {
    throw new Error(`payout: ${String(answer.status)} ${JSON.stringify(answer.body)}`);
  }
  return id;
}

/**
 * A screen's checks: no serious or critical axe finding, and its picture saved as
 * `back-office-<name>-<width>.png` under e2e/artifacts.
 */
export async function checkScreen(page: Page, name: string): Promise<void> {
  await checkA11y(page, `back office: ${name}`);
  const width = page.viewportSize()?.width ?? 0;
  await screenshot(page, `back-office-${name}-${String(width)}`);
  expect(width).toBeGreaterThan(0);
}

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/**
 * The current code of an authenticator app holding `secret` (base32): RFC 6238 with its
 * defaults (HMAC-SHA-1, 30-second steps, six digits), as a phone computes it from the QR code.
 */
export function authenticatorCode(secret: string, now: Date): string {
  let bits = '';
  for (const char of secret.replace(/=+$/, '').toUpperCase()) {
    const value = BASE32.indexOf(char);
    if (value === -1) throw new Error(`not base32: ${char}`);
    bits += value.toString(2).padStart(5, '0');
  }
  const key = Buffer.from((bits.match(/.{8}/g) ?? []).map((byte) => Number.parseInt(byte, 2)));
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(now.getTime() / 30_000)));
  const mac = createHmac('sha1', key).update(counter).digest();
  const offset = (mac[mac.length - 1] ?? 0) & 0x0f;
  const code = (mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000;
  return String(code).padStart(6, '0');
}

/** A demo account's current authenticator code (the sandbox's demo-code call). */
async function demoCode(serverUrl: string, email: string): Promise<string> {
  const response = await fetch(
    `${serverUrl}${STAFF_BASE}/sandbox/demo-code?email=${encodeURIComponent(email)}`,
  );
  const body: unknown = await response.json();
  const code: unknown = typeof body === 'object' && body !== null ? Reflect.get(body, 'code') : '';
  if (typeof code !== 'string') throw new Error('no demo code');
  return code;
}

/** Signs a demo account in on the sign-in page, its second factor's code from the sandbox. */
export async function signInAsDemo(page: Page, stack: Stack, email: string): Promise<void> {
  await page.goto(backOfficeUrl(stack, '/sign-in'));
  await page.getByLabel('E-mail address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(DEMO_STAFF_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByLabel('Six-digit code').fill(await demoCode(stack.serverUrl, email));
  await page.getByRole('button', { name: 'Verify' }).click();
  await page.getByRole('navigation', { name: 'Back office' }).waitFor();
}

/**
 * Browser contexts signed in as the demo owner of a file's stack: the owner signs in once per
 * file (an authenticator code is accepted once), and each context reuses the cookies.
 */
export function ownerContexts(
  env: StackAndBrowser,
): (
  options: typeof DESKTOP_CONTEXT | typeof PHONE_CONTEXT,
) => Promise<{ context: BrowserContext; page: Page }> {
  const owner = DEMO_STAFF.find((account) => account.role === 'owner');
  let state: ReturnType<BrowserContext['storageState']> | undefined;
  const signIn = async (): ReturnType<BrowserContext['storageState']> => {
    if (owner === undefined) throw new Error('no demo owner');
    const context = await env.browser.newContext(DESKTOP_CONTEXT);
    try {
      await signInAsDemo(await context.newPage(), env.stack, owner.email);
      return await context.storageState();
    } finally {
      await context.close();
    }
  };
  return async (options) => {
    state ??= signIn();
    const context = await env.browser.newContext({ ...options, storageState: await state });
    const page = await context.newPage();
    return { context, page };
  };
}
