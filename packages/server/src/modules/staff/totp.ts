/**
 * The second factor: TOTP (RFC 6238: SHA-1, six digits, 30-second steps) through the `otpauth`
 * package, on the app's clock. A code of the step before or after the current one is accepted
 * (clocks drift), and no code is accepted twice: the account remembers the last step it accepted
 * and a code of that step or an earlier one is refused, by a conditional update, so two requests
 * racing with one code cannot both pass.
 *
 * @packageDocumentation
 */
import { Secret, TOTP } from 'otpauth';
import { and, eq, isNull, lt, or } from 'drizzle-orm';
import type { Executor } from '../../db/open';
import { staffAccounts } from '../../db/schema';

const PERIOD_S = 30;

function totpOf(secret: string, label = 'staff'): TOTP {
  return new TOTP({
    issuer: 'Cashdesk',
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD_S,
    secret: Secret.fromBase32(secret),
  });
}

/** A new secret (160 bits, base32) and its otpauth:// URI (issuer Cashdesk, label the e-mail). */
export function newTotpSecret(email: string): { readonly secret: string; readonly uri: string } {
  const secret = new Secret({ size: 20 }).base32;
  return { secret, uri: totpOf(secret, email).toString() };
}

/** The step a valid code of `secret` belongs to at `now` (±1 step), or `null`. */
export function codeStep(secret: string, code: string, now: Date): number | null {
  const delta = totpOf(secret).validate({ token: code, timestamp: now.getTime(), window: 1 });
  if (delta === null) return null;
  return Math.floor(now.getTime() / 1000 / PERIOD_S) + delta;
}

/** The current code of a secret (the sandbox's demo accounts). */
export function currentCode(secret: string, now: Date): string {
  return totpOf(secret).generate({ timestamp: now.getTime() });
}

/**
 * Accepts `code` for the account's confirmed secret: true once per step, false for a wrong code
 * or one of a step already used.
 */
export async function acceptCode(
  db: Executor,
  account: { readonly id: string; readonly totpSecret: string | null },
  code: string,
  now: Date,
): Promise<boolean> {
  if (account.totpSecret === null) return false;
  const step = codeStep(account.totpSecret, code, now);
  if (step === null) return false;
  const used = await db
    .update(staffAccounts)
    .set({ totpLastStep: step })
    .where(
      and(
        eq(staffAccounts.id, account.id),
        or(isNull(staffAccounts.totpLastStep), lt(staffAccounts.totpLastStep, step)),
      ),
    )
    .returning({ id: staffAccounts.id });
  return used.length === 1;
}
