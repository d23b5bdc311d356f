/**
 * The back office's calls for the integration tests, over real HTTP: a staff client that keeps
 * the session cookie and the CSRF token as a browser and the back office would, staff accounts
 * made for one test, and the clock the tests move.
 *
 * @packageDocumentation
 */
import { randomBytes } from 'node:crypto';
import { OPERATOR_BASE, STAFF_BASE, StaffSession } from '@cashdesk/contract';
import type { StaffRole } from '@cashdesk/contract';
import { staffAccounts } from '../db/schema';
import { hashPassword } from '../modules/staff/passwords';
import { currentCode } from '../modules/staff/totp';
import type { TestServer } from './harness';

/** A clock the tests move (the server reads `clock.now`). */
export interface TestClock {
  now: Date;
}

/** Moves a clock on by `ms`. */
export function advance(clock: TestClock, ms: number): void {
  clock.now = new Date(clock.now.getTime() + ms);
}

/** An answer of the back office or the operator API. */
export interface StaffAnswer {
  readonly status: number;
  readonly body: unknown;
  readonly headers: Headers;
  readonly text: string;
}

/** Options of one call. */
export interface StaffCallOptions {
  readonly body?: unknown;
  readonly headers?: Readonly<Record<string, string>>;
  /** Send the session's CSRF token (default true). */
  readonly csrf?: boolean;
}

/** A browser of the back office: its cookie and the session's CSRF token. */
export class StaffClient {
  cookie: string | undefined;
  csrf: string | undefined;

  constructor(private readonly server: Pick<TestServer, 'baseUrl'>) {}

  /**
   * One call: `path` under /api/back-office/v1, `op:<path>` under /api/operator/v1, or an
   * absolute /api/ path.
   */
  async call(method: string, path: string, options: StaffCallOptions = {}): Promise<StaffAnswer> {
    const full = path.startsWith('op:')
      ? `${OPERATOR_BASE}${path.slice(3)}`
      : path.startsWith('/api/')
        ? path
        : `${STAFF_BASE}${path}`;
    const headers: Record<string, string> = {};
    if (this.cookie !== undefined) headers.cookie = this.cookie;
    if (options.csrf !== false && this.csrf !== undefined) headers['x-csrf-token'] = this.csrf;
    if (options.body !== undefined) headers['content-type'] = 'application/json';
    Object.assign(headers, options.headers);
    const response = await fetch(`${this.server.baseUrl}${full}`, {
      method,
      headers,
      ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
    });
    const setCookie = response.headers.get('set-cookie');
    if (setCookie !== null) {
      const pair = setCookie.split(';')[0] ?? '';
      this.cookie = pair.endsWith('=') ? undefined : pair;
    }
    const text = await response.text();
    let body: unknown = text;
    if ((response.headers.get('content-type') ?? '').includes('application/json') && text !== '') {
      body = JSON.parse(text);
    }
    if (response.status === 200 && isSession(body)) this.csrf = body.csrf_token;
    return { status: response.status, body, headers: response.headers, text };
  }
}

function isSession(body: unknown): body is StaffSession {
  return StaffSession.safeParse(body).success;
}

/** A staff account made for a test. */
export interface TestStaff {
  readonly id: string;
  readonly email: string;
  readonly password: string;
  readonly role: StaffRole;
  readonly brandId: string | null;
  /** The TOTP secret when one is set up. */
  readonly secret: string | null;
}

/** The password every test account gets. */
export const TEST_STAFF_PASSWORD = 'a-long-test-password-42';

let testHash: Promise<string> | undefined;

/** A second-factor secret made for tests (base32). */
const TEST_TOTP_BASE32 = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';

/** Makes an active staff account (a test's own: a fresh address). */
export async function createStaff(
  server: Pick<TestServer, 'db'>,
  options: {
    readonly role: StaffRole;
    readonly brandId: string | null;
    /** Set up a second factor (default: when the role needs one). */
    readonly secondFactor?: boolean;
  },
): Promise<TestStaff> {
  testHash ??= hashPassword(TEST_STAFF_PASSWORD);
  const email = `${options.role}-${randomBytes(4).toString('hex')}@staff.test`;
  const secret = (options.secondFactor ?? options.role !== 'support') ? TEST_TOTP_BASE32 : null;
  const [row] = await server.db
    .insert(staffAccounts)
    .values({
      email,
      name: `Test ${options.role}`,
      role: options.role,
      brandId: options.brandId,
      state: 'active',
      passwordHash: await testHash,
      totpSecret: secret,
    })
    .returning();
  if (row === undefined) throw new Error('no staff row');
  return {
    id: row.id,
    email,
    password: TEST_STAFF_PASSWORD,
    role: options.role,
    brandId: options.brandId,
    secret,
  };
}

/** The current code of a secret on the test clock. */
export function codeOf(secret: string, clock: TestClock): string {
  return currentCode(secret, clock.now);
}

/**
 * Signs a staff member in through the calls, the second factor included (the clock moves a
 * step first, as a code is accepted once), and answers the client.
 */
export async function signIn(
  server: Pick<TestServer, 'baseUrl'>,
  staff: TestStaff,
  clock: TestClock,
): Promise<StaffClient> {
  const client = new StaffClient(server);
  const first = await client.call('POST', '/session', {
    body: { email: staff.email, password: staff.password },
  });
  if (first.status !== 200) throw new Error(`sign in: ${first.status} ${first.text}`);
  if (staff.secret !== null) {
    advance(clock, 30_000);
    const second = await client.call('POST', '/session/second-factor', {
      body: { code: codeOf(staff.secret, clock) },
    });
    if (second.status !== 200) throw new Error(`second factor: ${second.status} ${second.text}`);
  }
  return client;
}

/** The `error_code` of an answer. */
export function codeOfError(answer: StaffAnswer): unknown {
  const body = answer.body;
  return typeof body === 'object' && body !== null && 'error_code' in body
    ? body.error_code
    : undefined;
}
