import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ErrorBody } from '@cashdesk/contract';
import { otpChallenges, payoutAccounts, players, sandboxOtpOutbox } from '../db/schema';
import { isRecord } from '../platform/is-record';
import { hashOtpCode } from '../modules/accounts/otp';
import { ACCOUNTS, callJson, payGroupId, text, withdrawalSession } from './api-calls';
import type { Answer } from './api-calls';
import { startTestServer } from './harness';
import type { TestServer } from './harness';

let server: TestServer;
/** A second sandbox server on the same database: another process behind the load balancer. */
let other: TestServer;
let production: TestServer;

const PRODUCTION_SECRET = 'a-production-secret-for-otp-tests';

beforeAll(async () => {
  server = await startTestServer();
  other = await startTestServer({ database: server.database });
  production = await startTestServer({
    mode: 'production',
    database: server.database,
    env: { CASHDESK_SECRET: PRODUCTION_SECRET },
  });
});

afterAll(async () => {
  await production.close();
  await other.close();
  await server.close();
});

/** A new player of brand0 with a withdrawal session, an e-mail address and a phone. */
const playerSession = (name: string) =>
  withdrawalSession(server, name, { phone: '+4915711122233' });

async function createWallet(
  sessionId: string,
  value: string,
  target: TestServer = server,
): Promise<string> {
  const created = await callJson(target, 'POST', `${ACCOUNTS}/requisite/create`, sessionId, {
    pay_group_id: await payGroupId(server, 'ewallet_payout', 'withdrawal'),
    requisite_type: '2',
    value,
  });
  expect(created.status).toBe(200);
  return text(created.body.requisite_id);
}

async function latestCode(sessionId: string): Promise<string> {
  const latest = await callJson(server, 'GET', '/sandbox/otp/latest', sessionId);
  expect(latest.status).toBe(200);
  return text(latest.body.otp);
}

async function challengeOf(requisiteId: string) {
  const rows = await server.db
    .select()
    .from(otpChallenges)
    .where(eq(otpChallenges.payoutAccountId, requisiteId));
  expect(rows).toHaveLength(1);
  const [row] = rows;
  if (row === undefined) throw new Error('no challenge');
  return row;
}

/** Lets the resend timer of a requisite's challenge run out (as if a minute passed). */
async function passResendTimer(requisiteId: string): Promise<void> {
  await server.db
    .update(otpChallenges)
    .set({ resendAfter: new Date(Date.now() - 1000) })
    .where(eq(otpChallenges.payoutAccountId, requisiteId));
}

async function accountVerified(requisiteId: string): Promise<boolean> {
  const [row] = await server.db
    .select({ verified: payoutAccounts.verified })
    .from(payoutAccounts)
    .where(eq(payoutAccounts.id, requisiteId));
  return row?.verified ?? false;
}

/** The digits of a code that is not `code`. */
function wrongCode(code: string, offset = 1): string {
  return String((Number(code) + offset) % 1_000_000).padStart(6, '0');
}

describe('requisite/create (SPEC §7 account management)', () => {
  it('stores a new unverified payout account with a masked value and answers its requisite_id (SPEC §7)', async () => {
    const sessionId = await playerSession('am-create');
    const groupId = await payGroupId(server, 'ewallet_payout', 'withdrawal');
    const created = await callJson(server, 'POST', `${ACCOUNTS}/requisite/create`, sessionId, {
      pay_group_id: groupId,
      requisite_type: '2',
      value: '+4917012345678',
      label: 'Travel wallet',
    });
    expect(created.status).toBe(200);
    const id = text(created.body.requisite_id);
    expect(created.body).toEqual({
      requisite_id: id,
      masked: '+49170*****678',
      verification_required: true,
    });
    const [row] = await server.db.select().from(payoutAccounts).where(eq(payoutAccounts.id, id));
    expect(row).toMatchObject({
      payGroupId: groupId,
      requisiteType: '2',
      maskedValue: '+49170*****678',
      details: { wallet_phone: '+4917012345678', '@label': 'Travel wallet' },
      verified: false,
      verifiedAt: null,
    });

    const again = await callJson(server, 'POST', `${ACCOUNTS}/requisite/create`, sessionId, {
      pay_group_id: groupId,
      requisite_type: '2',
      value: '+4917012345678',
    });
    expect(again).toEqual({ status: 200, body: created.body });
  });

  it('refuses an unknown pay group, a deposit pay group, an unknown requisite type and a value breaking the field rules (SPEC §5, §8)', async () => {
    const sessionId = await playerSession('am-refusals');
    const wallet = await payGroupId(server, 'ewallet_payout', 'withdrawal');
    const cases: [unknown, number, Record<string, string>][] = [
      [
        { pay_group_id: 999_999, requisite_type: '2', value: '+4917012345678' },
        404,
        { error_code: '1003', error_field: 'body.pay_group_id' },
      ],
      [
        {
          pay_group_id: await payGroupId(server, 'ewallet', 'deposit'),
          requisite_type: '2',
          value: '+4917012345678',
        },
        404,
        { error_code: '1003', error_field: 'body.pay_group_id' },
      ],
      [
        { pay_group_id: wallet, requisite_type: '9', value: '+4917012345678' },
        400,
        { error_code: '1002', error_field: 'body.requisite_type' },
      ],
      [
        {
          pay_group_id: await payGroupId(server, 'card_payout', 'withdrawal'),
          requisite_type: '1',
          value: '4111',
        },
        400,
        { error_code: '1002', error_field: 'body.requisite_type' },
      ],
      [
        { pay_group_id: wallet, requisite_type: '2', value: '0049 170' },
        400,
        {
          error_code: '1002',
          error_message: 'PH.ERROR.FIELD_HAS_ERROR',
          error_field: 'body.value',
        },
      ],
    ];
    for (const [body, status, expected] of cases) {
      const answer = await callJson(
        server,
        'POST',
        `${ACCOUNTS}/requisite/create`,
        sessionId,
        body,
      );
      expect(answer.status).toBe(status);
      expect(answer.body).toMatchObject(expected);
    }
    const rows = await server.db
      .select({ id: payoutAccounts.id })
      .from(payoutAccounts)
      .innerJoin(players, eq(players.id, payoutAccounts.playerId))
      .where(eq(players.externalId, 'am-refusals'));
    expect(rows).toEqual([]);
  });

  it('answers code 17 without a session (SPEC §6, §8)', async () => {
    const answer = await callJson(server, 'POST', `${ACCOUNTS}/requisite/create`, null, {
      pay_group_id: 1,
      requisite_type: '2',
      value: '+4917012345678',
    });
    expect(answer).toEqual({
      status: 401,
      body: { error_code: '17', error_message: 'CASHIER.PH2.ERROR_MESSAGE.17' },
    });
  });
});

describe('otp/send and otp/verify (SPEC §2 payout verification, §7)', () => {
  it('sends a six-digit code stored only as its HMAC, and the right code verifies the account (SPEC §7)', async () => {
    const sessionId = await playerSession('am-happy');
    const requisiteId = await createWallet(sessionId, '+4917011111111');

    const sent = await callJson(server, 'POST', `${ACCOUNTS}/otp/send`, sessionId, {
      contact_type: 'email',
      requisite_id: requisiteId,
    });
    expect(sent).toEqual({
      status: 200,
      body: {
        success: true,
        max_request_count: 3,
        block_duration: 900,
        resend_after: 60,
        masked_contact: 'a***@players.test',
      },
    });
    const code = await latestCode(sessionId);
    expect(code).toMatch(/^[0-9]{6}$/);
    const challenge = await challengeOf(requisiteId);
    expect(challenge.codeHash).toBe(hashOtpCode(server.config.secret, challenge.id, code));
    expect(challenge.codeHash).not.toContain(code);
    expect(challenge).toMatchObject({ contactType: 'email', attempts: 0, maxAttempts: 3 });
    expect(challenge.expiresAt.getTime() - challenge.createdAt.getTime()).toBe(300_000);

    const wrong = await callJson(server, 'POST', `${ACCOUNTS}/otp/verify`, sessionId, {
      otp: wrongCode(code),
      requisite_id: requisiteId,
    });
    expect(wrong).toEqual({
      status: 400,
      body: {
        error_code: '1401',
        error_message: 'CASHIER.ERROR.OTP_INVALID',
        error_field: 'body.otp',
        attempts_left: 2,
      },
    });
    expect(await accountVerified(requisiteId)).toBe(false);

    const right = await callJson(server, 'POST', `${ACCOUNTS}/otp/verify`, sessionId, {
      otp: code,
      requisite_id: requisiteId,
    });
    expect(right).toEqual({ status: 200, body: { verified: true, attempts_left: 1 } });
    expect(await accountVerified(requisiteId)).toBe(true);

    // A repeated verify (a double click) answers the same; another code does not.
    const repeat = await callJson(server, 'POST', `${ACCOUNTS}/otp/verify`, sessionId, {
      otp: code,
      requisite_id: requisiteId,
    });
    expect(repeat).toEqual({ status: 200, body: { verified: true, attempts_left: 1 } });
    const other = await callJson(server, 'POST', `${ACCOUNTS}/otp/verify`, sessionId, {
      otp: wrongCode(code, 2),
      requisite_id: requisiteId,
    });
    expect(other.status).toBe(400);
    expect(other.body.error_code).toBe('1401');
  });

  it('sends to the phone with a masked number (SPEC §3 contact type)', async () => {
    const sessionId = await playerSession('am-phone');
    const requisiteId = await createWallet(sessionId, '+4917022222222');
    const sent = await callJson(server, 'POST', `${ACCOUNTS}/otp/send`, sessionId, {
      contact_type: 'phone',
      requisite_id: requisiteId,
    });
    expect(sent.status).toBe(200);
    expect(sent.body.masked_contact).toBe('+4915****233');
    const latest = await callJson(server, 'GET', '/sandbox/otp/latest', sessionId);
    expect(latest.body).toMatchObject({
      requisite_id: requisiteId,
      contact_type: 'phone',
      masked_contact: '+4915****233',
    });
  });

  it("answers 404 for another player's requisite and for an unknown one, and 400 for a contact the profile lacks (SPEC §6)", async () => {
    const owner = await playerSession('am-owner');
    const requisiteId = await createWallet(owner, '+4917033333333');
    const intruder = await playerSession('am-intruder');
    const notFound = { error_code: '1008', error_field: 'body.requisite_id' };
    for (const id of [requisiteId, 'not-a-uuid', '00000000-0000-4000-8000-000000000000']) {
      const send = await callJson(server, 'POST', `${ACCOUNTS}/otp/send`, intruder, {
        contact_type: 'email',
        requisite_id: id,
      });
      expect(send.status).toBe(404);
      expect(send.body).toMatchObject(notFound);
      const verify = await callJson(server, 'POST', `${ACCOUNTS}/otp/verify`, intruder, {
        otp: '123456',
        requisite_id: id,
      });
      expect(verify.status).toBe(404);
      expect(verify.body).toMatchObject(notFound);
    }
    await server.db.update(players).set({ phone: null }).where(eq(players.externalId, 'am-owner'));
    const noPhone = await callJson(server, 'POST', `${ACCOUNTS}/otp/send`, owner, {
      contact_type: 'phone',
      requisite_id: requisiteId,
    });
    expect(noPhone.status).toBe(400);
    expect(noPhone.body).toMatchObject({ error_code: '1002', error_field: 'body.contact_type' });
    expect(
      await server.db
        .select()
        .from(otpChallenges)
        .where(eq(otpChallenges.payoutAccountId, requisiteId)),
    ).toEqual([]);
  });

  it('answers a verify without a code sent, and with an expired code, with 1401 (SPEC §9 timeout S)', async () => {
    const sessionId = await playerSession('am-expired');
    const requisiteId = await createWallet(sessionId, '+4917044444444');
    const none = await callJson(server, 'POST', `${ACCOUNTS}/otp/verify`, sessionId, {
      otp: '123456',
      requisite_id: requisiteId,
    });
    expect(none).toMatchObject({ status: 400, body: { error_code: '1401', attempts_left: 0 } });

    await callJson(server, 'POST', `${ACCOUNTS}/otp/send`, sessionId, {
      contact_type: 'email',
      requisite_id: requisiteId,
    });
    const code = await latestCode(sessionId);
    await server.db
      .update(otpChallenges)
      .set({ expiresAt: new Date(Date.now() - 1) })
      .where(eq(otpChallenges.payoutAccountId, requisiteId));
    const expired = await callJson(server, 'POST', `${ACCOUNTS}/otp/verify`, sessionId, {
      otp: code,
      requisite_id: requisiteId,
    });
    expect(expired).toMatchObject({ status: 400, body: { error_code: '1401', attempts_left: 0 } });
    expect(await accountVerified(requisiteId)).toBe(false);
  });

  it('SPEC §2 confirm a one-time code: a screen opened again within the resend wait learns where the code still valid went, and that code verifies', async () => {
    const sessionId = await playerSession('am-reopened');
    const requisiteId = await createWallet(sessionId, '+4917055555556');
    const send = (contactType: 'email' | 'phone') =>
      callJson(server, 'POST', `${ACCOUNTS}/otp/send`, sessionId, {
        contact_type: contactType,
        requisite_id: requisiteId,
      });
    const sent = await send('phone');
    expect(sent.status).toBe(200);
    const code = await latestCode(sessionId);
    // The screen opened again asks once more (whichever contact it would offer first).
    const again = await send('email');
    expect(again.status).toBe(429);
    expect(again.body).toMatchObject({
      error_code: '1403',
      masked_contact: sent.body.masked_contact,
      contact_type: 'phone',
    });
    expect(ErrorBody.safeParse(again.body).success).toBe(true);
    // Nothing new was sent: the code the player has is the one that verifies.
    expect(await latestCode(sessionId)).toBe(code);
    const verified = await callJson(server, 'POST', `${ACCOUNTS}/otp/verify`, sessionId, {
      otp: code,
      requisite_id: requisiteId,
    });
    expect(verified).toMatchObject({ status: 200, body: { verified: true } });
  });

  it('refuses a resend before the timer with 1403 and blocks the request after max_request_count codes (SPEC §3 maxRequestCount)', async () => {
    const sessionId = await playerSession('am-resend');
    const requisiteId = await createWallet(sessionId, '+4917055555555');
    const send = () =>
      callJson(server, 'POST', `${ACCOUNTS}/otp/send`, sessionId, {
        contact_type: 'email',
        requisite_id: requisiteId,
      });

    expect((await send()).status).toBe(200);
    const first = await latestCode(sessionId);
    const tooSoon = await send();
    expect(tooSoon.status).toBe(429);
    expect(tooSoon.body).toMatchObject({
      error_code: '1403',
      error_message: 'CASHIER.ERROR.OTP_RESEND_TOO_SOON',
    });
    expect(tooSoon.body.resend_after).toBeGreaterThanOrEqual(58);
    expect(tooSoon.body.resend_after).toBeLessThanOrEqual(60);

    await passResendTimer(requisiteId);
    expect((await send()).status).toBe(200);
    const second = await latestCode(sessionId);
    await passResendTimer(requisiteId);
    expect((await send()).status).toBe(200);
    const third = await latestCode(sessionId);
    expect((await challengeOf(requisiteId)).resendCount).toBe(2);

    await passResendTimer(requisiteId);
    const before = Date.now();
    const blocked = await send();
    expect(blocked.status).toBe(429);
    expect(blocked.body).toMatchObject({
      error_code: '1402',
      error_message: 'CASHIER.ERROR.OTP_BLOCKED',
      attempts_left: 0,
    });
    const until = Date.parse(text(blocked.body.block_until));
    expect(until).toBeGreaterThanOrEqual(before + 900_000);
    expect(until).toBeLessThanOrEqual(Date.now() + 900_000);

    // Only the latest code was ever valid, and while blocked not even that one works.
    const old = await callJson(server, 'POST', `${ACCOUNTS}/otp/verify`, sessionId, {
      otp: first === third ? second : first,
      requisite_id: requisiteId,
    });
    expect(old.status).toBe(429);
    const latest = await callJson(server, 'POST', `${ACCOUNTS}/otp/verify`, sessionId, {
      otp: third,
      requisite_id: requisiteId,
    });
    expect(latest.status).toBe(429);
    expect(latest.body.block_until).toBe(blocked.body.block_until);
    expect(await accountVerified(requisiteId)).toBe(false);
  });

  it('blocks after three wrong codes and then refuses even the right code (brute force, SPEC §4 blocking)', async () => {
    const sessionId = await playerSession('am-brute');
    const requisiteId = await createWallet(sessionId, '+4917066666666');
    await callJson(server, 'POST', `${ACCOUNTS}/otp/send`, sessionId, {
      contact_type: 'email',
      requisite_id: requisiteId,
    });
    const code = await latestCode(sessionId);
    const guess = (otp: string) =>
      callJson(server, 'POST', `${ACCOUNTS}/otp/verify`, sessionId, {
        otp,
        requisite_id: requisiteId,
      });

    expect(await guess(wrongCode(code, 1))).toMatchObject({
      status: 400,
      body: { error_code: '1401', attempts_left: 2 },
    });
    expect(await guess(wrongCode(code, 2))).toMatchObject({
      status: 400,
      body: { error_code: '1401', attempts_left: 1 },
    });
    const blocked = await guess(wrongCode(code, 3));
    expect(blocked.status).toBe(429);
    expect(blocked.body).toMatchObject({ error_code: '1402', attempts_left: 0 });
    const right = await guess(code);
    expect(right.status).toBe(429);
    expect(right.body).toEqual({
      error_code: '1402',
      error_message: 'CASHIER.ERROR.OTP_BLOCKED',
      attempts_left: 0,
      block_until: blocked.body.block_until,
    });
    const resend = await callJson(server, 'POST', `${ACCOUNTS}/otp/send`, sessionId, {
      contact_type: 'email',
      requisite_id: requisiteId,
    });
    expect(resend.status).toBe(429);
    expect(resend.body.error_code).toBe('1402');
    expect(await accountVerified(requisiteId)).toBe(false);
    expect((await challengeOf(requisiteId)).attempts).toBe(3);
  });

  it('counts parallel guesses exactly: 20 wrong codes at once give two 1401 and eighteen 1402 (brute force)', async () => {
    const sessionId = await playerSession('am-parallel');
    const requisiteId = await createWallet(sessionId, '+4917077777777');
    await callJson(server, 'POST', `${ACCOUNTS}/otp/send`, sessionId, {
      contact_type: 'email',
      requisite_id: requisiteId,
    });
    const code = await latestCode(sessionId);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        callJson(server, 'POST', `${ACCOUNTS}/otp/verify`, sessionId, {
          otp: wrongCode(code, index + 1),
          requisite_id: requisiteId,
        }),
      ),
    );
    const codes = answers.map((answer) => answer.body.error_code).sort();
    expect(codes).toEqual([...Array<string>(2).fill('1401'), ...Array<string>(18).fill('1402')]);
    expect((await challengeOf(requisiteId)).attempts).toBe(3);
    expect((await guess(sessionId, requisiteId, code)).status).toBe(429);
  });
});

async function guess(
  sessionId: string,
  requisiteId: string,
  otp: string,
): Promise<Answer<Record<string, unknown>>> {
  return callJson(server, 'POST', `${ACCOUNTS}/otp/verify`, sessionId, {
    otp,
    requisite_id: requisiteId,
  });
}

describe('the code never leaks (logs; sandbox-only retrieval)', () => {
  it('logs the code once, in the deliberate sandbox line, and never in a request log line', async () => {
    const sessionId = await playerSession('am-logs');
    const requisiteId = await createWallet(sessionId, '+4917088888888');
    await callJson(server, 'POST', `${ACCOUNTS}/otp/send`, sessionId, {
      contact_type: 'email',
      requisite_id: requisiteId,
    });
    const code = await latestCode(sessionId);
    await guess(sessionId, requisiteId, code);

    const lines = server
      .logs()
      .split('\n')
      .filter((line) => line !== '')
      .map((line): unknown => JSON.parse(line))
      .filter(isRecord);
    const sandboxLines = lines.filter(
      (line) => line.msg === `sandbox OTP for requisite ${requisiteId}: ${code}`,
    );
    expect(sandboxLines).toHaveLength(1);
    expect(sandboxLines[0]?.level).toBe(30);
    const others = lines
      .filter((line) => !String(line.msg).startsWith('sandbox OTP for requisite'))
      .map((line) =>
        // Timestamps and process ids are numbers that may contain any six digits.
        JSON.stringify(
          Object.entries(line).filter(([key]) => !['time', 'pid', 'responseTime'].includes(key)),
        ),
      );
    expect(others.filter((line) => line.includes(code))).toEqual([]);
  });

  it('shows the code on another server process, one row per session, the latest code only', async () => {
    const sessionId = await playerSession('am-other-process');
    const requisiteId = await createWallet(sessionId, '+4917044444444');
    const sent = await callJson(server, 'POST', `${ACCOUNTS}/otp/send`, sessionId, {
      contact_type: 'email',
      requisite_id: requisiteId,
    });
    expect(sent.status).toBe(200);
    const shown = await callJson(other, 'GET', '/sandbox/otp/latest', sessionId);
    expect(shown.status).toBe(200);
    expect(shown.body).toMatchObject({ requisite_id: requisiteId, contact_type: 'email' });
    const code = text(shown.body.otp);
    expect(
      await callJson(other, 'POST', `${ACCOUNTS}/otp/verify`, sessionId, {
        otp: code,
        requisite_id: requisiteId,
      }),
    ).toEqual({ status: 200, body: { verified: true, attempts_left: 2 } });

    // A second code of the session replaces the first.
    const second = await createWallet(sessionId, '+4917055555555');
    await callJson(other, 'POST', `${ACCOUNTS}/otp/send`, sessionId, {
      contact_type: 'phone',
      requisite_id: second,
    });
    const rows = await server.db
      .select()
      .from(sandboxOtpOutbox)
      .where(eq(sandboxOtpOutbox.sessionId, sessionId));
    expect(rows).toEqual([expect.objectContaining({ requisiteId: second, contactType: 'phone' })]);
    // Only what the page shows: the masked contact, never the full address.
    expect(JSON.stringify(rows)).toContain('+4915****233');
    expect(JSON.stringify(rows)).not.toContain('+4915711122233');
  });

  it('deletes codes past their expiry whenever a code is sent (the outbox stays bounded)', async () => {
    const stale = await playerSession('am-stale-code');
    const staleWallet = await createWallet(stale, '+4917066666666');
    await callJson(server, 'POST', `${ACCOUNTS}/otp/send`, stale, {
      contact_type: 'email',
      requisite_id: staleWallet,
    });
    await server.db
      .update(sandboxOtpOutbox)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sandboxOtpOutbox.sessionId, stale));
    const fresh = await playerSession('am-fresh-code');
    await callJson(server, 'POST', `${ACCOUNTS}/otp/send`, fresh, {
      contact_type: 'email',
      requisite_id: await createWallet(fresh, '+4917077777777'),
    });
    expect((await callJson(server, 'GET', '/sandbox/otp/latest', stale)).status).toBe(404);
    expect((await callJson(server, 'GET', '/sandbox/otp/latest', fresh)).status).toBe(200);
  });

  it('keeps GET /sandbox/otp/latest to the session that sent the code (404 otherwise)', async () => {
    const sessionId = await playerSession('am-no-code');
    const answer = await callJson(server, 'GET', '/sandbox/otp/latest', sessionId);
    expect(answer).toEqual({
      status: 404,
      body: { error_code: '1008', error_message: 'CASHIER.ERROR.NOT_FOUND' },
    });
    const noSession = await callJson(server, 'GET', '/sandbox/otp/latest', null);
    expect(noSession.status).toBe(401);
  });

  it('in production: no sandbox route, and without a configured sender no code is made, shown or logged (1404)', async () => {
    // Production's default sender is none (OTP_SENDER); a delivered code in production:
    // otp-http-delivery.test.ts.
    const sessionId = await playerSession('am-production');
    const requisiteId = await createWallet(sessionId, '+4917099999999', production);
    const sent = await callJson(production, 'POST', `${ACCOUNTS}/otp/send`, sessionId, {
      contact_type: 'email',
      requisite_id: requisiteId,
    });
    expect(sent).toEqual({
      status: 503,
      body: { error_code: '1404', error_message: 'CASHIER.ERROR.OTP_NOT_SENT' },
    });
    const latest = await callJson(production, 'GET', '/sandbox/otp/latest', sessionId);
    expect(latest).toEqual({
      status: 404,
      body: { error_code: '1901', error_message: 'CASHIER.ERROR.NOT_FOUND' },
    });
    // The send was taken back: no challenge, so nothing to verify and nothing counted.
    expect(
      await server.db
        .select()
        .from(otpChallenges)
        .where(eq(otpChallenges.payoutAccountId, requisiteId)),
    ).toEqual([]);
    // Production never writes a code to the sandbox outbox, nor to its log.
    expect(
      await server.db
        .select()
        .from(sandboxOtpOutbox)
        .where(eq(sandboxOtpOutbox.sessionId, sessionId)),
    ).toEqual([]);
    const logs = production.logs();
    expect(logs).not.toContain('sandbox OTP');
    expect(logs).toContain('no one-time-code sender configured (OTP_SENDER=none)');
  });
});
