import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENDPOINTS } from '@cashdesk/contract';
import { fallbackReturnUrls, sandboxPageCsp } from '../modules/payments/routes/sandbox-pages';
import { SANDBOX_HEIGHT_SCRIPT } from '../providers/sandbox/html';
import { createTestSession, startTestServer } from './harness';
import type { TestServer } from './harness';
import { ledgerOf, reload, startDeposit } from './alt-fixtures';

/** The widget's address in the test config (harness WIDGET_URL). */
const WIDGET = 'http://widget.cashdesk.test';

let server: TestServer;
/** A second server on the same database with a provider of its own: another process, or the first one "restarted". */
let restarted: TestServer;
let production: TestServer;
let demo: string;

beforeAll(async () => {
  server = await startTestServer();
  restarted = await startTestServer({ database: server.database });
  production = await startTestServer({
    mode: 'production',
    database: server.database,
    env: { CASHDESK_SECRET: 'a-production-secret-for-tests' },
  });
  demo = await createTestSession(server, { player: 'demo' });
});

afterAll(async () => {
  await production.close();
  await restarted.close();
  await server.close();
});

const challengeCard = {
  pan: '4000000000000507',
  cvv: '737',
  expMonth: '12',
  expYear: '2030',
  holder: 'DANA DEMO',
};

interface Page {
  readonly status: number;
  readonly html: string;
  readonly headers: Headers;
}

async function open(target: TestServer, path: string): Promise<Page> {
  const response = await fetch(`${target.baseUrl}${path}`, { redirect: 'manual' });
  return { status: response.status, html: await response.text(), headers: response.headers };
}

async function answer(
  target: TestServer,
  path: string,
  form: Record<string, string>,
): Promise<Page> {
  const response = await fetch(`${target.baseUrl}${path}`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(form).toString(),
  });
  return { status: response.status, html: await response.text(), headers: response.headers };
}

/**
 * The display parameters a return address carries when the submit sent none: the session's
 * language (as lang-brand) and theme.
 */
const SESSION_DISPLAY = 'lang=en-brand0&theme=brand0';

/**
 * The cashier's 3DS result route the deposit submit gave the provider (with the session, for a
 * challenge opened in a new tab), as the challenge page returns to it.
 */
function threeDsReturn(transactionId: string, status: 'success' | 'error'): string {
  return `${WIDGET}/3ds_result?transaction_id=${transactionId}&session_id=${demo}&${SESSION_DISPLAY}&status=${status}`;
}

/** The deposit result page the deposit submit gave the provider as success or fail address. */
function resultPage(status: 'success' | 'error', transactionId: string): string {
  return `${WIDGET}/deposit/deposit-${status}?session_id=${demo}&transaction_id=${transactionId}&${SESSION_DISPLAY}`;
}

/** A JSON error answer, read as unknown. */
function parseJson(text: string): unknown {
  return JSON.parse(text);
}

/** The nonce of the page's inline style. */
function nonce(html: string): string {
  const match = /<style nonce="([^"]+)">/.exec(html);
  if (match?.[1] === undefined) throw new Error('no style nonce');
  return match[1];
}

function expectStrictPolicy(page: Page, target: TestServer): void {
  expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
  expect(page.headers.get('content-security-policy')).toBe(
    [
      "default-src 'none'",
      `style-src 'nonce-${nonce(page.html)}'`,
      `script-src 'nonce-${nonce(page.html)}'`,
      `form-action 'self' ${target.baseUrl} ${WIDGET}`,
      'frame-ancestors *',
      "base-uri 'none'",
    ].join('; '),
  );
  expect(page.headers.get('x-frame-options')).toBeNull();
  expect(page.headers.get('x-content-type-options')).toBe('nosniff');
  expect(page.headers.get('cache-control')).toBe('no-store');
  // One script, the height it tells a parent frame, under the answer's nonce.
  expect(page.html.match(/<script/gi)).toHaveLength(1);
  expect(page.html).toContain(
    `<script nonce="${nonce(page.html)}">${SANDBOX_HEIGHT_SCRIPT}</script>`,
  );
}

describe('sandbox 3-D Secure challenge page (SPEC §2 /3ds_result)', () => {
  it('serves the challenge at the address the pay session gave, under a strict policy', async () => {
    const deposit = await startDeposit(server, {
      sessionId: demo,
      payGroup: 'card',
      amount: '40',
      card: challengeCard,
    });
    const url = deposit.row.redirect?.redirect_data.url;
    expect(url).toBe(`${server.baseUrl}/sandbox/3ds/${deposit.providerRef}`);
    const page = await open(server, `/sandbox/3ds/${deposit.providerRef}`);
    expect(page.status).toBe(200);
    expectStrictPolicy(page, server);
    expect(page.html).toContain('<dd>Cashdesk Demo</dd>');
    expect(page.html).toContain('<dd>40 EUR</dd>');
    expect(page.html).toContain('<dd>•••• 0507</dd>');
    expect(page.html).toContain(
      `<form method="post" action="${server.baseUrl}/sandbox/3ds/${deposit.transactionId}"`,
    );
    expect(page.html).toContain('name="result" value="pass"');
    expect(page.html).not.toContain('4000000000000507');
    // Two answers, two nonces: a nonce is never reused.
    const again = await open(server, `/sandbox/3ds/${deposit.transactionId}`);
    expect(nonce(again.html)).not.toBe(nonce(page.html));
  });

  it('Pass approves, credits once and returns to the cashier 3DS result route with 303', async () => {
    const deposit = await startDeposit(server, {
      sessionId: demo,
      payGroup: 'card',
      amount: '41',
      card: challengeCard,
    });
    const done = await answer(server, `/sandbox/3ds/${deposit.transactionId}`, { result: 'pass' });
    expect(done.status).toBe(303);
    expect(done.headers.get('location')).toBe(threeDsReturn(deposit.transactionId, 'success'));
    expect((await reload(server, deposit.transactionId)).status).toBe('success');
    expect(await ledgerOf(server, deposit.transactionId)).toEqual([
      { kind: 'bonus', amount: '4.1' },
      { kind: 'deposit', amount: '41' },
    ]);

    // A second answer (another tab) changes nothing: the first one stands.
    const second = await answer(server, `/sandbox/3ds/${deposit.transactionId}`, {
      result: 'fail',
    });
    expect(second.headers.get('location')).toBe(threeDsReturn(deposit.transactionId, 'success'));
    expect(await ledgerOf(server, deposit.transactionId)).toEqual([
      { kind: 'bonus', amount: '4.1' },
      { kind: 'deposit', amount: '41' },
    ]);
    // Opening the page of a finished challenge goes straight back to the result.
    const reopened = await open(server, `/sandbox/3ds/${deposit.providerRef}`);
    expect(reopened.status).toBe(303);
    expect(reopened.headers.get('location')).toBe(threeDsReturn(deposit.transactionId, 'success'));

    // The widget's 3ds-result call then answers the final pay session.
    const session = await fetch(`${server.baseUrl}${ENDPOINTS.alt3dsResult.path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-session-id': demo },
      body: JSON.stringify({ transaction_id: deposit.transactionId }),
    });
    expect(await session.json()).toMatchObject({
      transaction_id: deposit.transactionId,
      result_status: 'success',
      transaction_status: 'success',
    });
  });

  it('Fail declines without a credit and returns with status=error', async () => {
    const deposit = await startDeposit(server, {
      sessionId: demo,
      payGroup: 'card',
      amount: '42',
      card: challengeCard,
    });
    const done = await answer(server, `/sandbox/3ds/${deposit.providerRef}`, { result: 'fail' });
    expect(done.status).toBe(303);
    expect(done.headers.get('location')).toBe(threeDsReturn(deposit.transactionId, 'error'));
    const row = await reload(server, deposit.transactionId);
    expect(row.status).toBe('error');
    expect(await ledgerOf(server, deposit.transactionId)).toEqual([]);
  });

  it("shows the transaction's amount and the card's last four digits after a restart (or on another process) and still completes", async () => {
    const deposit = await startDeposit(server, {
      sessionId: demo,
      payGroup: 'card',
      amount: '43.5',
      card: challengeCard,
    });
    const page = await open(restarted, `/sandbox/3ds/${deposit.providerRef}`);
    expect(page.status).toBe(200);
    expectStrictPolicy(page, restarted);
    expect(page.html).toContain('<dd>Cashdesk Demo</dd>');
    expect(page.html).toContain('<dd>43.5 EUR</dd>');
    // The sandbox keeps the card's summary in the database, not in one process's memory.
    expect(page.html).toContain('<dd>•••• 0507</dd>');
    const done = await answer(restarted, `/sandbox/3ds/${deposit.transactionId}`, {
      result: 'pass',
    });
    expect(done.headers.get('location')).toBe(threeDsReturn(deposit.transactionId, 'success'));
    expect(await ledgerOf(server, deposit.transactionId)).toEqual([
      { kind: 'bonus', amount: '4.35' },
      { kind: 'deposit', amount: '43.5' },
    ]);
  });

  it('answers 404 for a payment that is not waiting for a challenge or does not exist', async () => {
    const redirect = await startDeposit(server, {
      sessionId: demo,
      payGroup: 'ewallet',
      amount: '10',
    });
    const missing = [
      `/sandbox/3ds/${redirect.transactionId}`,
      `/sandbox/3ds/${redirect.providerRef}`,
      '/sandbox/3ds/00000000-0000-4000-8000-000000000000',
      '/sandbox/3ds/sbx.d.challenge.ok.m3kq2x1c.9f2c4a7e1b3d5f60',
    ];
    for (const path of missing) {
      const page = await open(server, path);
      expect({ path, status: page.status, body: parseJson(page.html) }).toEqual({
        path,
        status: 404,
        body: {
          error_code: '1008',
          error_message: 'CASHIER.ERROR.NOT_FOUND',
          error_field: 'params.transactionId',
        },
      });
    }
    expect((await answer(server, missing[0] ?? '', { result: 'pass' })).status).toBe(404);
    expect((await reload(server, redirect.transactionId)).status).toBe('await');
  });

  it('answers 404 code 1901 in production mode (sandbox only)', async () => {
    const deposit = await startDeposit(server, {
      sessionId: demo,
      payGroup: 'card',
      amount: '44',
      card: challengeCard,
    });
    const sandboxOnly = { error_code: '1901', error_message: 'CASHIER.ERROR.NOT_FOUND' };
    const page = await open(production, `/sandbox/3ds/${deposit.providerRef}`);
    expect({ status: page.status, body: parseJson(page.html) }).toEqual({
      status: 404,
      body: sandboxOnly,
    });
    const post = await answer(production, `/sandbox/3ds/${deposit.transactionId}`, {
      result: 'pass',
    });
    expect({ status: post.status, body: parseJson(post.html) }).toEqual({
      status: 404,
      body: sandboxOnly,
    });
    const interaction = await open(production, `/sandbox/interaction/${deposit.transactionId}`);
    expect(interaction.status).toBe(404);
    expect((await reload(server, deposit.transactionId)).status).toBe('await');
  });
});

describe('sandbox interaction page (alternative payments)', () => {
  it('serves the provider page of a redirect payment under a strict policy', async () => {
    const deposit = await startDeposit(server, {
      sessionId: demo,
      payGroup: 'ewallet',
      amount: '10',
    });
    expect(deposit.row.redirect?.redirect_data.url).toBe(
      `${server.baseUrl}/sandbox/interaction/${deposit.providerRef}`,
    );
    const page = await open(server, `/sandbox/interaction/${deposit.providerRef}`);
    expect(page.status).toBe(200);
    expectStrictPolicy(page, server);
    expect(page.html).toContain('<dd>ewallet</dd>');
    expect(page.html).toContain('<dd>10 EUR</dd>');
    expect(page.html).toContain('name="action" value="approve"');
  });

  it('Approve settles the payment once and returns to the success address', async () => {
    const deposit = await startDeposit(server, {
      sessionId: demo,
      payGroup: 'ewallet',
      amount: '11',
    });
    const done = await answer(server, `/sandbox/interaction/${deposit.transactionId}`, {
      action: 'approve',
    });
    expect(done.status).toBe(303);
    expect(done.headers.get('location')).toBe(resultPage('success', deposit.transactionId));
    expect((await reload(server, deposit.transactionId)).status).toBe('success');
    const again = await answer(server, `/sandbox/interaction/${deposit.transactionId}`, {
      action: 'decline',
    });
    expect(again.headers.get('location')).toBe(resultPage('success', deposit.transactionId));
    expect(await ledgerOf(server, deposit.transactionId)).toEqual([
      { kind: 'bonus', amount: '5' },
      { kind: 'deposit', amount: '11' },
    ]);
  });

  it("returns to the cashier with the display parameters of the cashier's address, the session and the payment (SPEC §2 start-up)", async () => {
    const deposit = await startDeposit(server, {
      sessionId: demo,
      payGroup: 'ewallet',
      amount: '13',
      displayParams: {
        lang: 'ar-brand0',
        theme: 'brand1',
        width: '390',
        host_origin: 'https://brand.example',
        in_pop_up: '',
        // Not display parameters: dropped, whatever the cashier sends.
        session_id: 'someone-else',
        pay_group: '7',
      },
    });
    const done = await answer(server, `/sandbox/interaction/${deposit.transactionId}`, {
      action: 'approve',
    });
    expect(done.headers.get('location')).toBe(
      `${WIDGET}/deposit/deposit-success?session_id=${demo}&transaction_id=${deposit.transactionId}` +
        '&lang=ar-brand0&theme=brand1&width=390&host_origin=https%3A%2F%2Fbrand.example&in_pop_up=',
    );
    const returns: unknown = Reflect.get(Object(deposit.row.providerData), 'returnUrls');
    expect(returns).toMatchObject({
      threeDsReturn: `${WIDGET}/payments/3ds_result/sandbox?transaction_id=${deposit.transactionId}&session_id=${demo}&lang=ar-brand0&theme=brand1&width=390&host_origin=https%3A%2F%2Fbrand.example&in_pop_up=`,
      fail: `${WIDGET}/deposit/deposit-error?session_id=${demo}&transaction_id=${deposit.transactionId}&lang=ar-brand0&theme=brand1&width=390&host_origin=https%3A%2F%2Fbrand.example&in_pop_up=`,
    });
  });

  it('refuses a display parameter longer than the cashier ever sends (SPEC §2)', async () => {
    await expect(
      startDeposit(server, {
        sessionId: demo,
        payGroup: 'ewallet',
        amount: '14',
        displayParams: { mode: 'x'.repeat(1025) },
      }),
    ).rejects.toThrow(/submit answered 400/);
  });

  it('Decline cancels the payment without a credit and returns to the fail address', async () => {
    const deposit = await startDeposit(server, {
      sessionId: demo,
      payGroup: 'ewallet',
      amount: '12',
    });
    const done = await answer(server, `/sandbox/interaction/${deposit.providerRef}`, {
      action: 'decline',
    });
    expect(done.status).toBe(303);
    expect(done.headers.get('location')).toBe(resultPage('error', deposit.transactionId));
    const row = await reload(server, deposit.transactionId);
    expect(row.status).toBe('error');
    expect(row.errorCode).toBe('1301');
    expect(await ledgerOf(server, deposit.transactionId)).toEqual([]);
  });

  it('pays a QR-code payment at once instead of waiting (sandbox README)', async () => {
    const deposit = await startDeposit(server, {
      sessionId: demo,
      payGroup: 'crypto_qr',
      amount: '20',
    });
    const page = await open(server, `/sandbox/interaction/${deposit.transactionId}`);
    expect(page.status).toBe(200);
    expect(page.html).toMatch(/<dt>Reference<\/dt><dd>SBX-[0-9A-F]{10}<\/dd>/);
    await answer(server, `/sandbox/interaction/${deposit.transactionId}`, { action: 'approve' });
    expect((await reload(server, deposit.transactionId)).status).toBe('success');
    // demo's 10 % bonus (2.00) and the Crypto lost-profit bonus of 5 % (1.00), credited together.
    expect(await ledgerOf(server, deposit.transactionId)).toEqual([
      { kind: 'bonus', amount: '3' },
      { kind: 'deposit', amount: '20' },
    ]);
  });

  it('refuses a body that is not a urlencoded form and changes nothing', async () => {
    const deposit = await startDeposit(server, {
      sessionId: demo,
      payGroup: 'ewallet',
      amount: '13',
    });
    const response = await fetch(`${server.baseUrl}/sandbox/interaction/${deposit.transactionId}`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: 'action=approve',
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      error_code: '1002',
      error_message: 'CASHIER.ERROR.INVALID_FIELD',
      error_field: 'body.action',
    });
    expect((await reload(server, deposit.transactionId)).status).toBe('await');
  });

  it('answers 404 for a card challenge and 400 for an address that is no id', async () => {
    const deposit = await startDeposit(server, {
      sessionId: demo,
      payGroup: 'card',
      amount: '45',
      card: challengeCard,
    });
    expect((await open(server, `/sandbox/interaction/${deposit.transactionId}`)).status).toBe(404);
    const bad = await open(server, '/sandbox/interaction/%3Cscript%3E');
    expect({ status: bad.status, body: parseJson(bad.html) }).toEqual({
      status: 400,
      body: {
        error_code: '1002',
        error_message: 'CASHIER.ERROR.INVALID_FIELD',
        error_field: 'params.transactionId',
      },
    });
  });
});

describe('sandbox page addresses and policy', () => {
  it('rebuilds the return addresses of a deposit that has none stored', () => {
    const id = '6a112344-6e3c-4a34-a710-6eb1467b51d5';
    expect(
      fallbackReturnUrls({ widgetUrl: `${WIDGET}/` }, { id, providerKind: 'card' }, 'sandbox'),
    ).toEqual({
      threeDsReturn: `${WIDGET}/3ds_result?transaction_id=${id}`,
      success: `${WIDGET}/payments/status/sandbox?transaction_id=${id}`,
      fail: `${WIDGET}/deposit/deposit-error?transaction_id=${id}`,
    });
    expect(
      fallbackReturnUrls({ widgetUrl: WIDGET }, { id, providerKind: 'alternative' }, 'sandbox')
        .threeDsReturn,
    ).toBe(`${WIDGET}/payments/3ds_result/sandbox?transaction_id=${id}`);
  });

  it('lets the page post to this server and redirect to every return origin only, framed by any embedding page', () => {
    expect(
      sandboxPageCsp({
        nonce: 'bm9uY2U=',
        publicUrl: 'https://api.example',
        returnUrls: {
          threeDsReturn: 'https://cashier.example/3ds_result',
          success: 'https://merchant.example/ok',
          fail: '/deposit/deposit-error',
        },
      }),
    ).toBe(
      "default-src 'none'; style-src 'nonce-bm9uY2U='; script-src 'nonce-bm9uY2U='; form-action 'self' https://api.example https://cashier.example https://merchant.example; frame-ancestors *; base-uri 'none'",
    );
  });
});
