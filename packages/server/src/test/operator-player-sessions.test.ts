/**
 * Sessions of the operator API on the real server over HTTP: POST /sessions refuses a bad key
 * (401), a key without its scope (403) and invalid input (400 naming the field, nothing written);
 * a session started by the operator works in the widget's calls, also in production mode; and
 * concurrent sessions for one new player make one player.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuditPage, ERROR_CODES, OperatorSessionCreated } from '@cashdesk/contract';
import { and, eq } from 'drizzle-orm';
import { players, sessions } from '../db/schema';
import { CASHIER, callJson } from './api-calls';
import { startTestServer } from './harness';
import type { TestServer } from './harness';
import { OPERATOR_ENV, mintKey, operatorCall } from './operator-calls';
import { operatorPlayerCalls, errorOf, newPlayer } from './operator-player-calls';
import type { OperatorPlayerCalls } from './operator-player-calls';

let server: TestServer;
let brand0: OperatorPlayerCalls['brand0'];
let other: OperatorPlayerCalls['other'];
let keyWith: OperatorPlayerCalls['keyWith'];
let startSession: OperatorPlayerCalls['startSession'];
let playerRow: OperatorPlayerCalls['playerRow'];
let getPlayer: OperatorPlayerCalls['getPlayer'];

beforeAll(async () => {
  server = await startTestServer({ env: OPERATOR_ENV });
  ({ brand0, other, keyWith, startSession, playerRow, getPlayer } =
    await operatorPlayerCalls(server));
});

afterAll(async () => {
  await server.close();
});

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
});
