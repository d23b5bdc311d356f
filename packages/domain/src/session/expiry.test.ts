import { describe, expect, it } from 'vitest';
import {
  checkSessionExpiry,
  INITIAL_SESSION_EXPIRY,
  SESSION_LIFETIME_MS,
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
