import { describe, expect, it } from 'vitest';
import { channelAccess, sessionChannelKey, transactionsChannel } from './channels';
import { TOKEN_LIFETIME_S, checkToken, connectionToken, signToken } from './token';

const SECRET = 'a-secret-of-at-least-16-characters';
const NOW = new Date('2026-11-28T10:00:00Z');
const NOW_S = NOW.getTime() / 1000;
const session = {
  playerId: '7d3f0a52-5a4c-4f0e-9f1e-2a1b3c4d5e6f',
  channelKey: sessionChannelKey(SECRET, 'the-session-id'),
  expiresAt: new Date(NOW.getTime() + 3_600_000),
};

function payloadOf(token: string): unknown {
  return JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8'));
}

describe('connection tokens (SPEC §3 auth_token)', () => {
  it('are HS256 JWTs with sub, ses and exp, at most the lifetime ahead and never past the session', () => {
    const token = connectionToken(SECRET, session, NOW);
    expect(payloadOf(token)).toEqual({
      sub: session.playerId,
      ses: session.channelKey,
      iat: NOW_S,
      exp: NOW_S + TOKEN_LIFETIME_S,
    });
    const ending = { ...session, expiresAt: new Date(NOW.getTime() + 60_000) };
    expect(payloadOf(connectionToken(SECRET, ending, NOW))).toMatchObject({ exp: NOW_S + 60 });
    expect(checkToken(SECRET, token, NOW)).toEqual({
      ok: true,
      claims: { sub: session.playerId, ses: session.channelKey, exp: NOW_S + TOKEN_LIFETIME_S },
    });
  });

  it('SPEC §8: a token made in the last second of a live session is valid until the session ends (never minted expired)', () => {
    for (const leftMs of [1, 250, 999, 1000, 1001, 1999]) {
      const ending = { ...session, expiresAt: new Date(NOW.getTime() + 400 + leftMs) };
      const now = new Date(NOW.getTime() + 400);
      const token = connectionToken(SECRET, ending, now);
      expect(checkToken(SECRET, token, now)).toMatchObject({ ok: true });
      // It ends within a second of the session.
      expect(checkToken(SECRET, token, new Date(ending.expiresAt.getTime() + 1000))).toEqual({
        ok: false,
        reason: 'expired',
      });
    }
  });

  it('SPEC §8: expire at exp (109), and are invalid when forged, re-signed, malformed or unsigned', () => {
    const token = connectionToken(SECRET, session, NOW);
    const atExpiry = new Date((NOW_S + TOKEN_LIFETIME_S) * 1000);
    expect(checkToken(SECRET, token, atExpiry)).toEqual({ ok: false, reason: 'expired' });
    const [header, , signature] = token.split('.');
    const forgedClaims = Buffer.from(
      JSON.stringify({ sub: session.playerId, ses: 'another', exp: NOW_S + 60 }),
    ).toString('base64url');
    const invalid = { ok: false, reason: 'invalid' };
    expect(checkToken(SECRET, `${header}.${forgedClaims}.${signature}`, NOW)).toEqual(invalid);
    expect(checkToken('another-secret-of-16-chars', token, NOW)).toEqual(invalid);
    const none = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
    expect(checkToken(SECRET, `${none}.${token.split('.')[1]}.`, NOW)).toEqual(invalid);
    for (const bad of ['', 'a.b', 'a.b.c.d', token.slice(0, -2), 42, null, 'x'.repeat(4000)]) {
      expect(checkToken(SECRET, bad, NOW)).toEqual(invalid);
    }
    // Signed with the secret, but without the claims a connection needs.
    expect(checkToken(SECRET, signToken(SECRET, { sub: 'p', exp: NOW_S + 60 }), NOW)).toEqual(
      invalid,
    );
  });
});

describe('channel access (SPEC §4)', () => {
  const claims = { sub: session.playerId, ses: session.channelKey, exp: NOW_S + 60 };

  it("allows the session's own channels and the player's balance, denies others', refuses unknown names", () => {
    expect(channelAccess(claims, transactionsChannel(session.channelKey))).toBe('allowed');
    expect(channelAccess(claims, `cashier:notifications#${session.channelKey}`)).toBe('allowed');
    expect(channelAccess(claims, `cashier:balance#${session.playerId}`)).toBe('allowed');
    const other = sessionChannelKey(SECRET, 'another-session-id');
    expect(channelAccess(claims, transactionsChannel(other))).toBe('denied');
    expect(channelAccess(claims, `cashier:balance#${session.channelKey}`)).toBe('denied');
    for (const name of ['news', 'cashier:transactions', 'cashier:other#x', 'clickstream:track']) {
      expect(channelAccess(claims, name)).toBe('unknown');
    }
  });

  it('derives a key that is not the session id and differs per session and secret', () => {
    const key = sessionChannelKey(SECRET, 'the-session-id');
    expect(key).toMatch(/^[\w-]{22}$/);
    expect(key).not.toContain('the-session-id');
    expect(sessionChannelKey(SECRET, 'the-session-id2')).not.toBe(key);
    expect(sessionChannelKey('another-secret-of-16-chars', 'the-session-id')).not.toBe(key);
  });
});
