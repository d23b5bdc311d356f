/**
 * Sessions, players and verification rules of the operator API on the real server
 * over HTTP: every route refuses a bad key (401), a key without its scope (403), another brand's
 * player (404) and invalid input (400 naming the field, nothing written); a session started by
 * the operator works in the widget's calls; the player's own limits narrow what init and select
 * show and what a submit accepts; blocking ends a live session at once; the brand's verification
 * rules refuse an unverified player's payment of a listed flow with a translated error. Money
 * invariants hold after each payment test.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AuditPage,
  DepositInitResponse,
  ERROR_CODES,
  OperatorPlayer,
  OperatorSessionCreated,
  VerificationRulesAnswer,
} from '@cashdesk/contract';
import type { OperatorScopeName } from '@cashdesk/contract';
import { and, eq } from 'drizzle-orm';
import { playerLimits, players, sessions } from '../db/schema';
import { isRecord } from '../platform/is-record';
import {
  CASHIER,
  callJson,
  cardDepositBody,
  cardPayoutSubmit,
  payGroupId,
  saveSandboxCard,
} from './api-calls';
import { startTestServer } from './harness';
import type { TestServer } from './harness';
import { ledgerViolations, reservationViolations } from './money-invariants';
import {
  createOperatorBrand,
  freshBrandId,
  mintKey,
  OPERATOR_ENV,
  operatorCall,
  errorFields,
} from './operator-calls';
import type { OperatorBrand } from './operator-calls';

let server: TestServer;
/** A key of brand0 (the seeded brand with pay groups) holding every scope. */
let brand0: string;
/** An empty brand of its own. */
let other: OperatorBrand;

beforeAll(async () => {
  server = await startTestServer({ env: OPERATOR_ENV });
  brand0 = (await mintKey(server, 'brand0')).key;
  other = await createOperatorBrand(server);
});

afterAll(async () => {
  await server.close();
});

function errorOf(body: unknown): { code: unknown; field: unknown; message: unknown } {
  return { ...errorFields(body), message: isRecord(body) ? body.error_message : undefined };
}

/** The limits the init answer shows for the pay group `id`. */
function initLimits(body: unknown, id: number): unknown {
  const group = DepositInitResponse.parse(body).payment_groups.find((entry) => entry.id === id);
  return group?.currencies[0]?.limits;
}

/** A fresh external player id. */
function newPlayer(prefix = 'p'): string {
  return freshBrandId(prefix);
}

async function keyWith(scopes: readonly OperatorScopeName[]): Promise<string> {
  return (await mintKey(server, 'brand0', scopes)).key;
}

async function startSession(
  player: Record<string, unknown>,
  options: { flow?: 'deposit' | 'withdrawal'; currency?: string; key?: string } = {},
) {
  return operatorCall(server, 'POST', '/sessions', options.key ?? brand0, {
    body: { player, flow: options.flow ?? 'deposit', currency: options.currency ?? 'EUR' },
  });
}

async function sessionOf(
  player: Record<string, unknown>,
  flow: 'deposit' | 'withdrawal' = 'deposit',
) {
  const answer = await startSession(player, { flow });
  expect(answer.status).toBe(201);
  return OperatorSessionCreated.parse(answer.body);
}

async function playerRow(externalId: string) {
  const [row] = await server.db
    .select()
    .from(players)
    .where(and(eq(players.brandId, 'brand0'), eq(players.externalId, externalId)));
  return row;
}

async function getPlayer(externalId: string) {
  const answer = await operatorCall(server, 'GET', `/players/${externalId}`, brand0);
  expect(answer.status).toBe(200);
  return OperatorPlayer.parse(answer.body);
}

async function depositSubmit(sessionId: string, amount: string) {
  const id = await payGroupId(server, 'card', 'deposit');
  return callJson(
    server,
    'POST',
    `${CASHIER}/payments/groups/${String(id)}/submit`,
    sessionId,
    cardDepositBody(amount),
  );
}

async function expectMoneyInvariants(): Promise<void> {
  expect([
    ...(await ledgerViolations(server.db)),
    ...(await reservationViolations(server.db)),
  ]).toEqual([]);
}

describe('operator API: POST /sessions', () => {
  it('upserts the player and answers a session the widget calls work with; audited without the session id', async () => {
    const external = newPlayer();
    const answer = await startSession({
      external_id: external,
      first_name: 'Ada',
      last_name: 'Lovelace',
      email: 'ada@players.test',
      phone: '+441234567890',
      country: 'GB',
      verification_status: 'pending',
      limits: [{ flow: 'deposit', currency: 'EUR', min_amount: '10', max_amount: '2000' }],
    });
    expect(answer.status).toBe(201);
    const created = OperatorSessionCreated.parse(answer.body);
    expect(created.player_id).toBe(external);
    const address = new URL(created.widget_url);
    expect(address.pathname).toBe('/deposit');
    expect(address.searchParams.get('session_id')).toBe(created.session_id);
    expect(address.searchParams.get('lang')).toBe('en-brand0');

    const init = await callJson(
      server,
      'GET',
      `${CASHIER}/payments/groups/init`,
      created.session_id,
    );
    expect(init.status).toBe(200);

    const player = await getPlayer(external);
    expect(player).toMatchObject({
      external_id: external,
      first_name: 'Ada',
      email: 'ada@players.test',
      phone: '+441234567890',
      country: 'GB',
      verification_status: 'pending',
      blocked: false,
      limits: [{ flow: 'deposit', currency: 'EUR', min_amount: '10', max_amount: '2000' }],
    });

    // A second session updates only the fields given.
    const again = await startSession(
      { external_id: external, email: 'ada@example.test' },
      { flow: 'withdrawal' },
    );
    expect(again.status).toBe(201);
    expect(await getPlayer(external)).toMatchObject({
      email: 'ada@example.test',
      first_name: 'Ada',
    });

    const audit = await operatorCall(server, 'GET', '/audit', brand0);
    const entries = AuditPage.parse(audit.body).entries.filter(
      (entry) => entry.target === `player:${external}`,
    );
    expect(entries.map((entry) => entry.action)).toEqual([
      'operatorSessionCreate',
      'operatorSessionCreate',
    ]);
    expect(entries[1]?.before).toBeNull();
    expect(audit.text).not.toContain(created.session_id);
    expect(server.logs()).not.toContain(created.session_id);
  });

  it('answers 400 naming the field and writes nothing for a currency the brand does not offer, a bad theme or bad limits', async () => {
    const external = newPlayer();
    const cases: [Record<string, unknown>, string][] = [
      [{ player: { external_id: external }, flow: 'deposit', currency: 'XTS' }, 'body.currency'],
      [{ player: { external_id: external }, flow: 'deposit', currency: 'eur' }, 'body.currency'],
      [
        {
          player: { external_id: external },
          flow: 'deposit',
          currency: 'EUR',
          theme: 'Not A Theme',
        },
        'body.theme',
      ],
      [
        {
          player: {
            external_id: external,
            limits: [{ flow: 'deposit', currency: 'EUR', min_amount: '50', max_amount: '10' }],
          },
          flow: 'deposit',
          currency: 'EUR',
        },
        'body.player.limits.0.max_amount',
      ],
      [
        {
          player: {
            external_id: external,
            limits: [{ flow: 'deposit', currency: 'EUR', min_amount: '-1', max_amount: null }],
          },
          flow: 'deposit',
          currency: 'EUR',
        },
        'body.player.limits.0.min_amount',
      ],
      [
        {
          player: { external_id: external, email: 'not-an-email' },
          flow: 'deposit',
          currency: 'EUR',
        },
        'body.player.email',
      ],
      [
        { player: { external_id: 'bad id!' }, flow: 'deposit', currency: 'EUR' },
        'body.player.external_id',
      ],
      [
        {
          player: { external_id: external },
          flow: 'deposit',
          currency: 'EUR',
          language: 'english',
        },
        'body.language',
      ],
    ];
    for (const [body, field] of cases) {
      const answer = await operatorCall(server, 'POST', '/sessions', brand0, { body });
      expect(answer.status, field).toBe(400);
      expect(errorOf(answer.body).field).toBe(field);
    }
    // An empty brand offers no currency at all.
    const empty = await startSession({ external_id: external }, { key: other.key });
    expect(empty.status).toBe(400);
    expect(errorOf(empty.body).field).toBe('body.currency');
    expect(await playerRow(external)).toBeUndefined();
  });

  it('accepts any loose theme name and sends it to the widget', async () => {
    const answer = await operatorCall(server, 'POST', '/sessions', brand0, {
      body: {
        player: { external_id: newPlayer() },
        flow: 'deposit',
        currency: 'EUR',
        theme: 'midnight-2',
        language: 'uk',
      },
    });
    expect(answer.status).toBe(201);
    const address = new URL(OperatorSessionCreated.parse(answer.body).widget_url);
    expect(address.searchParams.get('theme')).toBe('midnight-2');
    expect(address.searchParams.get('lang')).toBe('uk-brand0');
  });

  it('answers 401 without a valid key and 403 without sessions:write', async () => {
    const body = { player: { external_id: newPlayer() }, flow: 'deposit', currency: 'EUR' };
    expect((await operatorCall(server, 'POST', '/sessions', null, { body })).status).toBe(401);
    expect((await operatorCall(server, 'POST', '/sessions', 'cdk_nonsense', { body })).status).toBe(
      401,
    );
    const readOnly = await keyWith(['players:read', 'players:write']);
    const refused = await operatorCall(server, 'POST', '/sessions', readOnly, { body });
    expect(refused.status).toBe(403);
    expect(errorOf(refused.body).code).toBe(ERROR_CODES.operatorScopeMissing.code);
  });

  it('works in production mode, where the sandbox session route does not', async () => {
    const production = await startTestServer({
      mode: 'production',
      env: { ...OPERATOR_ENV, CASHDESK_SECRET: 'a-production-secret-for-the-test' },
    });
    try {
      const key = (await mintKey(production, 'brand0')).key;
      const answer = await operatorCall(production, 'POST', '/sessions', key, {
        body: { player: { external_id: newPlayer() }, flow: 'deposit', currency: 'EUR' },
      });
      expect(answer.status).toBe(201);
      const created = OperatorSessionCreated.parse(answer.body);
      const init = await callJson(
        production,
        'GET',
        `${CASHIER}/payments/groups/init`,
        created.session_id,
      );
      expect(init.status).toBe(200);
      const sandbox = await callJson(production, 'POST', '/sandbox/sessions', null, {
        player: 'x',
        flow: 'deposit',
        currency: 'EUR',
      });
      expect(sandbox.status).toBe(404);
    } finally {
      await production.close();
    }
  });
});

describe('operator API: players', () => {
  it('reads a player with balances; another brand’s player is 404; a bad id is 400; scopes hold', async () => {
    const demo = await getPlayer('demo');
    expect(demo.balances.length).toBeGreaterThan(0);
    expect(demo.balances.map((balance) => balance.currency)).toContain('EUR');
    const foreign = await operatorCall(server, 'GET', '/players/demo', other.key);
    expect(foreign.status).toBe(404);
    expect(errorOf(foreign.body).code).toBe(ERROR_CODES.operatorNotFound.code);
    const missing = await operatorCall(server, 'GET', `/players/${newPlayer()}`, brand0);
    expect(missing.status).toBe(404);
    const bad = await operatorCall(server, 'GET', '/players/bad%20id', brand0);
    expect(bad.status).toBe(400);
    expect(errorOf(bad.body).field).toBe('params.external_id');
    expect((await operatorCall(server, 'GET', '/players/demo', null)).status).toBe(401);
    const noRead = await keyWith(['sessions:write']);
    expect((await operatorCall(server, 'GET', '/players/demo', noRead)).status).toBe(403);
  });

  it('updates the profile and limits, audited before and after; invalid input writes nothing', async () => {
    const external = newPlayer();
    await sessionOf({ external_id: external, first_name: 'Grace' });
    const patched = await operatorCall(server, 'PATCH', `/players/${external}`, brand0, {
      body: {
        last_name: 'Hopper',
        verification_status: 'verified',
        limits: [
          { flow: 'withdrawal', currency: 'EUR', min_amount: null, max_amount: '300.5' },
          { flow: 'deposit', currency: 'EUR', min_amount: '1', max_amount: null },
        ],
      },
    });
    expect(patched.status).toBe(200);
    expect(OperatorPlayer.parse(patched.body)).toMatchObject({
      first_name: 'Grace',
      last_name: 'Hopper',
      verification_status: 'verified',
      limits: [
        { flow: 'deposit', currency: 'EUR', min_amount: '1', max_amount: null },
        { flow: 'withdrawal', currency: 'EUR', min_amount: null, max_amount: '300.5' },
      ],
    });
    // Both bounds null removes a limit; null clears a field.
    const cleared = await operatorCall(server, 'PATCH', `/players/${external}`, brand0, {
      body: {
        first_name: null,
        limits: [{ flow: 'deposit', currency: 'EUR', min_amount: null, max_amount: null }],
      },
    });
    expect(OperatorPlayer.parse(cleared.body)).toMatchObject({
      first_name: null,
      limits: [{ flow: 'withdrawal', currency: 'EUR', max_amount: '300.5' }],
    });

    const before = await getPlayer(external);
    for (const [body, field] of [
      [{ email: 'nope', last_name: 'Changed' }, 'body.email'],
      [{ phone: '12345', last_name: 'Changed' }, 'body.phone'],
      [{ country: 'gbr' }, 'body.country'],
      [{ verification_status: 'maybe' }, 'body.verification_status'],
      [
        {
          last_name: 'Changed',
          limits: [
            { flow: 'deposit', currency: 'EUR', min_amount: '1', max_amount: '2' },
            { flow: 'deposit', currency: 'EUR', min_amount: '1', max_amount: '3' },
          ],
        },
        'body.limits.1.currency',
      ],
      [
        {
          last_name: 'Changed',
          limits: [{ flow: 'deposit', currency: 'ZZZ', min_amount: '1', max_amount: null }],
        },
        'body.limits.0.currency',
      ],
    ] as const) {
      const answer = await operatorCall(server, 'PATCH', `/players/${external}`, brand0, { body });
      expect(answer.status, field).toBe(400);
      expect(errorOf(answer.body).field).toBe(field);
    }
    expect(await getPlayer(external)).toEqual(before);

    const audit = AuditPage.parse((await operatorCall(server, 'GET', '/audit', brand0)).body);
    const [latest] = audit.entries.filter((entry) => entry.target === `player:${external}`);
    expect(latest?.action).toBe('operatorPlayerUpdate');
    expect(latest?.before).toMatchObject({ first_name: 'Grace' });
    expect(latest?.after).toMatchObject({ first_name: null });

    expect(
      (
        await operatorCall(server, 'PATCH', `/players/${external}`, other.key, {
          body: { first_name: 'X' },
        })
      ).status,
    ).toBe(404);
    const readOnly = await keyWith(['players:read']);
    expect(
      (
        await operatorCall(server, 'PATCH', `/players/${external}`, readOnly, {
          body: { first_name: 'X' },
        })
      ).status,
    ).toBe(403);
    expect(
      (
        await operatorCall(server, 'PATCH', `/players/${newPlayer()}`, brand0, {
          body: { first_name: 'X' },
        })
      ).status,
    ).toBe(404);
  });

  it('blocking ends a live session at once, refuses new sessions (1810) and is audited; unblocking lets the player back', async () => {
    const external = newPlayer();
    const live = await sessionOf({ external_id: external, email: 'live@players.test' });
    const initPath = `${CASHIER}/payments/groups/init`;
    expect((await callJson(server, 'GET', initPath, live.session_id)).status).toBe(200);

    const blocked = await operatorCall(server, 'POST', `/players/${external}/block`, brand0, {
      body: { reason: 'self-exclusion' },
    });
    expect(blocked.status).toBe(200);
    expect(OperatorPlayer.parse(blocked.body)).toMatchObject({
      blocked: true,
      block_reason: 'self-exclusion',
    });
    const after = await callJson(server, 'GET', initPath, live.session_id);
    expect(after.status).toBe(401);
    expect(after.body.error_code).toBe(ERROR_CODES.sessionExpired.code);
    const submit = await depositSubmit(live.session_id, '20');
    expect(submit.body.error_code).toBe(ERROR_CODES.sessionExpired.code);

    const refused = await startSession({ external_id: external, email: 'changed@players.test' });
    expect(refused.status).toBe(403);
    expect(errorOf(refused.body).code).toBe(ERROR_CODES.playerBlocked.code);
    const row = await playerRow(external);
    expect(row?.email).toBe('live@players.test');
    expect(
      await server.db
        .select()
        .from(sessions)
        .where(eq(sessions.playerId, row?.id ?? '')),
    ).toHaveLength(1);

    // Blocking again changes nothing and is not audited again.
    expect(
      (await operatorCall(server, 'POST', `/players/${external}/block`, brand0, { body: {} }))
        .status,
    ).toBe(200);
    const unblocked = await operatorCall(server, 'POST', `/players/${external}/unblock`, brand0, {
      body: {},
    });
    expect(OperatorPlayer.parse(unblocked.body)).toMatchObject({
      blocked: false,
      block_reason: null,
    });
    expect((await callJson(server, 'GET', initPath, live.session_id)).status).toBe(401);
    const fresh = await sessionOf({ external_id: external });
    expect((await callJson(server, 'GET', initPath, fresh.session_id)).status).toBe(200);

    const audit = AuditPage.parse((await operatorCall(server, 'GET', '/audit', brand0)).body);
    const changes = audit.entries
      .filter((entry) => entry.target === `player:${external}`)
      .map((entry) => entry.action);
    expect(changes).toEqual([
      'operatorSessionCreate',
      'operatorPlayerUnblock',
      'operatorPlayerBlock',
      'operatorSessionCreate',
    ]);
    const blockEntry = audit.entries.find(
      (entry) => entry.action === 'operatorPlayerBlock' && entry.target === `player:${external}`,
    );
    expect(blockEntry?.before).toMatchObject({ blocked: false });
    expect(blockEntry?.after).toMatchObject({ blocked: true, ended_sessions: 1 });

    for (const path of [`/players/${external}/block`, `/players/${external}/unblock`]) {
      expect((await operatorCall(server, 'POST', path, other.key, { body: {} })).status).toBe(404);
      expect((await operatorCall(server, 'POST', path, null, { body: {} })).status).toBe(401);
      const readOnly = await keyWith(['players:read']);
      expect((await operatorCall(server, 'POST', path, readOnly, { body: {} })).status).toBe(403);
      const long = await operatorCall(server, 'POST', path, brand0, {
        body: { reason: 'x'.repeat(501) },
      });
      expect(errorOf(long.body).field).toBe('body.reason');
    }
    expect((await getPlayer(external)).blocked).toBe(false);
  });
});

describe('operator API: the player’s limits are enforced', () => {
  it('narrows the limits init and select show and refuses a deposit outside them; one inside passes', async () => {
    const external = newPlayer();
    const session = await sessionOf({
      external_id: external,
      limits: [{ flow: 'deposit', currency: 'EUR', min_amount: '20', max_amount: '100' }],
    });
    const cardId = await payGroupId(server, 'card', 'deposit');
    const init = await callJson(
      server,
      'GET',
      `${CASHIER}/payments/groups/init`,
      session.session_id,
    );
    expect(initLimits(init.body, cardId)).toEqual({ min_amount: '20.00', max_amount: '100.00' });
    const select = await callJson(
      server,
      'POST',
      `${CASHIER}/payments/groups/${String(cardId)}/select`,
      session.session_id,
      { currency: 'EUR' },
    );
    expect(select.body.limits).toMatchObject({ min_amount: '20.00', max_amount: '100.00' });

    for (const amount of ['100.01', '150', '19.99']) {
      const refused = await depositSubmit(session.session_id, amount);
      expect(refused.status, amount).toBe(400);
      expect(refused.body.error_code).toBe(ERROR_CODES.invalidAmount.code);
      expect(refused.body.error_field).toBe('body.amount');
    }
    expect((await getPlayer(external)).balances).toEqual([]);
    const passed = await depositSubmit(session.session_id, '100');
    expect(passed.status).toBe(200);
    expect((await getPlayer(external)).balances).toMatchObject([
      { currency: 'EUR', balance: '100' },
    ]);

    // A player without limits of their own sees the pay group's.
    const plain = await sessionOf({ external_id: newPlayer() });
    const plainInit = await callJson(
      server,
      'GET',
      `${CASHIER}/payments/groups/init`,
      plain.session_id,
    );
    expect(initLimits(plainInit.body, cardId)).toEqual({
      min_amount: '5.00',
      max_amount: '5000.00',
    });
    await expectMoneyInvariants();
  });

  it('refuses a withdrawal above the player’s maximum and reserves nothing; one inside passes', async () => {
    const external = newPlayer();
    const deposit = await sessionOf({ external_id: external });
    expect((await depositSubmit(deposit.session_id, '200')).status).toBe(200);
    const patched = await operatorCall(server, 'PATCH', `/players/${external}`, brand0, {
      body: {
        limits: [{ flow: 'withdrawal', currency: 'EUR', min_amount: null, max_amount: '30' }],
      },
    });
    expect(patched.status).toBe(200);
    const row = await playerRow(external);
    const cardId = await saveSandboxCard(server, row?.id ?? '');
    const payout = await sessionOf({ external_id: external }, 'withdrawal');
    const refused = await cardPayoutSubmit(server, payout.session_id, cardId, { amount: '40' });
    expect(refused.status).toBe(400);
    expect(refused.body.error_code).toBe(ERROR_CODES.invalidAmount.code);
    expect((await getPlayer(external)).balances).toMatchObject([
      { currency: 'EUR', balance: '200', reserved: '0' },
    ]);
    const passed = await cardPayoutSubmit(server, payout.session_id, cardId, { amount: '25' });
    expect(passed.status).toBe(200);
    const [balance] = (await getPlayer(external)).balances;
    expect(balance?.balance).toBe('175');
    const limitRows = await server.db
      .select()
      .from(playerLimits)
      .where(eq(playerLimits.playerId, row?.id ?? ''));
    expect(limitRows).toHaveLength(1);
    await expectMoneyInvariants();
  });
});

describe('operator API: verification rules', () => {
  it('GET and PUT the rules with If-Match, audited; an unverified player’s withdrawal is refused (1811) until verified', async () => {
    const read = await operatorCall(server, 'GET', '/verification-rules', brand0);
    expect(read.status).toBe(200);
    const current = VerificationRulesAnswer.parse(read.body);
    expect(current.verified_flows).toEqual([]);
    expect(read.headers.get('etag')).toBe(`"${String(current.config_version)}"`);

    const invalid = await operatorCall(server, 'PUT', '/verification-rules', brand0, {
      body: { verified_flows: ['payout'] },
    });
    expect(invalid.status).toBe(400);
    expect(errorOf(invalid.body).field).toBe('body.verified_flows.0');
    const readOnly = await keyWith(['config:read']);
    expect(
      (
        await operatorCall(server, 'PUT', '/verification-rules', readOnly, {
          body: { verified_flows: [] },
        })
      ).status,
    ).toBe(403);
    expect((await operatorCall(server, 'GET', '/verification-rules', null)).status).toBe(401);
    const noConfig = await keyWith(['players:read']);
    expect((await operatorCall(server, 'GET', '/verification-rules', noConfig)).status).toBe(403);

    const put = await operatorCall(server, 'PUT', '/verification-rules', brand0, {
      body: { verified_flows: ['withdrawal'] },
      headers: { 'if-match': `"${String(current.config_version)}"` },
    });
    expect(put.status).toBe(200);
    expect(VerificationRulesAnswer.parse(put.body)).toEqual({
      verified_flows: ['withdrawal'],
      config_version: current.config_version + 1,
    });
    const stale = await operatorCall(server, 'PUT', '/verification-rules', brand0, {
      body: { verified_flows: [] },
      headers: { 'if-match': `"${String(current.config_version)}"` },
    });
    expect(stale.status).toBe(409);
    expect(errorOf(stale.body).code).toBe(ERROR_CODES.operatorVersionConflict.code);
    // The other brand's rules are its own.
    const foreign = await operatorCall(server, 'GET', '/verification-rules', other.key);
    expect(VerificationRulesAnswer.parse(foreign.body).verified_flows).toEqual([]);

    try {
      const external = newPlayer();
      const deposit = await sessionOf({ external_id: external, verification_status: 'pending' });
      expect((await depositSubmit(deposit.session_id, '80')).status).toBe(200);
      const row = await playerRow(external);
      const cardId = await saveSandboxCard(server, row?.id ?? '');
      const payout = await sessionOf({ external_id: external }, 'withdrawal');
      const refused = await cardPayoutSubmit(server, payout.session_id, cardId, { amount: '20' });
      expect(refused.status).toBe(403);
      expect(refused.body).toMatchObject({
        error_code: ERROR_CODES.playerVerificationRequired.code,
        error_message: 'CASHIER.ERROR.VERIFICATION_REQUIRED',
      });
      expect((await getPlayer(external)).balances).toMatchObject([
        { balance: '80', reserved: '0' },
      ]);

      await operatorCall(server, 'PATCH', `/players/${external}`, brand0, {
        body: { verification_status: 'verified' },
      });
      const passed = await cardPayoutSubmit(server, payout.session_id, cardId, { amount: '20' });
      expect(passed.status).toBe(200);
      await expectMoneyInvariants();
    } finally {
      const reset = await operatorCall(server, 'PUT', '/verification-rules', brand0, {
        body: { verified_flows: [] },
      });
      expect(reset.status).toBe(200);
    }

    const audit = AuditPage.parse((await operatorCall(server, 'GET', '/audit', brand0)).body);
    const rules = audit.entries.filter((entry) => entry.action === 'operatorVerificationRulesPut');
    expect(rules.map((entry) => entry.after)).toEqual([
      { verified_flows: [], config_version: current.config_version + 2 },
      { verified_flows: ['withdrawal'], config_version: current.config_version + 1 },
    ]);
  });
});

describe('operator API: under concurrency', () => {
  it('ten concurrent sessions for one new player make one player, each with its session', async () => {
    const external = newPlayer('race');
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, index) =>
        startSession({ external_id: external, first_name: `N${String(index)}` }),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array.from({ length: 10 }, () => 201));
    const rows = await server.db
      .select()
      .from(players)
      .where(and(eq(players.brandId, 'brand0'), eq(players.externalId, external)));
    expect(rows).toHaveLength(1);
    expect(
      await server.db
        .select()
        .from(sessions)
        .where(eq(sessions.playerId, rows[0]?.id ?? '')),
    ).toHaveLength(10);
  });

  it('a block racing deposits: each deposit is either done or refused as an expired session, and no money is lost or doubled', async () => {
    const external = newPlayer('block');
    const session = await sessionOf({ external_id: external });
    const submits = Array.from({ length: 6 }, () => depositSubmit(session.session_id, '10'));
    const block = operatorCall(server, 'POST', `/players/${external}/block`, brand0, { body: {} });
    const [answers, blocked] = await Promise.all([Promise.all(submits), block]);
    expect(blocked.status).toBe(200);
    for (const answer of answers) {
      if (answer.status !== 200)
        expect(answer.body.error_code).toBe(ERROR_CODES.sessionExpired.code);
    }
    const done = answers.filter((answer) => answer.status === 200).length;
    const player = await getPlayer(external);
    expect(player.balances.reduce((sum, balance) => sum + Number(balance.balance), 0)).toBe(
      done * 10,
    );
    // After the block commits, nothing more gets through.
    const late = await depositSubmit(session.session_id, '10');
    expect(late.body.error_code).toBe(ERROR_CODES.sessionExpired.code);
    await expectMoneyInvariants();
  });
});
