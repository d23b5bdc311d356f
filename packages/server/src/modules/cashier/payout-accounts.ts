/**
 * The payout accounts of a withdrawal method detail (SPEC §3): the player's live accounts for the
 * pay group, and the contacts a one-time code for a new account can go to (SPEC §2 "choose a
 * contact"). Adding, verifying and deleting an account is payout-accounts.ts's.
 *
 * @packageDocumentation
 */
import { and, eq, isNull } from 'drizzle-orm';
import type { PayoutAccount, TrustedContact } from '@cashdesk/contract';
import type { Executor } from '../../db/open';
import { payoutAccounts } from '../../db/schema';
import type { players } from '../../db/schema';
import { maskEmail, maskPhone } from '../accounts';
import { storedFields } from './pay-group-form';
import type { PayGroupRow } from './pay-group-rows';

/** Where a one-time code for a payout account can go (SPEC §2 "choose a contact"). */
export function trustedContacts(player: typeof players.$inferSelect): TrustedContact[] {
  const contacts: TrustedContact[] = [];
  if (player.email !== null && player.email !== '') {
    contacts.push({ contact_type: 'email', masked_contact: maskEmail(player.email) });
  }
  if (player.phone !== null && player.phone !== '') {
    contacts.push({ contact_type: 'phone', masked_contact: maskPhone(player.phone) });
  }
  return contacts;
}

/**
 * The live payout accounts of a player for a withdrawal pay group. `requisite_type` is the
 * user_requisite_type_id of the pay group's field that lists accounts (as the contract says),
 * else the stored requisite type.
 */
export async function listPayoutAccounts(
  db: Executor,
  playerId: string,
  group: PayGroupRow,
): Promise<PayoutAccount[]> {
  const rows = await db
    .select()
    .from(payoutAccounts)
    .where(
      and(
        eq(payoutAccounts.playerId, playerId),
        eq(payoutAccounts.payGroupId, group.id),
        isNull(payoutAccounts.deletedAt),
      ),
    )
    .orderBy(payoutAccounts.createdAt, payoutAccounts.id);
  const typeId = storedFields(group).find(
    (field) => field.user_requisite_type_id !== null && field.user_requisite_type_id !== undefined,
  )?.user_requisite_type_id;
  return rows.map((account) => ({
    id: account.id,
    // The label the player gave the account (payout-accounts.ts LABEL_KEY), else the method name.
    label: account.details['@label'] ?? group.publicName,
    masked: account.maskedValue,
    verified: account.verified,
    requisite_type:
      typeId === undefined || typeId === null ? account.requisiteType : String(typeId),
  }));
}
