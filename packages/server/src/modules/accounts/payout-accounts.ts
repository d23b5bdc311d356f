/**
 * Payout accounts (requisites) of a player: SPEC §2 payout entry (account select, add new
 * account, delete-account confirmation), §3 withdrawal fields (user_requisite_type_id, verifyNewPayoutAccount), §7
 * account-management requisite/create.
 *
 * Rules kept here:
 * - An account belongs to one player; every lookup is by (player, id), so another player's
 *   account is "not found" exactly like an unknown one (404).
 * - Contacts are masked like the withdrawal select's trusted_contacts
 *   (modules/accounts/contacts.ts), so otp/send names the contact the way the player chose it.
 * - A new account is stored unverified. It is paid to only once a one-time code confirmed it
 *   (modules/accounts/payout-account-otp.ts marks it verified);
 *   {@link RequisiteCreateResponse.verification_required} says so to the widget.
 * - The value is validated with the domain's field rules of the pay group's field whose
 *   user_requisite_type_id is the requisite type, and shown only masked.
 * - Deleting is soft (`deleted_at`): withdrawals and one-time code challenges keep pointing at the
 *   row, while every lookup here (select's payout_accounts, submit, otp) skips deleted rows.
 *
 * @packageDocumentation
 */
import { and, desc, eq, isNull } from 'drizzle-orm';
import { fieldKind, mapFields, validateField } from '@cashdesk/domain';
import type { FormField } from '@cashdesk/domain';
import type {
  ContactType,
  RequisiteCreateRequest,
  RequisiteCreateResponse,
} from '@cashdesk/contract';
import type { Executor } from '../../db/open';
import { payGroups, payoutAccounts, players } from '../../db/schema';
import { ApiError } from '../../http/api-error';
import { maskContact } from './contacts';
import { isUuid } from '../../platform/ids';
import { isTransaction, recordPayoutAccountVerified } from '../webhooks';

/** A stored payout account. */
export type PayoutAccountRow = typeof payoutAccounts.$inferSelect;

/**
 * Key of the account's label inside `details` (the table has no label column). Field names are
 * `[A-Za-z0-9_.-]+` (contract ParameterName), so a key starting with `@` never clashes with one.
 */
export const LABEL_KEY = '@label';

/**
 * Masks an account value for display: a phone number keeps its first six and last three
 * characters ("+49151*****678"), anything else (IBAN, wallet id) its first and last four
 * ("DE89 **** 3000"); a value of eight characters or fewer shows only its last two.
 */
export function maskRequisiteValue(value: string): string {
  const compact = value.replace(/\s+/g, '');
  if (/^\+[0-9]{8,15}$/.test(compact)) {
    return `${compact.slice(0, 6)}${'*'.repeat(compact.length - 9)}${compact.slice(-3)}`;
  }
  if (compact.length <= 8)
    return `${'*'.repeat(Math.max(compact.length - 2, 2))}${compact.slice(-2)}`;
  return `${compact.slice(0, 4)} **** ${compact.slice(-4)}`;
}

/**
 * A live (not deleted) payout account of the player, or `null` for an unknown id, a malformed id,
 * a deleted account or another player's account.
 */
export async function findPlayerPayoutAccount(
  db: Executor,
  playerId: string,
  accountId: string,
): Promise<PayoutAccountRow | null> {
  if (!isUuid(accountId)) return null;
  const [row] = await db
    .select()
    .from(payoutAccounts)
    .where(
      and(
        eq(payoutAccounts.id, accountId),
        eq(payoutAccounts.playerId, playerId),
        isNull(payoutAccounts.deletedAt),
      ),
    );
  return row ?? null;
}

/** Where a one-time code of a contact type goes: the player's address and its masked form. */
export interface PlayerContact {
  readonly contactType: ContactType;
  /** The full address (e-mail or phone): only for the delivery, never answered or logged. */
  readonly destination: string;
  readonly masked: string;
}

/** The player's contact of a type, or `null` when the profile has none. */
export async function playerContact(
  db: Executor,
  playerId: string,
  contactType: ContactType,
): Promise<PlayerContact | null> {
  const [row] = await db
    .select({ email: players.email, phone: players.phone })
    .from(players)
    .where(eq(players.id, playerId));
  const destination = contactType === 'email' ? row?.email : row?.phone;
  if (destination === null || destination === undefined || destination.trim() === '') return null;
  return {
    contactType,
    destination,
    masked: maskContact(contactType, destination),
  };
}

/** The withdrawal field a requisite type stands for (its user_requisite_type_id as text). */
function requisiteField(
  fields: readonly FormField[],
  requisiteType: string,
): FormField | undefined {
  return fields.find((field) => field.userRequisiteTypeId === requisiteType);
}

/** Who creates a requisite. */
export interface RequisiteOwner {
  readonly playerId: string;
  readonly brandId: string;
}

/**
 * SPEC §7 requisite/create: stores a new unverified payout account for a withdrawal pay group of
 * the player's brand. The same value for the same pay group answers the existing account instead
 * of a duplicate.
 *
 * @throws {ApiError} unknownPayGroup (body.pay_group_id) for a pay group that is not a withdrawal
 * method of the brand; methodUnavailable when it does not allow new accounts; invalidField
 * (body.requisite_type) when no field of the method has that requisite type or it is a saved-card
 * field; invalidField (body.value) with the field's message key when the value breaks its rules.
 */
export async function createRequisite(
  db: Executor,
  owner: RequisiteOwner,
  request: RequisiteCreateRequest,
): Promise<RequisiteCreateResponse> {
  const [group] = await db
    .select()
    .from(payGroups)
    .where(
      and(
        eq(payGroups.id, request.pay_group_id),
        eq(payGroups.brandId, owner.brandId),
        eq(payGroups.flow, 'withdrawal'),
      ),
    );
  if (group === undefined) {
    throw new ApiError('unknownPayGroup', {
      field: 'body.pay_group_id',
      detail: `no withdrawal pay group ${String(request.pay_group_id)} in ${owner.brandId}`,
    });
  }
  if (!group.allowNewPayoutAccount || !group.enabled) {
    throw new ApiError('methodUnavailable', {
      field: 'body.pay_group_id',
      detail: `pay group ${String(group.id)} takes no new payout accounts`,
    });
  }
  const field = requisiteField(mapFields(group.fields), request.requisite_type);
  // Saved cards become payout destinations by paying with them, never by typing a number here.
  if (field === undefined || fieldKind(field) === 'card') {
    throw new ApiError('invalidField', {
      field: 'body.requisite_type',
      detail: `pay group ${String(group.id)} has no requisite type ${request.requisite_type}`,
    });
  }
  const value = request.value.trim();
  const check = validateField({ ...field, isRequired: true }, value);
  if (!check.valid) {
    throw new ApiError('invalidField', {
      field: 'body.value',
      messageKey: check.error.key,
      detail: `requisite value refused by the rules of field ${field.name}`,
    });
  }

  const existing = await db
    .select()
    .from(payoutAccounts)
    .where(
      and(
        eq(payoutAccounts.playerId, owner.playerId),
        eq(payoutAccounts.payGroupId, group.id),
        eq(payoutAccounts.requisiteType, request.requisite_type),
        isNull(payoutAccounts.deletedAt),
      ),
    )
    .orderBy(desc(payoutAccounts.createdAt));
  const same = existing.find((row) => row.details[field.name] === value);
  if (same !== undefined) {
    return {
      requisite_id: same.id,
      masked: same.maskedValue,
      verification_required: !same.verified,
    };
  }

  const details: Record<string, string> = {};
  for (const [name, extra] of Object.entries(request.parameters ?? {})) {
    if (typeof extra === 'string') details[name] = extra;
  }
  details[field.name] = value;
  const label = request.label?.trim();
  if (label !== undefined && label !== '') details[LABEL_KEY] = label;
  const masked = maskRequisiteValue(value);
  const [row] = await db
    .insert(payoutAccounts)
    .values({
      playerId: owner.playerId,
      payGroupId: group.id,
      requisiteType: request.requisite_type,
      maskedValue: masked,
      details,
      verified: false,
    })
    .returning({ id: payoutAccounts.id });
  if (row === undefined) throw new Error('payout account not written');
  return { requisite_id: row.id, masked, verification_required: true };
}

/**
 * Marks an account verified (the one-time code matched) and records `payout_account.verified`
 * for the operator in the same database transaction, once: an account verified already stays as
 * it is and is not reported again.
 */
export async function markPayoutAccountVerified(
  db: Executor,
  accountId: string,
  now: Date,
): Promise<void> {
  if (!isTransaction(db)) {
    await db.transaction((tx) => markPayoutAccountVerified(tx, accountId, now));
    return;
  }
  const [account] = await db
    .update(payoutAccounts)
    .set({ verified: true, verifiedAt: now })
    .where(and(eq(payoutAccounts.id, accountId), eq(payoutAccounts.verified, false)))
    .returning();
  if (account !== undefined) await recordPayoutAccountVerified(db, account);
}

/**
 * SPEC §2 payout entry, delete-account confirmation (the call is designed: DELETE
 * requisite/{requisiteId}): marks the player's account deleted. Withdrawals already made to it
 * keep their record; it is no longer listed or payable.
 *
 * @throws {ApiError} notFound (field `params.requisiteId`) for an unknown, malformed, already
 * deleted or another player's account.
 */
export async function deleteRequisite(
  db: Executor,
  playerId: string,
  requisiteId: string,
  now: Date = new Date(),
): Promise<void> {
  const notFound = new ApiError('notFound', {
    field: 'params.requisiteId',
    detail: 'no such payout account for this player',
  });
  if (!isUuid(requisiteId)) throw notFound;
  const removed = await db
    .update(payoutAccounts)
    .set({ deletedAt: now })
    .where(
      and(
        eq(payoutAccounts.id, requisiteId),
        eq(payoutAccounts.playerId, playerId),
        isNull(payoutAccounts.deletedAt),
      ),
    )
    .returning({ id: payoutAccounts.id });
  if (removed.length === 0) throw notFound;
}
