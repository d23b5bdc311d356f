import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  checkSessionExpiry,
  INITIAL_SESSION_EXPIRY,
  msUntilSessionExpiry,
  SESSION_LIFETIME_MS,
  sessionExpiryFromServer,
  setSessionExpired,
} from './expiry';
import type { SessionExpiryInput } from './expiry';

const NOW = 1_700_000_000_000;
const LONG = 900_000;

describe('session lifetimes (SPEC §4, §9)', () => {
  it('defaults to the named timeouts L and S', () => {
    expect(SESSION_LIFETIME_MS).toEqual({ long: 900_000, short: 300_000 });
  });
});

describe('session expiry (SPEC §4)', () => {
  it.each<[string, SessionExpiryInput, unknown]>([
    [
      'a fresh session gets a new expiration time',
      { state: INITIAL_SESSION_EXPIRY, sessionId: 's1', now: NOW, isLla: false },
      { isSessionExpired: false, sessionExpirationTime: NOW + LONG },
    ],
    [
      'a valid session slides its expiration forward',
      {
        state: { isSessionExpired: false, sessionExpirationTime: NOW + 1 },
        sessionId: 's1',
        now: new Date(NOW),
        isLla: false,
        lifetimeMs: 300_000,
      },
      { isSessionExpired: false, sessionExpirationTime: NOW + 300_000 },
    ],
    [
      'an LLA page never stores a new time',
      {
        state: { isSessionExpired: false, sessionExpirationTime: NOW + 1 },
        sessionId: 's1',
        now: NOW,
        isLla: true,
      },
      { isSessionExpired: false, sessionExpirationTime: NOW + 1 },
    ],
    [
      'an LLA page with no time stored stays without one',
      { state: INITIAL_SESSION_EXPIRY, sessionId: 's1', now: NOW, isLla: true },
      { isSessionExpired: false, sessionExpirationTime: null },
    ],
    [
      'the expiration time reached means expired',
      {
        state: { isSessionExpired: false, sessionExpirationTime: NOW },
        sessionId: 's1',
        now: NOW,
        isLla: false,
      },
      { isSessionExpired: true, sessionExpirationTime: NOW },
    ],
    [
      'no saved session id means expired',
      { state: INITIAL_SESSION_EXPIRY, sessionId: null, now: NOW, isLla: false },
      { isSessionExpired: true, sessionExpirationTime: null },
    ],
    [
      'a blank session id means expired',
      { state: INITIAL_SESSION_EXPIRY, sessionId: '  ', now: NOW, isLla: false },
      { isSessionExpired: true, sessionExpirationTime: null },
    ],
    [
      'an undefined session id means expired',
      { state: INITIAL_SESSION_EXPIRY, sessionId: undefined, now: NOW, isLla: false },
      { isSessionExpired: true, sessionExpirationTime: null },
    ],
    [
      'expired stays expired (set directly, e.g. error 17)',
      {
        state: { isSessionExpired: true, sessionExpirationTime: NOW + LONG },
        sessionId: 's1',
        now: NOW,
        isLla: false,
      },
      { isSessionExpired: true, sessionExpirationTime: NOW + LONG },
    ],
    [
      'an invalid now fails safe',
      { state: INITIAL_SESSION_EXPIRY, sessionId: 's1', now: new Date('nope'), isLla: false },
      { isSessionExpired: true, sessionExpirationTime: null },
    ],
    [
      'a non-positive lifetime fails safe',
      { state: INITIAL_SESSION_EXPIRY, sessionId: 's1', now: NOW, isLla: false, lifetimeMs: 0 },
      { isSessionExpired: true, sessionExpirationTime: null },
    ],
    [
      'a non-finite lifetime fails safe',
      {
        state: INITIAL_SESSION_EXPIRY,
        sessionId: 's1',
        now: NOW,
        isLla: false,
        lifetimeMs: Number.POSITIVE_INFINITY,
      },
      { isSessionExpired: true, sessionExpirationTime: null },
    ],
  ])('%s', (_name, input, expected) => {
    expect(checkSessionExpiry(input)).toEqual(expected);
  });

  it('can be set expired directly (SPEC §4)', () => {
    expect(setSessionExpired({ isSessionExpired: false, sessionExpirationTime: NOW })).toEqual({
      isSessionExpired: true,
      sessionExpirationTime: NOW,
    });
  });
});

describe('session expiry from the server (SPEC §4)', () => {
  const alive = { isSessionExpired: false, sessionExpirationTime: null };

  it('stores the end the server names, counted from the answer', () => {
    expect(sessionExpiryFromServer(alive, { now: NOW, remainingMs: LONG })).toEqual({
      isSessionExpired: false,
      sessionExpirationTime: NOW + LONG,
    });
  });

  it('keeps the later end when an answer overtaken by a slower one says less', () => {
    const slid = { isSessionExpired: false, sessionExpirationTime: NOW + LONG };
    expect(sessionExpiryFromServer(slid, { now: NOW + 10, remainingMs: 60_000 })).toEqual(slid);
  });

  it('marks the session expired when nothing is left, and never revives an expired one', () => {
    expect(sessionExpiryFromServer(alive, { now: NOW, remainingMs: 0 }).isSessionExpired).toBe(
      true,
    );
    const expired = { isSessionExpired: true, sessionExpirationTime: NOW };
    expect(sessionExpiryFromServer(expired, { now: NOW, remainingMs: LONG })).toEqual(expired);
  });

  it('changes nothing for an invalid time or duration', () => {
    expect(sessionExpiryFromServer(alive, { now: new Date('nope'), remainingMs: LONG })).toBe(
      alive,
    );
    expect(sessionExpiryFromServer(alive, { now: NOW, remainingMs: Number.NaN })).toBe(alive);
  });

  it('the stored end never moves back, whatever the order of the answers', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.nat(1_000_000), fc.integer({ min: 1, max: 2 * LONG })), {
          maxLength: 20,
        }),
        (answers) => {
          let state: { isSessionExpired: boolean; sessionExpirationTime: number | null } = alive;
          let latest = 0;
          for (const [at, remainingMs] of answers) {
            state = sessionExpiryFromServer(state, { now: NOW + at, remainingMs });
            const end = state.sessionExpirationTime ?? 0;
            expect(end).toBeGreaterThanOrEqual(latest);
            latest = end;
          }
        },
      ),
      { numRuns: 200 },
    );
  });

  it('says how long until the stored end, 0 once past, null when unknown or expired', () => {
    const stored = { isSessionExpired: false, sessionExpirationTime: NOW + 5_000 };
    expect(msUntilSessionExpiry(stored, NOW)).toBe(5_000);
    expect(msUntilSessionExpiry(stored, NOW + 9_000)).toBe(0);
    expect(msUntilSessionExpiry(alive, NOW)).toBeNull();
    expect(msUntilSessionExpiry(setSessionExpired(stored), NOW)).toBeNull();
  });
});
