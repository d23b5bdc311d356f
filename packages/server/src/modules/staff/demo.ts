/**
 * The sandbox's demo staff (db/seed-data/staff.ts): written by the seed when missing, and the
 * current code of their published second-factor secrets.
 *
 * @packageDocumentation
 */
import { and, inArray, ne } from 'drizzle-orm';
import type { Executor } from '../../db/open';
import { staffAccounts, staffSessions } from '../../db/schema';
import { DEMO_STAFF, DEMO_STAFF_PASSWORD } from '../../db/seed-data';
import { hashPassword } from './passwords';
import { currentCode } from './totp';

const DEMO_EMAILS = DEMO_STAFF.map((account) => account.email);

/**
 * Writes the demo staff accounts that are missing (active, with the demo password), and makes
 * the ones a start without the demo data disabled active again.
 */
export async function seedDemoStaff(db: Executor): Promise<void> {
  await db
    .update(staffAccounts)
    .set({ state: 'active' })
    .where(and(inArray(staffAccounts.email, DEMO_EMAILS), ne(staffAccounts.state, 'active')));
  const present = await db
    .select({ email: staffAccounts.email })
    .from(staffAccounts)
    .where(inArray(staffAccounts.email, DEMO_EMAILS));
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

/**
 * Disables the demo staff accounts and ends their sessions: their password and second-factor
 * secrets are published, so a server that does not run the demo (production, or a sandbox
 * started without the demo data) never lets them in, also on a database a demo once seeded.
 * Answers how many accounts it disabled.
 */
export async function disableDemoStaff(db: Executor): Promise<number> {
  const disabled = await db
    .update(staffAccounts)
    .set({ state: 'disabled' })
    .where(and(inArray(staffAccounts.email, DEMO_EMAILS), ne(staffAccounts.state, 'disabled')))
    .returning({ id: staffAccounts.id });
  if (disabled.length > 0) {
    await db.delete(staffSessions).where(
      inArray(
        staffSessions.staffId,
        disabled.map((row) => row.id),
      ),
    );
  }
  return disabled.length;
}
