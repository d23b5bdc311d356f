import { describe, expect, it } from 'vitest';
import type { SessionContext } from '../../http/sessions';
import { sessionChannelKey } from './channels';
import { SessionTokens } from './session-token';
import { TOKEN_LIFETIME_S, checkToken } from './token';

const SECRET = 'a-secret-of-at-least-16-characters';
const NOW = new Date('2026-11-28T10:00:00Z');
const HOUR = 3_600_000;

function sessionOf(id: string, expiresAt = new Date(NOW.getTime() + HOUR)): SessionContext {
  return {
    sessionId: id,
    playerId: `player-of-${id}`,
    playerExternalId: 'demo',
    brandId: 'brand0',
    flow: 'deposit',
    language: 'en',
    theme: 'light',
    currency: 'EUR',
    authToken: 'not-the-connection-token',
    expiresAt,
  };
}

const at = (ms: number) => new Date(NOW.getTime() + ms);

describe('init auth_token reuse (SPEC §3 auth_token)', () => {
  it('answers the kept token while half its lifetime is ahead, a new one after', () => {
    const tokens = new SessionTokens(SECRET);
    const session = sessionOf('s1');
    const first = tokens.forInit(session, NOW);
    expect(checkToken(SECRET, first, NOW)).toEqual({
      ok: true,
      claims: {
        sub: session.playerId,
        ses: sessionChannelKey(SECRET, 's1'),
        exp: NOW.getTime() / 1000 + TOKEN_LIFETIME_S,
      },
    });
    const halfLife = (TOKEN_LIFETIME_S / 2) * 1000;
    expect(tokens.forInit(session, at(60_000))).toBe(first);
    expect(tokens.forInit(session, at(halfLife))).toBe(first);
    const later = tokens.forInit(session, at(halfLife + 1000));
    expect(later).not.toBe(first);
    const check = checkToken(SECRET, later, at(halfLife + 1000));
    expect(check).toMatchObject({ ok: true });
    // The new one is good for a whole lifetime from when it was made.
    expect(
      checkToken(SECRET, later, at(halfLife + 1000 + TOKEN_LIFETIME_S * 1000 - 1000)),
    ).toMatchObject({ ok: true });
  });

  it('never answers a token of another session or one past the session end', () => {
    const tokens = new SessionTokens(SECRET);
    const first = tokens.forInit(sessionOf('s1'), NOW);
    expect(tokens.forInit(sessionOf('s2'), NOW)).not.toBe(first);
    // A session that ends in two minutes gets a token that ends with it, and is not given the
    // ten-minute one kept from before.
    const ending = sessionOf('s1', at(120_000));
    const short = tokens.forInit(ending, NOW);
    expect(short).not.toBe(first);
    expect(checkToken(SECRET, short, at(120_000))).toEqual({ ok: false, reason: 'expired' });
    // Once the session is extended, the short token has less than half a lifetime: a new one.
    expect(tokens.forInit(sessionOf('s1'), at(1000))).not.toBe(short);
  });

  it('getToken mints a new one, which the next init answers; an ended session is forgotten', () => {
    const tokens = new SessionTokens(SECRET);
    const session = sessionOf('s1');
    const first = tokens.forInit(session, NOW);
    const minted = tokens.mint(session, at(2000));
    expect(minted).not.toBe(first);
    expect(tokens.forInit(session, at(3000))).toBe(minted);
    tokens.forget('s1');
    expect(tokens.size).toBe(0);
    expect(tokens.forInit(session, at(4000))).not.toBe(minted);
  });

  it('keeps at most its capacity of sessions, forgetting the oldest first', () => {
    const tokens = new SessionTokens(SECRET, 3);
    const kept = ['a', 'b', 'c', 'd'].map((id) => tokens.forInit(sessionOf(id), NOW));
    expect(tokens.size).toBe(3);
    expect(tokens.forInit(sessionOf('d'), at(5000))).toBe(kept[3]);
    expect(tokens.forInit(sessionOf('c'), at(5000))).toBe(kept[2]);
    // 'a' went first: a new token (its iat is five seconds later), which pushes 'b' out.
    expect(tokens.forInit(sessionOf('a'), at(5000))).not.toBe(kept[0]);
    expect(tokens.forInit(sessionOf('b'), at(5000))).not.toBe(kept[1]);
    expect(tokens.size).toBe(3);
  });
});
