/**
 * Staff passwords, hashed with Node's own scrypt (memory-hard, so a stolen table is slow to
 * guess on GPUs). A hash is `scrypt$<N>$<r>$<p>$<salt>$<hash>` (salt and hash base64url), so the
 * parameters travel with it and can be raised later: a hash made with lower ones still verifies.
 * Hashes are compared in constant time. The rule of what a password may be is the domain's
 * (`staffPasswordProblem`), shared with the back office.
 *
 * @packageDocumentation
 */
import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { staffPasswordProblem } from '@cashdesk/domain';
import { ApiError } from '../../http/api-error';

/** scrypt's cost today: N = 2^15, r = 8, p = 1 (32 MiB, about 50-100 ms a hash). */
const PARAMETERS = { N: 32_768, r: 8, p: 1 } as const;
const KEY_LENGTH = 32;

/** scrypt's cost parameters. */
interface ScryptCost {
  readonly N: number;
  readonly r: number;
  readonly p: number;
}

function derive(password: string, salt: Buffer, cost: ScryptCost): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(
      password.normalize('NFC'),
      salt,
      KEY_LENGTH,
      { ...cost, maxmem: 256 * cost.N * cost.r },
      (error, key) => {
        if (error === null) resolve(key);
        else reject(error);
      },
    );
  });
}

/** The hash of a password (see the module comment). */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, PARAMETERS);
  const { N, r, p } = PARAMETERS;
  return ['scrypt', N, r, p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

/** A hash of no one's password: verified against when the address is unknown, so it takes as long. */
let dummyHash: Promise<string> | undefined;

/**
 * Whether `password` is the one of `stored`. With `stored` null (unknown address, no password
 * yet) a dummy hash is checked instead and the answer is false, in the same time.
 */
export async function verifyPassword(password: string, stored: string | null): Promise<boolean> {
  dummyHash ??= hashPassword(randomBytes(18).toString('base64url'));
  const hash = stored ?? (await dummyHash);
  const [kind, n, r, p, salt, key] = hash.split('$');
  if (kind !== 'scrypt' || salt === undefined || key === undefined) return false;
  const expected = Buffer.from(key, 'base64url');
  const actual = await derive(password, Buffer.from(salt, 'base64url'), {
    N: Number(n),
    r: Number(r),
    p: Number(p),
  });
  return stored !== null && actual.length === expected.length && timingSafeEqual(actual, expected);
}

/**
 * Refuses a password the domain's rule does not take.
 *
 * @throws {ApiError} staffPasswordWeak (1858)
 */
export function assertPasswordStrong(password: string): void {
  const problem = staffPasswordProblem(password);
  if (problem !== null) {
    throw new ApiError('staffPasswordWeak', { field: 'body.password', detail: problem });
  }
}
