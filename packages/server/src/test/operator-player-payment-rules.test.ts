/**
 * The player's rules on payments through the operator API, on the real server over HTTP: the
 * player's own limits narrow what init and select show and what a submit accepts; the brand's
 * verification rules refuse an unverified player's payment of a listed flow with a translated
 * error. Money invariants hold after each payment test.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuditPage, ERROR_CODES, VerificationRulesAnswer } from '@cashdesk/contract';
import { eq } from 'drizzle-orm';
import { playerLimits } from '../db/schema';
import { CASHIER, callJson, cardPayoutSubmit, payGroupId, saveSandboxCard } from './api-calls';
import { startTestServer } from './harness';
import type { TestServer } from './harness';
import { OPERATOR_ENV, operatorCall } from './operator-calls';
import { operatorPlayerCalls, errorOf, initLimits, newPlayer } from './operator-player-calls';
import type { OperatorPlayerCalls } from './operator-player-calls';

let server: TestServer;
let brand0: OperatorPlayerCalls['brand0'];
let other: OperatorPlayerCalls['other'];
let keyWith: OperatorPlayerCalls['keyWith'];
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
