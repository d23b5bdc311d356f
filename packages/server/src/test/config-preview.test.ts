/**
 * The back office's preview of a draft configuration (POST /api/back-office/v1/previews,
 * docs/decisions/0107-previewing-configuration.md) on the real server: the draft checked as the
 * operator call that would save it, the preview session showing the draft while the brand stays
 * as it was, a preview that can never pay, preview brands out of every list and key, the sweep
 * after expiry on a moved clock, and the brand's staff confined to their brand.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ConfigPreview, ENDPOINTS, ERROR_CODES, StaffSession } from '@cashdesk/contract';
import { brands, players, sessions, webhookEvents } from '../db/schema';
import { sweepExpiredPreviews } from '../modules/brand-config';
import { serveWidget } from '../http/widget-static';
import { createTestSession, startTestServer } from './harness';
import type { TestServer } from './harness';
import { CASHIER, callJson, request } from './api-calls';
import {
  OPERATOR_ENV,
  TEST_ADMIN_KEY,
  createOperatorBrand,
  errorFields,
  operatorCall,
} from './operator-calls';
import type { OperatorBrand } from './operator-calls';
import { cardDocument, groupsOf, putGroup } from './operator-configuration-calls';
import { advance, createStaff, signIn } from './staff-calls';
import type { StaffClient, TestClock } from './staff-calls';

const clock: TestClock = { now: new Date('2030-07-01T09:00:00.000Z') };
let server: TestServer;

let widgetDist: string;

beforeAll(async () => {
  widgetDist = await mkdtemp(path.join(tmpdir(), 'cashdesk-widget-'));
  await writeFile(path.join(widgetDist, 'index.html'), '<!doctype html><title>Cashier</title>');
  server = await startTestServer({
    env: OPERATOR_ENV,
    clock: () => clock.now,
    extraRoutes: [serveWidget(widgetDist)],
  });
});

afterAll(async () => {
  await server.close();
  await rm(widgetDist, { recursive: true, force: true });
});

/** A fresh brand with a card deposit method in EUR (5 to 500), and its owner signed in. */
async function brandWithOwner(): Promise<{ brand: OperatorBrand; owner: StaffClient }> {
  const brand = await createOperatorBrand(server);
  await putGroup(server, brand, 'deposit', 'card', cardDocument());
  await putGroup(server, brand, 'withdrawal', 'card', {
    ...cardDocument(),
    fields: [],
    popular: false,
  });
  const owner = await signIn(
    server,
    await createStaff(server, { role: 'owner', brandId: brand.brandId }),
    clock,
  );
  return { brand, owner };
}

/** The draft that raises the card's minimum to 25 and renames the deposit button. */
function draft(flow: 'deposit' | 'withdrawal' = 'deposit') {
  return {
    flow,
    pay_groups: [
      {
        flow: 'deposit',
        short_name: 'card',
        document: cardDocument('EUR', {
          currencies: [{ currency: 'EUR', min_amount: '25', max_amount: '500', fee: '0%' }],
        }),
      },
    ],
    texts: [{ language: 'en', texts: { 'DEPOSIT_HOME.TITLE': 'Top up now' } }],
  };
}

async function preview(client: StaffClient, body: unknown, headers: Record<string, string> = {}) {
  return client.call('POST', '/previews', { body, headers });
}

/** The session id of a preview's widget address. */
function sessionOf(body: unknown): string {
  const url = new URL(ConfigPreview.parse(body).widget_url);
  const id = url.searchParams.get('session_id');
  if (id === null) throw new Error('no session id');
  return id;
}

/** The preview brand of a session. */
async function brandOfSession(sessionId: string): Promise<string> {
  const [row] = await server.db
    .select({ brandId: sessions.brandId })
    .from(sessions)
    .where(eq(sessions.id, sessionId));
  if (row === undefined) throw new Error('no session');
  return row.brandId;
}

describe('the draft, checked as the operator calls check it', () => {
  it('refuses a bad draft with 400 naming the field, and writes nothing', async () => {
    const { owner } = await brandWithOwner();
    const before = await server.db.select({ id: brands.id }).from(brands);
    const outOfOrder = await preview(owner, {
      flow: 'deposit',
      pay_groups: [
        {
          flow: 'deposit',
          short_name: 'card',
          document: cardDocument('EUR', {
            currencies: [{ currency: 'EUR', min_amount: 'ten', max_amount: '500' }],
          }),
        },
      ],
    });
    expect(outOfOrder.status, outOfOrder.text).toBe(400);
    expect(errorFields(outOfOrder.body)).toEqual({
      code: ERROR_CODES.invalidField.code,
      field: 'body.pay_groups.0.document.currencies.0.min_amount',
    });
    // Refused by the writer (not the schema): a text key the language may not override.
    const badKey = await preview(owner, {
      flow: 'deposit',
      texts: [{ language: 'en', texts: { 'NO.SUCH.KEY': 'x' } }],
    });
    expect(badKey.status, badKey.text).toBe(400);
    expect(errorFields(badKey.body).field).toBe('body.texts.0.texts.NO.SUCH.KEY');
    expect(await server.db.select({ id: brands.id }).from(brands)).toHaveLength(before.length);
  });
});

describe('the preview session', () => {
  it('shows the draft while the brand stays as it was', async () => {
    const { brand, owner } = await brandWithOwner();
    const made = await preview(owner, draft());
    expect(made.status, made.text).toBe(201);
    const sessionId = sessionOf(made.body);
    const init = await callJson(server, 'GET', `${CASHIER}/payments/groups/init`, sessionId);
    expect(init.status).toBe(200);
    const [card] = groupsOf(init.body);
    expect(JSON.stringify(card)).toContain('"min_amount":"25');
    const texts = await callJson(server, 'GET', `${CASHIER}/appearance`, sessionId);
    expect(JSON.stringify(texts.body)).toContain('Top up now');

    const real = await operatorCall(server, 'GET', '/pay-groups/deposit/card', brand.key);
    expect(JSON.stringify(real.body)).toContain('"min_amount":"5');
    const realTexts = await operatorCall(server, 'GET', '/texts/en', brand.key);
    expect(JSON.stringify(realTexts.body)).not.toContain('Top up now');
    const audit = await operatorCall(server, 'GET', '/audit?kind=change', brand.key);
    expect(JSON.stringify(audit.body)).not.toContain('Top up now');
  });

  it('lets only the back office frame the preview, not the brand sites', async () => {
    const { brand, owner } = await brandWithOwner();
    await operatorCall(server, 'PATCH', '/settings', brand.key, {
      body: { allowed_host_origins: ['https://www.brand.example'] },
    });
    const made = await preview(owner, draft());
    const page = await fetch(`${server.baseUrl}/deposit?session_id=${sessionOf(made.body)}`, {
      headers: { accept: 'text/html' },
    });
    const policy = page.headers.get('content-security-policy') ?? '';
    expect(policy).not.toContain('brand.example');
    expect(policy).toMatch(new RegExp(`frame-ancestors [^;]*${new URL(server.baseUrl).origin}`));
  });

  it('can never pay: every money call answers 1860 and nothing is written (SPEC §7)', async () => {
    const { owner } = await brandWithOwner();
    const sessionId = sessionOf((await preview(owner, draft())).body);
    const previewBrand = await brandOfSession(sessionId);
    const init = await callJson(server, 'GET', `${CASHIER}/payments/groups/init`, sessionId);
    const [card] = groupsOf(init.body);
    const id = String(card?.id);
    for (const path of [
      `${CASHIER}/payments/groups/${id}/submit`,
      `${CASHIER}/payouts/groups/${id}/submit`,
    ]) {
      const refused = await request(server, 'POST', path, sessionId, { amount: '30' });
      expect(refused.status).toBe(403);
      expect(errorFields(refused.body).code).toBe(ERROR_CODES.previewCannotPay.code);
    }
    const events = await server.db
      .select()
      .from(webhookEvents)
      .where(eq(webhookEvents.brandId, previewBrand));
    expect(events).toEqual([]);
  });
});

describe('an empty draft', () => {
  /** An answer without what differs per copy and per player: ids, tokens, balances, profile. */
  function comparable(value: unknown): unknown {
    const drop = new Set(['id', 'pay_group', 'auth_token', 'user_balance', 'user_profile']);
    const kept: unknown = JSON.parse(
      JSON.stringify(value, (key, inner: unknown) => (drop.has(key) ? undefined : inner)),
    );
    return kept;
  }

  it("previews exactly what the brand's players see, in both flows", async () => {
    const admin = await signIn(
      server,
      await createStaff(server, { role: 'administrator', brandId: null }),
      clock,
    );
    for (const [flow, path] of [
      ['deposit', 'payments'],
      ['withdrawal', 'payouts'],
    ] as const) {
      const made = await preview(admin, { flow }, { 'x-brand-id': 'brand0' });
      expect(made.status, made.text).toBe(201);
      const previewed = sessionOf(made.body);
      const real = await createTestSession(server, { brand: 'brand0', flow, player: 'compare' });
      for (const call of [`${CASHIER}/${path}/groups/init`, `${CASHIER}/appearance`]) {
        const seen = await callJson(server, 'GET', call, real);
        const shown = await callJson(server, 'GET', call, previewed);
        expect(shown.status).toBe(200);
        expect(comparable(shown.body)).toEqual(comparable(seen.body));
      }
    }
  });
});

describe('every call that pays or reaches a provider', () => {
  const REFUSED = [
    'depositSubmit',
    'payoutSubmit',
    'depositUpload',
    'payoutUpload',
    'userCardsRecurringCheck',
    'depositOtp',
    'otpSend',
    'otpVerify',
    'reversePendingWithdrawal',
    'requisiteCreate',
    'depositRoute',
    'payoutRoute',
    'altInteraction',
    'altStatus',
    'userCardsDelete',
    'requisiteDelete',
  ];

  it('answers 1860 in a preview session, before anything else', async () => {
    const { owner } = await brandWithOwner();
    const sessionId = sessionOf((await preview(owner, draft())).body);
    const endpoints = Object.values(ENDPOINTS).filter((endpoint) => REFUSED.includes(endpoint.id));
    expect(new Set(endpoints.map((endpoint) => endpoint.id))).toEqual(new Set(REFUSED));
    for (const endpoint of endpoints) {
      const path = endpoint.path.replace(/\{[^}]+\}/g, '1');
      const answer = await fetch(`${server.baseUrl}${path}`, {
        method: endpoint.method,
        headers: {
          'x-session-id': sessionId,
          'idempotency-key': `preview-${endpoint.id}`,
          ...(endpoint.method === 'GET' || endpoint.method === 'DELETE'
            ? {}
            : { 'content-type': 'application/json' }),
        },
        ...(endpoint.method === 'GET' || endpoint.method === 'DELETE' ? {} : { body: '{}' }),
      });
      const body: unknown = await answer.json();
      expect({ id: endpoint.id, status: answer.status, code: errorFields(body).code }).toEqual({
        id: endpoint.id,
        status: 403,
        code: ERROR_CODES.previewCannotPay.code,
      });
    }
  });
});

describe('preview brands are nobody else’s', () => {
  it('are in no list, reach no key and answer no named brand', async () => {
    const { brand, owner } = await brandWithOwner();
    const previewBrand = await brandOfSession(sessionOf((await preview(owner, draft())).body));
    const admin = await signIn(
      server,
      await createStaff(server, { role: 'administrator', brandId: null }),
      clock,
    );
    const session = StaffSession.parse((await admin.call('GET', '/session')).body);
    expect(session.brands.map((b) => b.id)).toContain(brand.brandId);
    expect(session.brands.map((b) => b.id)).not.toContain(previewBrand);
    const named = await admin.call('GET', 'op:/settings', {
      headers: { 'x-brand-id': previewBrand },
    });
    expect(errorFields(named.body).code).toBe(ERROR_CODES.staffBrandRequired.code);
    const key = await operatorCall(
      server,
      'POST',
      `/brands/${previewBrand}/api-keys`,
      TEST_ADMIN_KEY,
      {
        body: { label: 'x', scopes: ['config:read'] },
      },
    );
    expect(key.status).toBe(404);
    const players = await operatorCall(server, 'GET', '/players', brand.key);
    expect(JSON.stringify(players.body)).not.toContain('"preview"');
    // A preview of a preview cannot be asked for either.
    const nested = await preview(admin, draft(), { 'x-brand-id': previewBrand });
    expect(errorFields(nested.body).code).toBe(ERROR_CODES.staffBrandRequired.code);
  });

  it("refuses another brand's staff: they preview their own brand only", async () => {
    const { brand } = await brandWithOwner();
    const { owner: stranger } = await brandWithOwner();
    const refused = await preview(stranger, draft(), { 'x-brand-id': brand.brandId });
    expect(refused.status).toBe(403);
    expect(errorFields(refused.body).code).toBe(ERROR_CODES.staffPermissionMissing.code);
  });
});

describe('the sweep', () => {
  it('removes a preview with its player and session once expired, on the moved clock', async () => {
    const { brand, owner } = await brandWithOwner();
    const sessionId = sessionOf((await preview(owner, draft())).body);
    const previewBrand = await brandOfSession(sessionId);
    const kept = async () => server.db.select().from(brands).where(eq(brands.id, previewBrand));
    advance(clock, 29 * 60_000);
    await sweepExpiredPreviews(server.db, clock.now);
    expect(await kept()).toHaveLength(1);
    advance(clock, 60_000);
    // The next preview sweeps the expired ones first (a new sign-in: the first one idled out).
    const again = await signIn(
      server,
      await createStaff(server, { role: 'owner', brandId: brand.brandId }),
      clock,
    );
    expect((await preview(again, draft())).status).toBe(201);
    expect(await kept()).toEqual([]);
    expect(await server.db.select().from(players).where(eq(players.brandId, previewBrand))).toEqual(
      [],
    );
    expect(await server.db.select().from(sessions).where(eq(sessions.id, sessionId))).toEqual([]);
  });
});
