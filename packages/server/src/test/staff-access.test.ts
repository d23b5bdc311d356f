/**
 * What each staff role may do through the operator API under the back office's session, on the
 * real server: the permission of each call (the contract's STAFF_PERMISSION_OF_CALL), a brand's
 * staff confined to their brand, the administrator naming the brand with x-brand-id, the audit
 * trail's `staff:<id>` actor, invitation and reset links, the sandbox's demo accounts, and no
 * secret in any answer or log line.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import {
  ApiKeyCreated,
  AuditPage,
  ERROR_CODES,
  StaffDemoCode,
  StaffLink,
  StaffLinkInfo,
  StaffList,
  StaffSession,
} from '@cashdesk/contract';
import { operatorAuditLog, staffAccounts } from '../db/schema';
import { DEMO_STAFF, DEMO_STAFF_PASSWORD } from '../sandbox';
import { disableDemoStaff, inviteAdministrator, seedDemoStaff } from '../modules/staff';
import { currentCode } from '../modules/staff/totp';
import { startTestServer } from './harness';
import type { TestServer } from './harness';
import { APPROVED_VISA, cardBody, depositSubmitCalls } from './deposit-submit-calls';
import type { DepositSubmitCalls } from './deposit-submit-calls';
import { OPERATOR_ENV, createOperatorBrand } from './operator-calls';
import {
  StaffClient,
  TEST_STAFF_PASSWORD,
  advance,
  codeOf,
  codeOfError,
  createStaff,
  signIn,
} from './staff-calls';
import type { StaffAnswer, TestClock } from './staff-calls';

const clock: TestClock = { now: new Date('2030-06-01T09:00:00.000Z') };
let server: TestServer;
let calls: DepositSubmitCalls;

beforeAll(async () => {
  server = await startTestServer({ env: OPERATOR_ENV, clock: () => clock.now });
  calls = await depositSubmitCalls(server);
});

afterAll(async () => {
  await server.close();
});

const code = (name: keyof typeof ERROR_CODES) => ERROR_CODES[name].code;

function expectRefused(answer: StaffAnswer, name: keyof typeof ERROR_CODES): void {
  expect(answer.status, answer.text).toBe(ERROR_CODES[name].status);
  expect(codeOfError(answer)).toBe(code(name));
}

/** An approved card deposit of a new brand0 player: its transaction id. */
async function deposit(amount: string): Promise<string> {
  const player = await calls.freshPlayer();
  const answer = await calls.submit(player.session, 'card', cardBody(APPROVED_VISA, amount));
  expect(answer.status).toBe(200);
  const id = answer.body.transaction_id;
  if (typeof id !== 'string') throw new Error('no transaction id');
  return id;
}

const refundBody = { amount: '5', currency: 'EUR', reason: 'goodwill' };

describe('each role against the operator API', () => {
  it('refuses a refund to support (1856) and makes it for finance', async () => {
    const id = await deposit('20');
    const support = await signIn(
      server,
      await createStaff(server, { role: 'support', brandId: 'brand0' }),
      clock,
    );
    const finance = await signIn(
      server,
      await createStaff(server, { role: 'finance', brandId: 'brand0' }),
      clock,
    );
    const path = `op:/transactions/${id}/refunds`;
    const headers = { 'idempotency-key': randomUUID() };
    expectRefused(
      await support.call('POST', path, { body: refundBody, headers }),
      'staffPermissionMissing',
    );
    // Support reads transactions and blocks players, as its role says.
    expect((await support.call('GET', `op:/transactions/${id}`)).status).toBe(200);
    const refunded = await finance.call('POST', path, { body: refundBody, headers });
    expect(refunded.status, refunded.text).toBe(201);
    expectRefused(
      await finance.call('POST', '/staff', {
        body: { email: `x-${id}@staff.test`, name: 'X', role: 'support' },
      }),
      'staffPermissionMissing',
    );
  });

  it("lets a developer mint an API key for its brand, never for another's", async () => {
    const other = await createOperatorBrand(server);
    const developer = await signIn(
      server,
      await createStaff(server, { role: 'developer', brandId: 'brand0' }),
      clock,
    );
    const minted = await developer.call('POST', '/api/operator/v1/brands/brand0/api-keys', {
      body: { label: 'from the back office', scopes: ['transactions:read'] },
    });
    expect(minted.status, minted.text).toBe(201);
    ApiKeyCreated.parse(minted.body);
    expectRefused(
      await developer.call('POST', `/api/operator/v1/brands/${other.brandId}/api-keys`, {
        body: { label: 'not mine', scopes: ['transactions:read'] },
      }),
      'staffPermissionMissing',
    );
    expectRefused(
      await developer.call('GET', `/api/operator/v1/brands/${other.brandId}/api-keys`),
      'staffPermissionMissing',
    );
    expectRefused(
      await developer.call('POST', '/api/operator/v1/brands', {
        body: { id: `dev-${randomUUID().slice(0, 8)}`, name: 'No' },
      }),
      'staffPermissionMissing',
    );
    // Its audit entry names the staff member.
    const [entry] = await server.db
      .select()
      .from(operatorAuditLog)
      .where(
        and(
          eq(operatorAuditLog.brandId, 'brand0'),
          eq(operatorAuditLog.action, 'operatorApiKeyCreate'),
        ),
      )
      .orderBy(operatorAuditLog.seq);
    expect(entry?.actor).toMatch(/^staff:[0-9a-f-]{36}$/);
  });
});

describe('one brand never reaches another', () => {
  it("refuses a brand's owner every read and change of another brand", async () => {
    const b = await createOperatorBrand(server);
    const owner = await createStaff(server, { role: 'owner', brandId: b.brandId });
    const brand0Support = await createStaff(server, { role: 'support', brandId: 'brand0' });
    const client = await signIn(server, owner, clock);
    const id = await deposit('15');
    // Naming brand0 is refused outright.
    expectRefused(
      await client.call('GET', 'op:/brand', { headers: { 'x-brand-id': 'brand0' } }),
      'staffPermissionMissing',
    );
    // Without it every call is about their own brand: brand0's rows are not found.
    const brand = await client.call('GET', 'op:/brand');
    expect(brand.status).toBe(200);
    expect(brand.body).toMatchObject({ id: b.brandId });
    expectRefused(await client.call('GET', 'op:/players/demo'), 'operatorNotFound');
    expectRefused(await client.call('GET', `op:/transactions/${id}`), 'operatorNotFound');
    expectRefused(
      await client.call('POST', 'op:/players/demo/block', { body: { reason: 'no' } }),
      'operatorNotFound',
    );
    expectRefused(
      await client.call('POST', `op:/transactions/${id}/refunds`, {
        body: refundBody,
        headers: { 'idempotency-key': randomUUID() },
      }),
      'operatorNotFound',
    );
    const list = await client.call('GET', 'op:/transactions');
    expect(list.status).toBe(200);
    expect(JSON.stringify(list.body)).not.toContain(id);
    // Staff management too.
    const staff = StaffList.parse((await client.call('GET', '/staff')).body).staff;
    expect(staff.map((member) => member.id)).toEqual([owner.id]);
    expectRefused(
      await client.call('PATCH', `/staff/${brand0Support.id}`, { body: { disabled: true } }),
      'operatorNotFound',
    );
    expectRefused(
      await client.call('POST', `/staff/${brand0Support.id}/password-reset`),
      'operatorNotFound',
    );
    expectRefused(
      await client.call('POST', '/staff', {
        body: {
          email: `x-${b.brandId}@staff.test`,
          name: 'X',
          role: 'support',
          brand_id: 'brand0',
        },
      }),
      'staffPermissionMissing',
    );
    expectRefused(
      await client.call('POST', '/staff', {
        body: { email: `a-${b.brandId}@staff.test`, name: 'A', role: 'administrator' },
      }),
      'staffPermissionMissing',
    );
  });
});

describe('the administrator', () => {
  it('names the brand of a brand call with x-brand-id (1859 without), and creates brands', async () => {
    const admin = await createStaff(server, { role: 'administrator', brandId: null });
    const client = await signIn(server, admin, clock);
    const session = StaffSession.parse((await client.call('GET', '/session')).body);
    expect(session.brands.map((brand) => brand.id)).toEqual(
      expect.arrayContaining(['brand0', 'brand1']),
    );
    expectRefused(await client.call('GET', 'op:/brand'), 'staffBrandRequired');
    expectRefused(
      await client.call('GET', 'op:/brand', { headers: { 'x-brand-id': 'no-such-brand' } }),
      'staffBrandRequired',
    );
    const brand1 = await client.call('GET', 'op:/brand', { headers: { 'x-brand-id': 'brand1' } });
    expect(brand1.body).toMatchObject({ id: 'brand1' });
    const id = `adm-${randomUUID().slice(0, 8)}`;
    const created = await client.call('POST', '/api/operator/v1/brands', {
      body: { id, name: 'Made by staff' },
    });
    expect(created.status).toBe(201);
    const [entry] = await server.db
      .select()
      .from(operatorAuditLog)
      .where(eq(operatorAuditLog.brandId, id));
    expect(entry?.actor).toBe(`staff:${admin.id}`);
  });
});

describe('the audit trail', () => {
  it('records a staff member as staff:<id>, and staff changes without any hash or secret', async () => {
    const b = await createOperatorBrand(server);
    const owner = await createStaff(server, { role: 'owner', brandId: b.brandId });
    const client = await signIn(server, owner, clock);
    const renamed = await client.call('PATCH', 'op:/brand', { body: { name: 'Renamed' } });
    expect(renamed.status, renamed.text).toBe(200);
    const invited = await client.call('POST', '/staff', {
      body: { email: `audit-${b.brandId}@staff.test`, name: 'Audited', role: 'finance' },
    });
    expect(invited.status).toBe(201);
    const page = AuditPage.parse((await client.call('GET', 'op:/audit?kind=change')).body);
    const actions = page.entries.map((entry) => [entry.action, entry.actor]);
    expect(actions).toEqual(
      expect.arrayContaining([
        ['operatorBrandUpdate', `staff:${owner.id}`],
        ['staffInvite', `staff:${owner.id}`],
      ]),
    );
    const link = StaffLink.parse(invited.body);
    const token = link.url.split('#token=')[1] ?? '';
    const trail = JSON.stringify(page.entries);
    expect(trail).not.toContain(token);
    expect(trail).not.toMatch(/scrypt\$|password|totp/i);
  });
});

describe('invitation and reset links', () => {
  it('invites: the link sets the password once, and expires after 72 hours', async () => {
    const owner = await signIn(
      server,
      await createStaff(server, { role: 'owner', brandId: 'brand0' }),
      clock,
    );
    const email = `invited-${randomUUID().slice(0, 8)}@staff.test`;
    const answer = await owner.call('POST', '/staff', {
      body: { email, name: 'Invited', role: 'support' },
    });
    expect(answer.status).toBe(201);
    const link = StaffLink.parse(answer.body);
    expect(link.staff.state).toBe('invited');
    expect(link.url).toMatch(
      new RegExp(`^${server.baseUrl}/back-office/set-password#token=[A-Za-z0-9_-]{43}$`),
    );
    expect(link.expires_at).toBe(new Date(clock.now.getTime() + 72 * 3_600_000).toISOString());
    const token = link.url.split('#token=')[1] ?? '';
    const anyone = new StaffClient(server);
    const info = StaffLinkInfo.parse(
      (await anyone.call('POST', '/password/check', { body: { token } })).body,
    );
    expect(info).toMatchObject({ kind: 'invitation', email });
    expectRefused(
      await anyone.call('POST', '/password', { body: { token, password: 'short' } }),
      'staffPasswordWeak',
    );
    expectRefused(
      await anyone.call('POST', '/password', { body: { token, password: 'Password123456' } }),
      'staffPasswordWeak',
    );
    const set = await anyone.call('POST', '/password', {
      body: { token, password: 'a-good-new-password' },
    });
    expect(set.status).toBe(204);
    expectRefused(
      await anyone.call('POST', '/password', { body: { token, password: 'another-good-one-1' } }),
      'staffLinkInvalid',
    );
    expectRefused(
      await anyone.call('POST', '/password/check', { body: { token } }),
      'staffLinkInvalid',
    );
    const signedIn = await anyone.call('POST', '/session', {
      body: { email, password: 'a-good-new-password' },
    });
    expect(StaffSession.parse(signedIn.body).staff.state).toBe('active');

    const late = StaffLink.parse(
      (
        await owner.call('POST', '/staff', {
          body: { email: `late-${email}`, name: 'Late', role: 'support' },
        })
      ).body,
    );
    advance(clock, 72 * 3_600_000);
    expectRefused(
      await anyone.call('POST', '/password', {
        body: { token: late.url.split('#token=')[1] ?? '', password: 'a-good-new-password' },
      }),
      'staffLinkInvalid',
    );
    // The same address again is a conflict.
    const owner2 = await signIn(
      server,
      await createStaff(server, { role: 'owner', brandId: 'brand0' }),
      clock,
    );
    expectRefused(
      await owner2.call('POST', '/staff', { body: { email, name: 'Again', role: 'support' } }),
      'operatorConflict',
    );
  });

  it('resets: a new link voids the older one, the password changes and the sessions end', async () => {
    const owner = await signIn(
      server,
      await createStaff(server, { role: 'owner', brandId: 'brand0' }),
      clock,
    );
    const support = await createStaff(server, { role: 'support', brandId: 'brand0' });
    const supportClient = await signIn(server, support, clock);
    const first = StaffLink.parse(
      (await owner.call('POST', `/staff/${support.id}/password-reset`)).body,
    );
    const second = StaffLink.parse(
      (await owner.call('POST', `/staff/${support.id}/password-reset`)).body,
    );
    expect(second.expires_at).toBe(new Date(clock.now.getTime() + 24 * 3_600_000).toISOString());
    const anyone = new StaffClient(server);
    const tokenOf = (link: { readonly url: string }) => link.url.split('#token=')[1] ?? '';
    expectRefused(
      await anyone.call('POST', '/password', {
        body: { token: tokenOf(first), password: 'a-reset-password-1' },
      }),
      'staffLinkInvalid',
    );
    const info = StaffLinkInfo.parse(
      (await anyone.call('POST', '/password/check', { body: { token: tokenOf(second) } })).body,
    );
    expect(info.kind).toBe('reset');
    expect(
      (
        await anyone.call('POST', '/password', {
          body: { token: tokenOf(second), password: 'a-reset-password-1' },
        })
      ).status,
    ).toBe(204);
    expectRefused(await supportClient.call('GET', '/session'), 'staffSignedOut');
    expectRefused(
      await anyone.call('POST', '/session', {
        body: { email: support.email, password: TEST_STAFF_PASSWORD },
      }),
      'staffCredentialsInvalid',
    );
    const again = await anyone.call('POST', '/session', {
      body: { email: support.email, password: 'a-reset-password-1' },
    });
    expect(again.status).toBe(200);
  });

  it('removes a second factor for a lost phone: sessions end, the next sign-in enrols again', async () => {
    const owner = await signIn(
      server,
      await createStaff(server, { role: 'owner', brandId: 'brand0' }),
      clock,
    );
    const finance = await createStaff(server, { role: 'finance', brandId: 'brand0' });
    const financeClient = await signIn(server, finance, clock);
    const reset = await owner.call('DELETE', `/staff/${finance.id}/second-factor`);
    expect(reset.status).toBe(200);
    expect(reset.body).toMatchObject({ second_factor: false });
    expectRefused(await financeClient.call('GET', '/session'), 'staffSignedOut');
    const next = await new StaffClient(server).call('POST', '/session', {
      body: { email: finance.email, password: finance.password },
    });
    expect(StaffSession.parse(next.body).stage).toBe('enrol_second_factor');
  });

  it('invites the first administrator from the command line, who then sets up a second factor', async () => {
    const email = `first-admin-${randomUUID().slice(0, 8)}@staff.test`;
    const link = await inviteAdministrator(server.db, {
      email,
      name: 'First Admin',
      publicUrl: server.baseUrl,
      now: clock.now,
    });
    expect(link.staff).toMatchObject({ role: 'administrator', brand_id: null, state: 'invited' });
    const client = new StaffClient(server);
    const token = link.url.split('#token=')[1] ?? '';
    await client.call('POST', '/password', { body: { token, password: 'the-first-admin-pw' } });
    const first = await client.call('POST', '/session', {
      body: { email, password: 'the-first-admin-pw' },
    });
    expect(StaffSession.parse(first.body).stage).toBe('enrol_second_factor');
    await expect(
      inviteAdministrator(server.db, {
        email,
        name: 'Twice',
        publicUrl: server.baseUrl,
        now: clock.now,
      }),
    ).rejects.toMatchObject({ errorName: 'operatorConflict' });
  });
});

describe('the sandbox demo staff', () => {
  it('signs in each demo account with the published password and its demo code', async () => {
    expect(new Set(DEMO_STAFF.map((account) => account.role)).size).toBe(5);
    for (const account of DEMO_STAFF) {
      const client = new StaffClient(server);
      const first = await client.call('POST', '/session', {
        body: { email: account.email, password: DEMO_STAFF_PASSWORD },
      });
      expect(first.status, account.email).toBe(200);
      if (account.totpSecret === null) {
        expect(StaffSession.parse(first.body).stage).toBe('signed_in');
        expectRefused(
          await client.call('GET', `/sandbox/demo-code?email=${encodeURIComponent(account.email)}`),
          'operatorNotFound',
        );
        continue;
      }
      advance(clock, 30_000);
      const demo = StaffDemoCode.parse(
        (await client.call('GET', `/sandbox/demo-code?email=${encodeURIComponent(account.email)}`))
          .body,
      );
      expect(demo.code).toBe(currentCode(account.totpSecret, clock.now));
      const signedIn = await client.call('POST', '/session/second-factor', {
        body: { code: demo.code },
      });
      expect(StaffSession.parse(signedIn.body).stage).toBe('signed_in');
    }
  });

  it('answers the demo-code call 1901 outside the sandbox', async () => {
    const production = await startTestServer({
      mode: 'production',
      database: server.database,
      env: { CASHDESK_SECRET: 'a-production-secret-for-tests' },
    });
    try {
      const answer = await new StaffClient(production).call(
        'GET',
        '/sandbox/demo-code?email=owner%40demo.cashdesk.test',
      );
      expectRefused(answer, 'sandboxOnly');
    } finally {
      await production.close();
    }
  });
});

describe('the demo accounts outside the demo', () => {
  it('a start without the demo data disables them and ends their sessions; the seed enables them', async () => {
    const [owner] = DEMO_STAFF.filter((account) => account.totpSecret === null);
    if (owner === undefined) throw new Error('a demo account without a second factor');
    const client = new StaffClient(server);
    const first = await client.call('POST', '/session', {
      body: { email: owner.email, password: DEMO_STAFF_PASSWORD },
    });
    expect(StaffSession.parse(first.body).stage).toBe('signed_in');

    expect(await disableDemoStaff(server.database.db)).toBe(DEMO_STAFF.length);
    expect(await disableDemoStaff(server.database.db)).toBe(0);
    expectRefused(await client.call('GET', '/session'), 'staffSignedOut');
    expectRefused(
      await new StaffClient(server).call('POST', '/session', {
        body: { email: owner.email, password: DEMO_STAFF_PASSWORD },
      }),
      'staffCredentialsInvalid',
    );

    await seedDemoStaff(server.database.db);
    const again = await new StaffClient(server).call('POST', '/session', {
      body: { email: owner.email, password: DEMO_STAFF_PASSWORD },
    });
    expect(StaffSession.parse(again.body).stage).toBe('signed_in');
  });
});

describe('secrets', () => {
  it('never puts a password, hash, second-factor secret, cookie or link token in an answer or log line', async () => {
    const owner = await createStaff(server, { role: 'owner', brandId: 'brand0' });
    const client = await signIn(server, owner, clock);
    const cookieValue = (client.cookie ?? '').split('=')[1] ?? '';
    const answers: StaffAnswer[] = [
      await client.call('GET', '/session'),
      await client.call('GET', '/staff'),
      await client.call('POST', '/staff', {
        body: { email: `secret-${owner.id}@staff.test`, name: 'S', role: 'support' },
      }),
    ];
    const [row] = await server.db
      .select()
      .from(staffAccounts)
      .where(eq(staffAccounts.id, owner.id));
    const hash = row?.passwordHash ?? '';
    const link = StaffLink.parse(answers[2]?.body);
    const linkToken = link.url.split('#token=')[1] ?? '';
    await new StaffClient(server).call('POST', '/password/check', { body: { token: linkToken } });
    for (const answer of answers) {
      for (const secret of [owner.password, hash, owner.secret ?? '', cookieValue]) {
        expect(answer.text).not.toContain(secret);
      }
      expect(answer.text).not.toMatch(/password_hash|totp_secret/);
    }
    const logs = server.logs();
    for (const secret of [owner.password, hash, owner.secret ?? '', cookieValue, linkToken]) {
      expect(logs).not.toContain(secret);
    }
    expect(logs).not.toContain(codeOf(owner.secret ?? '', clock));
  });
});
