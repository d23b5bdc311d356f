/**
 * The pure core of one-time codes (modules/accounts/otp.ts): codes, hashes and the send and check
 * decisions both purposes share. The routes' answers are covered by the integration suites
 * (test/account-management-otp.test.ts, test/deposit-route-otp.test.ts).
 */
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_OTP_POLICY,
  OtpError,
  blockEnd,
  blockedError,
  canAskAgain,
  decideCheck,
  decideSend,
  generateOtpCode,
  hashOtpCode,
  isLive,
  sameHash,
  secondsUntil,
} from './otp';
import type { ChallengeState, ChallengeView, OtpPolicy } from './otp';

const NOW = new Date('2030-01-01T12:00:00.000Z');
const POLICY: OtpPolicy = DEFAULT_OTP_POLICY;

function at(offsetMs: number): Date {
  return new Date(NOW.getTime() + offsetMs);
}

/** A challenge sent a few seconds ago: live, resend timer running, no tries used. */
function challenge(overrides: Partial<ChallengeState> = {}): ChallengeState {
  return {
    attempts: 0,
    maxAttempts: 3,
    resendCount: 0,
    maxResends: 3,
    resendAfter: at(55_000),
    expiresAt: at(295_000),
    blockedUntil: null,
    verifiedAt: null,
    ...overrides,
  };
}

function view(latest: ChallengeState | undefined, block: Date | null = null): ChallengeView {
  return { latest, block };
}

describe('codes and hashes (SPEC §4 one-time code)', () => {
  it('makes six-digit codes, leading zeros kept (SPEC §4 one-time code)', () => {
    for (let i = 0; i < 200; i += 1) expect(generateOtpCode()).toMatch(/^[0-9]{6}$/);
  });

  it('binds the HMAC to the secret, the challenge and what the purpose binds the code to (SPEC §4, §7 otp)', () => {
    const plain = hashOtpCode('secret', 'challenge-1', '123456');
    expect(plain).toMatch(/^[0-9a-f]{64}$/);
    expect(hashOtpCode('secret', 'challenge-1', '123456', [])).toBe(plain);
    const others = [
      hashOtpCode('other secret', 'challenge-1', '123456'),
      hashOtpCode('secret', 'challenge-2', '123456'),
      hashOtpCode('secret', 'challenge-1', '123457'),
      hashOtpCode('secret', 'challenge-1', '123456', ['deposit', '7', 'otp', '+4915100000000']),
      hashOtpCode('secret', 'challenge-1', '123456', ['deposit', '7', 'otp', '+4915100000001']),
    ];
    expect(new Set([plain, ...others]).size).toBe(6);
  });

  it('compares hashes in full: equal, different, and of another length (SPEC §7 otp/verify)', () => {
    const hash = hashOtpCode('secret', 'challenge-1', '123456');
    expect(sameHash(hash, hashOtpCode('secret', 'challenge-1', '123456'))).toBe(true);
    expect(sameHash(hash, hashOtpCode('secret', 'challenge-1', '654321'))).toBe(false);
    expect(sameHash(hash, hash.slice(0, 32))).toBe(false);
  });

  it('counts whole seconds up and never below zero (SPEC §3 isShowTimerReceiveCode)', () => {
    expect(secondsUntil(at(60_000), NOW)).toBe(60);
    expect(secondsUntil(at(59_001), NOW)).toBe(60);
    expect(secondsUntil(at(1), NOW)).toBe(1);
    expect(secondsUntil(at(-5_000), NOW)).toBe(0);
  });

  it('answers a block with block_until and no tries left, naming a field only when asked (SPEC §8)', () => {
    const error = blockedError(at(900_000), undefined, 'test');
    expect(error).toBeInstanceOf(OtpError);
    expect(error.statusCode).toBe(429);
    expect(error.toBody()).toEqual({
      error_code: '1402',
      error_message: 'CASHIER.ERROR.OTP_BLOCKED',
      block_until: at(900_000).toISOString(),
      attempts_left: 0,
    });
    expect(blockedError(at(1), 'body.parameters.otp', 'test').toBody().error_field).toBe(
      'body.parameters.otp',
    );
  });
});

describe('challenge state (SPEC §4 one-time code, §9 timeouts S and L)', () => {
  it('is live until its code expires (SPEC §9 timeout S), it is verified or it was blocked (SPEC §4)', () => {
    expect(isLive(undefined, NOW)).toBe(false);
    expect(isLive(challenge(), NOW)).toBe(true);
    expect(isLive(challenge({ expiresAt: NOW }), NOW)).toBe(false);
    expect(isLive(challenge({ verifiedAt: at(-1_000) }), NOW)).toBe(false);
    expect(isLive(challenge({ blockedUntil: at(-1_000) }), NOW)).toBe(false);
  });

  it('is blocked by its own block or the purpose block, whichever ends later, while it lasts (SPEC §3 blockDuration, §4 blocking)', () => {
    expect(blockEnd(view(challenge()), NOW)).toBeNull();
    expect(blockEnd(view(challenge({ blockedUntil: at(1_000) })), NOW)).toEqual(at(1_000));
    expect(blockEnd(view(undefined, at(2_000)), NOW)).toEqual(at(2_000));
    expect(blockEnd(view(challenge({ blockedUntil: at(1_000) }), at(2_000)), NOW)).toEqual(
      at(2_000),
    );
    expect(blockEnd(view(challenge({ blockedUntil: at(3_000) }), at(2_000)), NOW)).toEqual(
      at(3_000),
    );
    expect(blockEnd(view(challenge({ blockedUntil: NOW }), at(-1)), NOW)).toBeNull();
  });

  it('allows maxRequestCount codes per challenge: can_resend while one more would not block (SPEC §3 maxRequestCount)', () => {
    expect(canAskAgain({ resendCount: 0, maxResends: 3 })).toBe(true);
    expect(canAskAgain({ resendCount: 1, maxResends: 3 })).toBe(true);
    expect(canAskAgain({ resendCount: 2, maxResends: 3 })).toBe(false);
    expect(canAskAgain({ resendCount: 0, maxResends: 1 })).toBe(false);
  });
});

describe('decideSend (SPEC §7 otp/send and payments/groups/{id}/otp, §3 maxRequestCount and blockDuration)', () => {
  it('starts a new challenge when there is none, or the latest expired, was verified or its block passed (SPEC §4, §9 timeout S)', () => {
    for (const latest of [
      undefined,
      challenge({ expiresAt: at(-1), resendAfter: at(-1) }),
      challenge({ verifiedAt: at(-1_000) }),
      challenge({ blockedUntil: at(-1), attempts: 3 }),
    ]) {
      expect(decideSend(view(latest), NOW, POLICY)).toEqual({ kind: 'new' });
    }
  });

  it('refuses a new code before the resend timer ran out, saying when (SPEC §3 isShowTimerReceiveCode)', () => {
    expect(decideSend(view(challenge()), NOW, POLICY)).toEqual({
      kind: 'too-soon',
      resendAt: at(55_000),
    });
  });

  it('sends a new code on the live challenge once the timer ran out, counting it (SPEC §3 maxRequestCount)', () => {
    expect(decideSend(view(challenge({ resendAfter: NOW })), NOW, POLICY)).toEqual({
      kind: 'resend',
      resendCount: 1,
    });
    expect(
      decideSend(view(challenge({ resendAfter: at(-1), resendCount: 1 })), NOW, POLICY),
    ).toEqual({ kind: 'resend', resendCount: 2 });
  });

  it('blocks for blockDuration the request one past maxRequestCount codes (SPEC §3, §9 timeout L)', () => {
    expect(
      decideSend(view(challenge({ resendAfter: at(-1), resendCount: 2 })), NOW, POLICY),
    ).toEqual({ kind: 'blocked', until: at(POLICY.blockDurationMs), starts: true });
  });

  it('refuses while blocked, by the challenge itself or by another of the purpose, and does not extend the block (SPEC §4 blocking)', () => {
    expect(decideSend(view(challenge({ blockedUntil: at(10_000) })), NOW, POLICY)).toEqual({
      kind: 'blocked',
      until: at(10_000),
      starts: false,
    });
    expect(decideSend(view(undefined, at(20_000)), NOW, POLICY)).toEqual({
      kind: 'blocked',
      until: at(20_000),
      starts: false,
    });
  });
});

describe('decideCheck (SPEC §7 otp/verify and the deposit submit, §4 blocking)', () => {
  it('finds nothing to check without a challenge, or when it expired (SPEC §9 timeout S)', () => {
    expect(decideCheck(view(undefined), 'code', false, NOW, POLICY)).toEqual({ kind: 'none' });
    expect(decideCheck(view(challenge({ expiresAt: NOW })), 'code', false, NOW, POLICY)).toEqual({
      kind: 'none',
    });
  });

  it('verifies the right code and counts it as a try (SPEC §4 one-time code)', () => {
    expect(decideCheck(view(challenge({ attempts: 1 })), 'otp', false, NOW, POLICY)).toEqual({
      kind: 'verified',
      match: 'otp',
      attempts: 2,
      attemptsLeft: 1,
      repeat: false,
    });
  });

  it('counts a wrong code and says how many tries are left (SPEC §4 one-time code)', () => {
    expect(decideCheck(view(challenge()), undefined, false, NOW, POLICY)).toEqual({
      kind: 'wrong',
      attempts: 1,
      attemptsLeft: 2,
    });
    expect(decideCheck(view(challenge({ attempts: 1 })), undefined, false, NOW, POLICY)).toEqual({
      kind: 'wrong',
      attempts: 2,
      attemptsLeft: 1,
    });
  });

  it('blocks on the wrong try that uses up the last one (SPEC §4 blocking, §9 timeout L)', () => {
    expect(decideCheck(view(challenge({ attempts: 2 })), undefined, false, NOW, POLICY)).toEqual({
      kind: 'blocked',
      until: at(POLICY.blockDurationMs),
      starts: true,
      attempts: 3,
    });
  });

  it('keeps the tries of a challenge across new codes: a resend gives no new tries (SPEC §3 maxRequestCount, §4 blocking)', () => {
    const resent = challenge({ attempts: 2, resendCount: 1, resendAfter: at(60_000) });
    expect(decideCheck(view(resent), undefined, false, NOW, POLICY)).toMatchObject({
      kind: 'blocked',
      starts: true,
    });
  });

  it('refuses even the right code while blocked, by the challenge or another of the purpose (SPEC §4 blocking)', () => {
    const blocked = challenge({ attempts: 3, blockedUntil: at(60_000) });
    expect(decideCheck(view(blocked), 'otp', true, NOW, POLICY)).toEqual({
      kind: 'blocked',
      until: at(60_000),
      starts: false,
      attempts: 3,
    });
    expect(decideCheck(view(undefined, at(30_000)), 'otp', true, NOW, POLICY)).toMatchObject({
      kind: 'blocked',
      until: at(30_000),
      starts: false,
    });
    expect(decideCheck(view(challenge(), at(30_000)), 'otp', true, NOW, POLICY)).toMatchObject({
      kind: 'blocked',
      until: at(30_000),
    });
  });

  it('answers a verified challenge again only when the purpose accepts a repeat and the code is its code (SPEC §2 payout verification)', () => {
    const verified = challenge({ attempts: 2, verifiedAt: at(-1_000) });
    expect(decideCheck(view(verified), 'otp', true, NOW, POLICY)).toEqual({
      kind: 'verified',
      match: 'otp',
      attempts: 2,
      attemptsLeft: 1,
      repeat: true,
    });
    expect(decideCheck(view(verified), undefined, true, NOW, POLICY)).toEqual({ kind: 'none' });
    expect(decideCheck(view(verified), 'otp', false, NOW, POLICY)).toEqual({ kind: 'none' });
  });

  it('lets a passed block end the challenge: nothing to check until a new code is sent (SPEC §4 blocking)', () => {
    const passed = challenge({ attempts: 3, blockedUntil: at(-1) });
    expect(decideCheck(view(passed), 'otp', false, NOW, POLICY)).toEqual({ kind: 'none' });
  });
});
