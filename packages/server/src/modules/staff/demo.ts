/**
 * The sandbox's demo staff (db/seed-data/staff.ts): written by the seed when missing, and the
 * current code of their published second-factor secrets.
 *
 * @packageDocumentation
 */
import { inArray } from 'drizzle-orm';
import type { Executor } from '../../db/open';
import { staffAccounts } from '../../db/schema';
import { DEMO_STAFF, DEMO_STAFF_PASSWORD } from '../../db/seed-data';
import { hashPassword } from './passwords';
import { currentCode } from './totp';

/** Writes the demo staff accounts that are missing (active, with the demo password). */
export async function seedDemoStaff(db: Executor): Promise<void> {
  const present = await db
    .select({ email: staffAccounts.email })
    .from(staffAccounts)
    .where(
      inArray(
        staffAccounts.email,
        DEMO_STAFF.map((account) => account.email),
      ),
    );
  const known = new Set(present.map((row) => row.email));
  const missing = DEMO_STAFF.filter((account) => !known.has(account.email));
  if (missing.length === 0) return;
  // One hash for all: the password is published, so separate salts would protect nothing.
  const passwordHash = await hashPassword(DEMO_STAFF_PASSWORD);
  await db
    .insert(staffAccounts)
    .values(
      missing.map((account) => ({
        email: account.email,
        name: account.name,
        role: account.role,
        brandId: account.brandId,
        state: 'active' as const,
        passwordHash,
        totpSecret: account.totpSecret,
      })),
    )
    .onConflictDoNothing({ target: staffAccounts.email });
}

/** The current code of a demo account's published secret; `undefined` for any other address. */
export function demoCode(email: string, now: Date): string | undefined {
  const secret = DEMO_STAFF.find((account) => account.email === email)?.totpSecret;
  return secret === undefined || secret === null ? undefined : currentCode(secret, now);
}
