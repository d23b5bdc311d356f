/**
 * Players of the operator API on the real server over HTTP: a player is read with balances,
 * another brand's player is 404, a bad id 400 and scopes hold; the profile and limits are updated
 * and audited, invalid input writing nothing; blocking ends a live session at once, also when it
 * races deposits, with no money lost or doubled.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuditPage, ERROR_CODES, OperatorPlayer } from '@cashdesk/contract';
import { eq } from 'drizzle-orm';
import { sessions } from '../db/schema';
import { CASHIER, callJson } from './api-calls';
import { startTestServer } from './harness';
import type { TestServer } from './harness';
import { OPERATOR_ENV, operatorCall } from './operator-calls';
import { operatorPlayerCalls, errorOf, newPlayer } from './operator-player-calls';
import type { OperatorPlayerCalls } from './operator-player-calls';

let server: TestServer;
let brand0: OperatorPlayerCalls['brand0'];
let other: OperatorPlayerCalls['other'];
let keyWith: OperatorPlayerCalls['keyWith'];
let startSession: OperatorPlayerCalls['startSession'];
let sessionOf: OperatorPlayerCalls['sessionOf'];
let playerRow: OperatorPlayerCalls['playerRow'];
let getPlayer: OperatorPlayerCalls['getPlayer'];
let depositSubmit: OperatorPlayerCalls['depositSubmit'];
let expectMoneyInvariants: OperatorPlayerCalls['expectMoneyInvariants'];

beforeAll(async () => {
  server = await startTestServer({ env: OPERATOR_ENV });
  ({
    brand0,
    other,
    keyWith,
    startSession,
    sessionOf,
    playerRow,
    getPlayer,
    depositSubmit,
    expectMoneyInvariants,
  } = await operatorPlayerCalls(server));
});

afterAll(async () => {
  await server.close();
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

describe('operator API: under concurrency', () => {
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
