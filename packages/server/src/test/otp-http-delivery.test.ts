/**
 * One-time codes handed to the operator's messaging service over HTTP (OTP_SENDER=http,
 * docs/one-time-codes.md): the real server on a real database, the messaging simulator in its own
 * process. A payout account and a deposit confirmed end to end with the code the player reads
 * from the simulator; the service failing, hanging, refusing or losing its answer, after which the
 * player is told (1404) and nothing is counted against the code limits; a retried hand-over with
 * the same message id reaching the player once; production's choice of sender.
 *
 * The invariant after every fault: the challenges of the player are exactly what they were before
 * the failed request (no challenge started, no code replaced, no resend counted or timer set), and
 * the player can ask again at once.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, eq, isNull } from 'drizzle-orm';
import {
  otpChallenges,
  payGroupCurrencies,
  payGroups,
  payoutAccounts,
  players,
  sandboxOtpOutbox,
} from '../db/schema';
import { ConfigError } from '../config';
import { HttpOtpSender } from '../modules/accounts/otp-senders/http-sender';
import type { OtpLog } from '../modules/accounts/otp-senders/otp-sender';
import { DEFAULT_OTP_POLICY, hashOtpCode, sendCode, withdrawSend } from '../modules/accounts/otp';
import type { SendRequest, SentCode } from '../modules/accounts/otp';
import { ACCOUNTS, CASHIER, callJson, payGroupId, text, withdrawalSession } from './api-calls';
import { createTestSession, startTestServer } from './harness';
import type { TestServer } from './harness';
import { startMessagingSimulator } from '@cashdesk/testkit';
import type { MessagingSimulatorProcess } from '@cashdesk/testkit';

const SECRET = 'a-messaging-secret-for-the-suite';
const KEY_ID = 'otp-key-1';
const PRODUCTION_SECRET = 'a-production-secret-for-otp-tests';
const PHONE = '+4915199887766';

let messaging: MessagingSimulatorProcess;
/** OTP_SENDER=http from the environment, as an operator configures it. */
let configured: TestServer;
/** An HttpOtpSender passed to createApp, as an embedding operator does; no pause between tries. */
let injected: TestServer;
let production: TestServer;
/** What the injected sender logged. */
const senderLines: string[] = [];
let phoneWallet = 0;

const senderLog: OtpLog = {
  info: (fields, message) => senderLines.push(JSON.stringify({ ...fields, message })),
  warn: (fields, message) => senderLines.push(JSON.stringify({ ...fields, message })),
};

beforeAll(async () => {
  messaging = await startMessagingSimulator({ secret: SECRET, keyId: KEY_ID });
  const http = {
    OTP_SENDER: 'http',
    OTP_HTTP_URL: messaging.messagesUrl,
    OTP_HTTP_SECRET: SECRET,
    OTP_HTTP_KEY_ID: KEY_ID,
  };
  configured = await startTestServer({ env: http });
  injected = await startTestServer({
    database: configured.database,
    otpSender: new HttpOtpSender({
      url: messaging.messagesUrl,
      key: { keyId: KEY_ID, secret: SECRET },
      timeoutMs: 1_000,
      attempts: 3,
      retryDelayMs: 0,
      log: senderLog,
    }),
  });
  production = await startTestServer({
    mode: 'production',
    database: configured.database,
    env: { CASHDESK_SECRET: PRODUCTION_SECRET, ...http },
  });
  // A deposit method whose phone is confirmed by a code (as in deposit-route-otp.test.ts).
  const [wallet] = await configured.db
    .insert(payGroups)
    .values({
      brandId: 'brand0',
      flow: 'deposit',
      shortName: 'otp_phone_wallet',
      publicName: 'Phone wallet (confirmed by code)',
      payMethodType: 'mobile',
      providerKind: 'mobile',
      fields: [
        {
          name: 'wallet_phone',
          type: 'input',
          extended_type: 'phone_with_country',
          regexp: '^\\+[0-9]{8,15}$',
          is_required: true,
          is_otp_requisites: true,
        },
        { name: 'otp', type: 'input', regexp: '^[0-9]{6}$', is_required: true },
      ],
    })
    .returning({ id: payGroups.id });
  if (wallet === undefined) throw new Error('fixture pay group not created');
  phoneWallet = wallet.id;
  await configured.db
    .insert(payGroupCurrencies)
    .values({ payGroupId: phoneWallet, currency: 'EUR', minAmount: '5', maxAmount: '5000' });
});

afterAll(async () => {
  await production.close();
  await injected.close();
  await configured.close();
  await messaging.stop();
});

beforeEach(async () => {
  await messaging.reset();
  senderLines.length = 0;
});

// --- helpers ---------------------------------------------------------------------------------

const emailOf = (name: string) => `${name}@players.test`;

/**
 * A new brand0 player with a withdrawal session (made through a sandbox server: production has no
 * session route), an e-mail address, a phone, and a new payout account created on `server`.
 */
async function payoutPlayer(server: TestServer, prefix: string) {
  const name = `${prefix}-${randomUUID().slice(0, 8)}`;
  const sessionId = await withdrawalSession(configured, name, { phone: '+4915711122233' });
  const created = await callJson(server, 'POST', `${ACCOUNTS}/requisite/create`, sessionId, {
    pay_group_id: await payGroupId(server, 'ewallet_payout', 'withdrawal'),
    requisite_type: '2',
    value: `+49170${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`,
  });
  expect(created.status).toBe(200);
  return { name, sessionId, requisiteId: text(created.body.requisite_id) };
}

const sendPayoutCode = (server: TestServer, sessionId: string, requisiteId: string) =>
  callJson(server, 'POST', `${ACCOUNTS}/otp/send`, sessionId, {
    contact_type: 'email',
    requisite_id: requisiteId,
  });

const verifyPayoutCode = (
  server: TestServer,
  sessionId: string,
  requisiteId: string,
  otp: string,
) =>
  callJson(server, 'POST', `${ACCOUNTS}/otp/verify`, sessionId, {
    otp,
    requisite_id: requisiteId,
  });

/** The challenges of a payout account, oldest first. */
async function accountChallenges(requisiteId: string) {
  return configured.db
    .select()
    .from(otpChallenges)
    .where(eq(otpChallenges.payoutAccountId, requisiteId))
    .orderBy(otpChallenges.createdAt);
}

/** The deposit challenges of a player (by the brand's player id). */
async function depositChallenges(externalId: string) {
  const [player] = await configured.db
    .select({ id: players.id })
    .from(players)
    .where(and(eq(players.brandId, 'brand0'), eq(players.externalId, externalId)));
  if (player === undefined) throw new Error(`no player ${externalId}`);
  return configured.db
    .select()
    .from(otpChallenges)
    .where(and(eq(otpChallenges.playerId, player.id), isNull(otpChallenges.payoutAccountId)));
}

/** Lets the resend timer of an account's challenge run out (as if a minute passed). */
async function passResendTimer(requisiteId: string): Promise<void> {
  await configured.db
    .update(otpChallenges)
    .set({ resendAfter: new Date(Date.now() - 1000) })
    .where(eq(otpChallenges.payoutAccountId, requisiteId));
}

/** The code of the only message in a destination's inbox. */
async function onlyCode(destination: string): Promise<string> {
  const inbox = await messaging.inbox(destination);
  expect(inbox).toHaveLength(1);
  return text(inbox[0]?.code);
}

/** The log lines of a server, without the numbers that may hold any six digits. */
function logWithoutNumbers(server: TestServer): string {
  return server
    .logs()
    .replace(/"time":[0-9]+/g, '')
    .replace(/"responseTime":[0-9.]+/g, '')
    .replace(/"pid":[0-9]+/g, '');
}

const depositOtpPath = () => `${CASHIER}/payments/groups/${String(phoneWallet)}/otp`;
const depositCodeRequest = {
  currency: 'EUR',
  amount: '20',
  parameters: { wallet_phone: PHONE },
  field_name: 'otp',
};

const NOT_SENT = { error_code: '1404', error_message: 'CASHIER.ERROR.OTP_NOT_SENT' };

// --- tests -----------------------------------------------------------------------------------

describe('codes delivered over HTTP, end to end (OTP_SENDER=http)', () => {
  it('verifies a payout account with the code the player reads from the messaging service', async () => {
    const { name, sessionId, requisiteId } = await payoutPlayer(configured, 'http-payout');
    const sent = await sendPayoutCode(configured, sessionId, requisiteId);
    expect(sent).toMatchObject({
      status: 200,
      body: { success: true, masked_contact: 'h***@players.test' },
    });

    const inbox = await messaging.inbox(emailOf(name));
    expect(inbox).toHaveLength(1);
    const [challenge] = await accountChallenges(requisiteId);
    const { message_id: messageId, code, ...message } = inbox[0] ?? { message_id: '', code: '' };
    expect(messageId).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
    expect(code).toMatch(/^[0-9]{6}$/);
    expect(message).toEqual({
      purpose: 'payout_account_verification',
      brand_id: 'brand0',
      player_id: name,
      contact_type: 'email',
      destination: emailOf(name),
      expires_at: challenge?.expiresAt.toISOString(),
      language: 'en',
      requests: 1,
      key_id: KEY_ID,
    });
    expect(JSON.stringify(inbox)).not.toContain(sessionId);

    expect(await verifyPayoutCode(configured, sessionId, requisiteId, code)).toEqual({
      status: 200,
      body: { verified: true, attempts_left: 2 },
    });
    const [account] = await configured.db
      .select({ verified: payoutAccounts.verified })
      .from(payoutAccounts)
      .where(eq(payoutAccounts.id, requisiteId));
    expect(account?.verified).toBe(true);

    // The HTTP sender writes no code to the sandbox outbox, and no log line has it or the address.
    expect(
      await configured.db
        .select()
        .from(sandboxOtpOutbox)
        .where(eq(sandboxOtpOutbox.sessionId, sessionId)),
    ).toEqual([]);
    expect((await callJson(configured, 'GET', '/sandbox/otp/latest', sessionId)).status).toBe(404);
    const logs = logWithoutNumbers(configured);
    expect(logs).toContain('one-time code handed to the messaging service');
    expect(logs).not.toContain(code);
    expect(logs).not.toContain(emailOf(name));
  });

  it('confirms a deposit with the code sent to the phone of its form', async () => {
    const player = `http-deposit-${randomUUID().slice(0, 8)}`;
    const session = await createTestSession(configured, { player });
    const sent = await callJson(configured, 'POST', depositOtpPath(), session, depositCodeRequest);
    expect(sent).toMatchObject({
      status: 200,
      body: { status: 'sent', error: false, error_code: null, field_name: 'otp' },
    });
    const [message] = await messaging.inbox(PHONE);
    expect(message).toMatchObject({
      purpose: 'deposit_confirmation',
      player_id: player,
      contact_type: 'phone',
      destination: PHONE,
      language: 'en',
    });
    const submitted = await callJson(
      configured,
      'POST',
      `${CASHIER}/payments/groups/${String(phoneWallet)}/submit`,
      session,
      { amount: '20', currency: 'EUR', parameters: { wallet_phone: PHONE, otp: message?.code } },
    );
    expect(submitted.status).toBe(200);
    expect(submitted.body).toMatchObject({ transaction_status: 'await' });
    expect(logWithoutNumbers(configured)).not.toContain(PHONE);
  });
});

describe('the messaging service failing: the player is told, nothing is counted', () => {
  it('answers otp/send 503 with 1404 when every try fails, starts no challenge, and the player may ask again at once', async () => {
    const { name, sessionId, requisiteId } = await payoutPlayer(injected, 'down-payout');
    await messaging.fault({ mode: 'fail-before', times: 3 });
    const failed = await sendPayoutCode(injected, sessionId, requisiteId);
    expect(failed).toEqual({ status: 503, body: NOT_SENT });
    const seen = await messaging.activity();
    expect(seen.requests).toHaveLength(3);
    expect(new Set(seen.requests.map((request) => request.message_id)).size).toBe(1);
    expect(seen.messages).toEqual([]);
    expect(await accountChallenges(requisiteId)).toEqual([]);

    // The whole allowance is still there: three codes, then the one request too many blocks.
    for (let sent = 1; sent <= DEFAULT_OTP_POLICY.maxRequestCount; sent += 1) {
      expect((await sendPayoutCode(injected, sessionId, requisiteId)).status).toBe(200);
      await passResendTimer(requisiteId);
    }
    expect(await messaging.inbox(emailOf(name))).toHaveLength(3);
    const blocked = await sendPayoutCode(injected, sessionId, requisiteId);
    expect(blocked.body.error_code).toBe('1402');
    for (const line of senderLines) expect(line).not.toContain(emailOf(name));
  });

  it('puts the code sent before back when a new one cannot be handed over: it still verifies', async () => {
    const { name, sessionId, requisiteId } = await payoutPlayer(injected, 'down-resend');
    expect((await sendPayoutCode(injected, sessionId, requisiteId)).status).toBe(200);
    const first = await onlyCode(emailOf(name));
    await passResendTimer(requisiteId);
    const before = await accountChallenges(requisiteId);

    await messaging.fault({ mode: 'hang-before', times: 1 });
    await messaging.fault({ mode: 'fail-before', times: 2 });
    const failed = await sendPayoutCode(injected, sessionId, requisiteId);
    expect(failed).toEqual({ status: 503, body: NOT_SENT });
    // The first send's request, then the three of the one that failed.
    expect((await messaging.activity()).requests.map((request) => request.fault)).toEqual([
      null,
      'hang-before',
      'fail-before',
      'fail-before',
    ]);
    expect(await accountChallenges(requisiteId)).toEqual(before);
    const [challenge] = before;
    expect(challenge?.codeHash).toBe(
      hashOtpCode(injected.config.secret, challenge?.id ?? '', first),
    );
    expect(await verifyPayoutCode(injected, sessionId, requisiteId, first)).toMatchObject({
      status: 200,
      body: { verified: true },
    });
  });

  it('answers a deposit code failed with 1404 and can_resend, counts nothing, and sends the next one', async () => {
    const player = `down-deposit-${randomUUID().slice(0, 8)}`;
    const session = await createTestSession(injected, { player });
    await messaging.fault({ mode: 'fail-before', times: 3 });
    const failed = await callJson(injected, 'POST', depositOtpPath(), session, depositCodeRequest);
    expect(failed).toEqual({
      status: 200,
      body: {
        status: 'failed',
        error: true,
        can_resend: true,
        ...NOT_SENT,
        resend_after: 0,
        field_name: 'otp',
      },
    });
    expect(await depositChallenges(player)).toEqual([]);
    const again = await callJson(injected, 'POST', depositOtpPath(), session, depositCodeRequest);
    expect(again.body).toMatchObject({ status: 'sent', error_code: null });
    const [challenge] = await depositChallenges(player);
    expect(challenge?.resendCount).toBe(0);
    const messages = (await messaging.activity()).messages;
    expect(messages).toHaveLength(1);
  });

  it('counts nothing of parallel requests while the service is down: each is told 1404 or to wait, none leaves a challenge', async () => {
    const { name, sessionId, requisiteId } = await payoutPlayer(injected, 'down-parallel');
    await messaging.fault({ mode: 'fail-before', times: 30 });
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => sendPayoutCode(injected, sessionId, requisiteId)),
    );
    for (const answer of answers) {
      // 1403 only while another request's hand-over was under way: taken back with it.
      expect([
        JSON.stringify({ status: 503, body: NOT_SENT }),
        JSON.stringify({ status: 429, error_code: '1403' }),
      ]).toContain(
        JSON.stringify(
          answer.status === 429
            ? { status: 429, error_code: answer.body.error_code }
            : { status: answer.status, body: answer.body },
        ),
      );
    }
    expect(answers.some((answer) => answer.status === 503)).toBe(true);
    expect(await accountChallenges(requisiteId)).toEqual([]);
    expect((await messaging.activity()).messages).toEqual([]);
    await messaging.reset();
    expect((await sendPayoutCode(injected, sessionId, requisiteId)).status).toBe(200);
    expect(await messaging.inbox(emailOf(name))).toHaveLength(1);
  });

  it('does not retry a message the service refuses (422), and counts nothing', async () => {
    const { sessionId, requisiteId } = await payoutPlayer(injected, 'refused');
    await messaging.fault({ mode: 'reject', times: 3 });
    expect(await sendPayoutCode(injected, sessionId, requisiteId)).toEqual({
      status: 503,
      body: NOT_SENT,
    });
    expect((await messaging.activity()).requests).toHaveLength(1);
    expect(await accountChallenges(requisiteId)).toEqual([]);
  });

  it('retries a lost answer and a silent service with the same message id: the player gets one message', async () => {
    const { name, sessionId, requisiteId } = await payoutPlayer(injected, 'retried');
    await messaging.fault({ mode: 'hang-after', times: 1 });
    await messaging.fault({ mode: 'fail-after', times: 1 });
    expect((await sendPayoutCode(injected, sessionId, requisiteId)).status).toBe(200);
    const seen = await messaging.activity();
    expect(seen.requests.map((request) => request.fault)).toEqual([
      'hang-after',
      'fail-after',
      null,
    ]);
    const [id] = new Set(seen.requests.map((request) => request.message_id));
    expect(new Set(seen.requests.map((request) => request.message_id)).size).toBe(1);
    expect(seen.messages.map((message) => [message.message_id, message.requests])).toEqual([
      [id, 3],
    ]);
    const code = await onlyCode(emailOf(name));
    expect(await verifyPayoutCode(injected, sessionId, requisiteId, code)).toMatchObject({
      status: 200,
    });
    // Each send is a new message: a later code gets a new id.
    const second = await payoutPlayer(injected, 'retried-next');
    expect((await sendPayoutCode(injected, second.sessionId, second.requisiteId)).status).toBe(200);
    const ids = (await messaging.activity()).messages.map((message) => message.message_id);
    expect(new Set(ids).size).toBe(2);
    for (const line of senderLines) expect(line).not.toContain(code);
  });
});

describe('withdrawing a send never undoes a later one (modules/accounts/otp.ts withdrawSend)', () => {
  async function depositRequest(now: Date): Promise<SendRequest> {
    const player = `withdraw-${randomUUID().slice(0, 8)}`;
    await createTestSession(configured, { player });
    const [row] = await configured.db
      .select({ id: players.id })
      .from(players)
      .where(and(eq(players.brandId, 'brand0'), eq(players.externalId, player)));
    if (row === undefined) throw new Error('no player');
    return {
      subject: { purpose: 'deposit', playerId: row.id },
      secret: configured.config.secret,
      policy: DEFAULT_OTP_POLICY,
      now,
      contactType: 'phone',
      binding: ['deposit', 'test'],
    };
  }

  function sent(outcome: Awaited<ReturnType<typeof sendCode>>): SentCode {
    if (outcome.kind !== 'sent') throw new Error(`not sent: ${outcome.kind}`);
    return outcome;
  }

  it('leaves a challenge alone once a later send replaced the code, or it was blocked', async () => {
    const start = new Date();
    const request = await depositRequest(start);
    const first = sent(await sendCode(configured.db, request));
    const later = new Date(start.getTime() + DEFAULT_OTP_POLICY.resendAfterMs);
    const second = sent(await sendCode(configured.db, { ...request, now: later }));
    const rows = () =>
      configured.db.select().from(otpChallenges).where(eq(otpChallenges.id, first.challengeId));
    const afterSecond = await rows();
    expect(await withdrawSend(configured.db, first)).toBe(false);
    expect(await rows()).toEqual(afterSecond);

    await configured.db
      .update(otpChallenges)
      .set({ blockedUntil: new Date(later.getTime() + 60_000) })
      .where(eq(otpChallenges.id, second.challengeId));
    const blocked = await rows();
    expect(await withdrawSend(configured.db, second)).toBe(false);
    expect(await rows()).toEqual(blocked);
  });
});

// Production without a sender (none, its default): test/account-management-otp.test.ts.
describe('production chooses its sender (OTP_SENDER)', () => {
  it('delivers over HTTP and the code verifies; the sandbox route stays off', async () => {
    const { name, sessionId, requisiteId } = await payoutPlayer(production, 'prod-http');
    expect((await sendPayoutCode(production, sessionId, requisiteId)).status).toBe(200);
    const code = await onlyCode(emailOf(name));
    const [challenge] = await accountChallenges(requisiteId);
    expect(challenge?.codeHash).toBe(hashOtpCode(PRODUCTION_SECRET, challenge?.id ?? '', code));
    expect(await verifyPayoutCode(production, sessionId, requisiteId, code)).toMatchObject({
      status: 200,
      body: { verified: true },
    });
    expect(await callJson(production, 'GET', '/sandbox/otp/latest', sessionId)).toEqual({
      status: 404,
      body: { error_code: '1901', error_message: 'CASHIER.ERROR.NOT_FOUND' },
    });
    expect(logWithoutNumbers(production)).not.toContain(code);
  });

  it('refuses the sandbox outbox unless OTP_ALLOW_SANDBOX_IN_PRODUCTION=true', async () => {
    await expect(
      startTestServer({
        mode: 'production',
        database: configured.database,
        env: { CASHDESK_SECRET: PRODUCTION_SECRET, OTP_SENDER: 'sandbox' },
      }),
    ).rejects.toThrow(ConfigError);
    const allowed = await startTestServer({
      mode: 'production',
      database: configured.database,
      env: {
        CASHDESK_SECRET: PRODUCTION_SECRET,
        OTP_SENDER: 'sandbox',
        OTP_ALLOW_SANDBOX_IN_PRODUCTION: 'true',
      },
    });
    try {
      expect(allowed.app.cashdesk.otpSender.kind).toBe('sandbox');
      const { sessionId, requisiteId } = await payoutPlayer(allowed, 'prod-sandbox');
      expect((await sendPayoutCode(allowed, sessionId, requisiteId)).status).toBe(200);
      expect(allowed.logs()).toContain(`sandbox OTP for requisite ${requisiteId}`);
      // Still no sandbox route in production: the outbox row is only in the database.
      expect((await callJson(allowed, 'GET', '/sandbox/otp/latest', sessionId)).status).toBe(404);
    } finally {
      await allowed.close();
    }
  });
});
