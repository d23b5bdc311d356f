/**
 * The back office's sign-in and session on the real server: password, second factor and its
 * enrolment, the lockout, CSRF, the idle and absolute time-outs, sign-out and disabled accounts.
 * The clock is the app's, moved by the tests.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ERROR_CODES, StaffEnrolment, StaffSession } from '@cashdesk/contract';
import { staffAccounts, staffSessions } from '../db/schema';
import { currentCode } from '../modules/staff/totp';
import { startTestServer } from './harness';
import type { TestServer } from './harness';
import { OPERATOR_ENV } from './operator-calls';
import { StaffClient, advance, codeOf, codeOfError, createStaff, signIn } from './staff-calls';
import type { TestClock } from './staff-calls';

const clock: TestClock = { now: new Date('2030-05-01T09:00:00.000Z') };
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ env: OPERATOR_ENV, clock: () => clock.now });
});

afterAll(async () => {
  await server.close();
});

const code = (name: keyof typeof ERROR_CODES) => ERROR_CODES[name].code;

describe('signing in', () => {
  it('signs in a role without a second factor at once, with an HttpOnly SameSite=Strict cookie', async () => {
    const support = await createStaff(server, { role: 'support', brandId: 'brand0' });
    const client = new StaffClient(server);
    const answer = await client.call('POST', '/session', {
      body: { email: support.email.toUpperCase(), password: support.password },
    });
    expect(answer.status).toBe(200);
    const session = StaffSession.parse(answer.body);
    expect(session.stage).toBe('signed_in');
    expect(session.permissions).toContain('players:block');
    expect(session.brands.map((brand) => brand.id)).toEqual(['brand0']);
    const cookie = answer.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(
      /^cashdesk_staff=[A-Za-z0-9_-]{43}; Path=\/; HttpOnly; SameSite=Strict$/,
    );
    // Plain http (the test's PUBLIC_URL): not Secure, so no __Host- prefix.
    expect(session.expires_at).toBe('2030-05-01T21:00:00.000Z');
    expect(session.idle_expires_at).toBe('2030-05-01T09:30:00.000Z');
    const again = await client.call('GET', '/session');
    expect(again.status).toBe(200);
    // Only the SHA-256 of the cookie's id is stored.
    const token = (client.cookie ?? '').split('=')[1] ?? '';
    const rows = await server.db
      .select()
      .from(staffSessions)
      .where(eq(staffSessions.staffId, support.id));
    expect(JSON.stringify(rows)).not.toContain(token);
  });

  it('asks a role that moves money for the code, refuses the operator API until it is given, and never takes a code twice', async () => {
    const finance = await createStaff(server, { role: 'finance', brandId: 'brand0' });
    const secret = finance.secret ?? '';
    const client = new StaffClient(server);
    const first = await client.call('POST', '/session', {
      body: { email: finance.email, password: finance.password },
    });
    expect(StaffSession.parse(first.body).stage).toBe('second_factor');
    expect(StaffSession.parse(first.body).permissions).toEqual([]);
    const early = await client.call('GET', 'op:/transactions');
    expect(early.status).toBe(401);
    expect(codeOfError(early)).toBe(code('staffSecondFactorRequired'));
    const wrong = await client.call('POST', '/session/second-factor', {
      body: { code: currentCode(secret, new Date(clock.now.getTime() + 600_000)) },
    });
    expect(codeOfError(wrong)).toBe(code('staffSecondFactorInvalid'));
    const used = codeOf(secret, clock);
    const right = await client.call('POST', '/session/second-factor', { body: { code: used } });
    expect(right.status).toBe(200);
    expect(StaffSession.parse(right.body).stage).toBe('signed_in');
    expect((await client.call('GET', 'op:/transactions')).status).toBe(200);
    // The same code again, in a new sign-in within its step: refused.
    const other = new StaffClient(server);
    await other.call('POST', '/session', {
      body: { email: finance.email, password: finance.password },
    });
    const replay = await other.call('POST', '/session/second-factor', { body: { code: used } });
    expect(codeOfError(replay)).toBe(code('staffSecondFactorInvalid'));
    // A code of the step after (a phone's clock a little ahead) is accepted.
    const ahead = await other.call('POST', '/session/second-factor', {
      body: { code: currentCode(secret, new Date(clock.now.getTime() + 30_000)) },
    });
    expect(ahead.status).toBe(200);
  });

  it('has a role that needs a second factor set one up: a secret, then a code confirms it', async () => {
    const developer = await createStaff(server, {
      role: 'developer',
      brandId: 'brand0',
      secondFactor: false,
    });
    const client = new StaffClient(server);
    const first = await client.call('POST', '/session', {
      body: { email: developer.email, password: developer.password },
    });
    expect(StaffSession.parse(first.body).stage).toBe('enrol_second_factor');
    expect((await client.call('GET', 'op:/audit')).status).toBe(401);
    const started = await client.call('POST', '/session/second-factor/enrolment');
    expect(started.status).toBe(200);
    const enrolment = StaffEnrolment.parse(started.body);
    expect(enrolment.uri).toContain('otpauth://totp/Cashdesk:');
    expect(enrolment.uri).toContain(encodeURIComponent(developer.email));
    expect(enrolment.uri).toContain('issuer=Cashdesk');
    const wrong = await client.call('PUT', '/session/second-factor/enrolment', {
      body: { code: currentCode(enrolment.secret, new Date(clock.now.getTime() - 600_000)) },
    });
    expect(codeOfError(wrong)).toBe(code('staffSecondFactorInvalid'));
    const confirmed = await client.call('PUT', '/session/second-factor/enrolment', {
      body: { code: codeOf(enrolment.secret, clock) },
    });
    expect(confirmed.status).toBe(200);
    const session = StaffSession.parse(confirmed.body);
    expect(session.stage).toBe('signed_in');
    expect(session.staff.second_factor).toBe(true);
    expect((await client.call('GET', 'op:/audit')).status).toBe(200);
    // From now on the code is asked for.
    const next = new StaffClient(server);
    const again = await next.call('POST', '/session', {
      body: { email: developer.email, password: developer.password },
    });
    expect(StaffSession.parse(again.body).stage).toBe('second_factor');
  });

  it('answers an unknown address and a wrong password alike (1850)', async () => {
    const owner = await createStaff(server, { role: 'owner', brandId: 'brand0' });
    const client = new StaffClient(server);
    const unknown = await client.call('POST', '/session', {
      body: { email: 'nobody@staff.test', password: owner.password },
    });
    const wrong = await client.call('POST', '/session', {
      body: { email: owner.email, password: 'not-the-password-at-all' },
    });
    expect(unknown.status).toBe(401);
    expect(wrong.status).toBe(401);
    expect(unknown.body).toEqual(wrong.body);
    expect(codeOfError(wrong)).toBe(code('staffCredentialsInvalid'));
    expect(unknown.headers.get('set-cookie')).toBeNull();
  });
});

describe('the lockout', () => {
  it('locks an account for 15 minutes after 5 failed sign-ins, refusing even the right password, then lets it in', async () => {
    const owner = await createStaff(server, { role: 'owner', brandId: 'brand0' });
    const client = new StaffClient(server);
    const attempt = (password: string) =>
      client.call('POST', '/session', { body: { email: owner.email, password } });
    for (let failure = 1; failure <= 4; failure += 1) {
      expect(codeOfError(await attempt('a-wrong-password-1'))).toBe(
        code('staffCredentialsInvalid'),
      );
    }
    const fifth = await attempt('a-wrong-password-1');
    expect(codeOfError(fifth)).toBe(code('staffLocked'));
    expect(fifth.status).toBe(429);
    expect(fifth.headers.get('retry-after')).toBe('900');
    const right = await attempt(owner.password);
    expect(codeOfError(right)).toBe(code('staffLocked'));
    advance(clock, 14 * 60_000);
    expect(codeOfError(await attempt(owner.password))).toBe(code('staffLocked'));
    advance(clock, 60_000);
    const after = await attempt(owner.password);
    expect(after.status).toBe(200);
  });

  it('counts wrong codes of the second factor towards the lockout', async () => {
    const finance = await createStaff(server, { role: 'finance', brandId: 'brand0' });
    const client = new StaffClient(server);
    await client.call('POST', '/session', {
      body: { email: finance.email, password: finance.password },
    });
    const wrongCode = currentCode(finance.secret ?? '', new Date(clock.now.getTime() + 3_600_000));
    for (let failure = 1; failure <= 4; failure += 1) {
      const answer = await client.call('POST', '/session/second-factor', {
        body: { code: wrongCode },
      });
      expect(codeOfError(answer)).toBe(code('staffSecondFactorInvalid'));
    }
    const fifth = await client.call('POST', '/session/second-factor', {
      body: { code: wrongCode },
    });
    expect(codeOfError(fifth)).toBe(code('staffLocked'));
    const right = await client.call('POST', '/session/second-factor', {
      body: { code: codeOf(finance.secret ?? '', clock) },
    });
    expect(codeOfError(right)).toBe(code('staffLocked'));
  });
});

describe('CSRF', () => {
  it('refuses a change under the session without the token, with a wrong one, or from a foreign origin (1855)', async () => {
    const owner = await createStaff(server, { role: 'owner', brandId: 'brand0' });
    const client = await signIn(server, owner, clock);
    const invite = (options: { csrf?: boolean; headers?: Record<string, string> }) =>
      client.call('POST', '/staff', {
        ...options,
        body: { email: `csrf-${owner.id}@staff.test`, name: 'New', role: 'support' },
      });
    const blockPath = 'op:/players/p-missing/block';
    for (const answer of [
      await invite({ csrf: false }),
      await invite({ csrf: false, headers: { 'x-csrf-token': 'a-guessed-token' } }),
      await invite({ headers: { origin: 'https://evil.example' } }),
      await client.call('POST', blockPath, { csrf: false, body: {} }),
      await client.call('POST', blockPath, {
        body: {},
        headers: { origin: 'https://evil.example' },
      }),
    ]) {
      expect(answer.status).toBe(403);
      expect(codeOfError(answer)).toBe(code('staffCsrfInvalid'));
    }
    const ok = await invite({ headers: { origin: server.baseUrl } });
    expect(ok.status).toBe(201);
    // A read needs no token.
    expect((await client.call('GET', '/staff', { csrf: false })).status).toBe(200);
  });
});

describe('time-outs and the end of a session', () => {
  it('ends a session idle for 30 minutes, and any session 12 hours after it began', async () => {
    const support = await createStaff(server, { role: 'support', brandId: 'brand0' });
    const idle = await signIn(server, support, clock);
    advance(clock, 29 * 60_000);
    expect((await idle.call('GET', '/session')).status).toBe(200);
    advance(clock, 29 * 60_000);
    expect((await idle.call('GET', '/session')).status).toBe(200);
    advance(clock, 30 * 60_000);
    const ended = await idle.call('GET', '/session');
    expect(ended.status).toBe(401);
    expect(codeOfError(ended)).toBe(code('staffSignedOut'));

    const busy = await signIn(server, support, clock);
    for (let minutes = 0; minutes < 12 * 60 - 20; minutes += 20) {
      advance(clock, 20 * 60_000);
      expect((await busy.call('GET', 'op:/transactions')).status, String(minutes)).toBe(200);
    }
    advance(clock, 20 * 60_000);
    expect(codeOfError(await busy.call('GET', '/session'))).toBe(code('staffSignedOut'));
  });

  it('signs out: the cookie is cleared, the session is gone, and signing out again is fine', async () => {
    const support = await createStaff(server, { role: 'support', brandId: 'brand0' });
    const client = await signIn(server, support, clock);
    const cookie = client.cookie;
    const out = await client.call('DELETE', '/session');
    expect(out.status).toBe(204);
    expect(out.headers.get('set-cookie')).toContain('Max-Age=0');
    const stale = new StaffClient(server);
    stale.cookie = cookie;
    const refused = await stale.call('GET', '/session');
    expect(codeOfError(refused)).toBe(code('staffSignedOut'));
    // The answer clears the dead cookie, so a browser does not send it again.
    expect(refused.headers.get('set-cookie')).toContain('Max-Age=0');
    stale.cookie = cookie;
    expect(codeOfError(await stale.call('GET', 'op:/transactions'))).toBe(code('staffSignedOut'));
    expect((await client.call('DELETE', '/session')).status).toBe(204);
  });

  it('ends the sessions of a disabled account, refuses its sign-in, and lets it in again once enabled', async () => {
    const owner = await createStaff(server, { role: 'owner', brandId: 'brand0' });
    const support = await createStaff(server, { role: 'support', brandId: 'brand0' });
    const manager = await signIn(server, owner, clock);
    const supportClient = await signIn(server, support, clock);
    const disabled = await manager.call('PATCH', `/staff/${support.id}`, {
      body: { disabled: true },
    });
    expect(disabled.status).toBe(200);
    expect(codeOfError(await supportClient.call('GET', '/session'))).toBe(code('staffSignedOut'));
    const refused = await new StaffClient(server).call('POST', '/session', {
      body: { email: support.email, password: support.password },
    });
    expect(codeOfError(refused)).toBe(code('staffCredentialsInvalid'));
    await manager.call('PATCH', `/staff/${support.id}`, { body: { disabled: false } });
    await expect(signIn(server, support, clock)).resolves.toBeInstanceOf(StaffClient);
    // Nobody disables themselves or changes their own role.
    const self = await manager.call('PATCH', `/staff/${owner.id}`, { body: { disabled: true } });
    expect(codeOfError(self)).toBe(code('operatorConflict'));
    const [row] = await server.db
      .select({ state: staffAccounts.state })
      .from(staffAccounts)
      .where(eq(staffAccounts.id, owner.id));
    expect(row?.state).toBe('active');
  });
});

describe('failures per client address', () => {
  it('counts failed sign-ins against the address too: past the limit it is answered 429 before any password is checked', async () => {
    const limited = await startTestServer({
      database: server.database,
      env: { AUTH_FAILURES_PER_ADDRESS: '3', TRUST_PROXY: 'loopback' },
      clock: () => clock.now,
    });
    try {
      const support = await createStaff(limited, { role: 'support', brandId: 'brand0' });
      const client = new StaffClient(limited);
      // An address of its own: the counters are the database's, shared with the other server.
      const headers = { 'x-forwarded-for': '198.51.100.77' };
      for (let failure = 1; failure <= 3; failure += 1) {
        const answer = await client.call('POST', '/session', {
          headers,
          body: { email: `nobody-${String(failure)}@staff.test`, password: 'a-wrong-password-1' },
        });
        expect(codeOfError(answer)).toBe(code('staffCredentialsInvalid'));
      }
      const blocked = await client.call('POST', '/session', {
        headers,
        body: { email: support.email, password: support.password },
      });
      expect(blocked.status).toBe(429);
      expect(codeOfError(blocked)).toBe(code('rateLimited'));
      expect(blocked.headers.get('retry-after')).not.toBeNull();
    } finally {
      await limited.close();
    }
  });
});
