import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { analyticsCookie, readAnalyticsCookie } from './analytics-cookie';

describe('analytics cookie (SPEC §9 cookie lifetime 63072000 s)', () => {
  it('SPEC §9: lives 63072000 seconds (two years), on the whole site', () => {
    const cookie = analyticsCookie(
      { id: 'a-1', lastEventAt: 1_700_000_000_000 },
      { secure: false },
    );
    expect(cookie).toBe('cd_analytics=a-1.1700000000000; Max-Age=63072000; Path=/; SameSite=Lax');
  });

  it('in a secure context it is SameSite=None, Secure and partitioned, so a brand frame may keep it', () => {
    expect(analyticsCookie({ id: 'a', lastEventAt: 1 }, { secure: true })).toBe(
      'cd_analytics=a.1; Max-Age=63072000; Path=/; SameSite=None; Secure; Partitioned',
    );
  });

  it('reads the session back from the cookie header, among others', () => {
    expect(readAnalyticsCookie('x=1; cd_analytics=3f2a-9.1700000000000; y=2')).toEqual({
      id: '3f2a-9',
      lastEventAt: 1_700_000_000_000,
    });
  });

  it.each([
    [''],
    ['cd_analytics='],
    ['cd_analytics=abc'],
    ['cd_analytics=.123'],
    ['cd_analytics=a b.123'],
    ['cd_analytics=a.12x'],
    ['other=a.1'],
  ])('a missing or malformed cookie %j gives no session', (header) => {
    expect(readAnalyticsCookie(header)).toBeNull();
  });

  it('what it writes it reads', () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^[A-Za-z0-9-]{1,64}$/),
        fc.integer({ min: 0, max: 2 ** 45 }),
        (id, lastEventAt) => {
          const [pair] = analyticsCookie({ id, lastEventAt }, { secure: true }).split(';');
          expect(readAnalyticsCookie(pair ?? '')).toEqual({ id, lastEventAt });
        },
      ),
      { numRuns: 200 },
    );
  });
});
