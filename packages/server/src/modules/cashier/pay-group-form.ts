/**
 * The form of a pay group (SPEC §3 method detail `parameters` and `view_data`): its stored field
 * definitions, checked once against the contract, pre-filled from the player's profile, cut to a
 * deposit's definitions, and the values a submit keeps of them (read-only fields carry the
 * server's value).
 *
 * @packageDocumentation
 */
import * as z from 'zod/mini';
import { FieldDefinition, ViewData, WithdrawalFieldDefinition } from '@cashdesk/contract';
import { fieldKind, mapField } from '@cashdesk/domain';
import type { FormField } from '@cashdesk/domain';
import type { PayGroupRow } from './pay-group-rows';
import { profileValue } from './player-profile';
import type { PlayerProfile } from './player-profile';

type StoredField = z.infer<typeof WithdrawalFieldDefinition>;

const StoredFields = z.array(WithdrawalFieldDefinition);

/**
 * Definitions already checked, by the stored value they were read from: a pay group's row comes
 * from the brand data in memory (docs/decisions/0036-brand-data-and-sessions-in-memory.md), so each submit and detail would otherwise check the same
 * value again with zod. Frozen, so a caller cannot change what the next one gets.
 */
const checkedFields = new WeakMap<object, readonly StoredField[]>();

/** The stored field definitions of a pay group as the contract's withdrawal field definitions. */
export function storedFields(group: {
  readonly id: number;
  /** As the database holds it: typed by the schema, checked here. */
  readonly fields: unknown;
}): readonly StoredField[] {
  const stored = group.fields;
  const kept = typeof stored === 'object' && stored !== null ? stored : undefined;
  const known = kept === undefined ? undefined : checkedFields.get(kept);
  if (known !== undefined) return known;
  const parsed = z.safeParse(StoredFields, stored);
  if (!parsed.success) {
    throw new Error(`pay group ${String(group.id)} has field definitions the contract refuses`);
  }
  const fields = Object.freeze(parsed.data.map((field) => Object.freeze(field)));
  if (kept !== undefined) checkedFields.set(kept, fields);
  return fields;
}

/**
 * The read-only field of a bank transfer form that shows the reference the player writes in the
 * transfer: the player's ID (the operator's id of the player). The payment's reference on its
 * result is then this same text (payments/provider-outcomes.ts), never a second one.
 */
export const TRANSFER_REFERENCE_FIELD = 'transfer_reference';

/**
 * The form fields of a pay group for a player (SPEC §3 method detail `parameters`): as stored,
 * with profile fields pre-filled from the player's profile when the definition has no value,
 * and the transfer reference ({@link TRANSFER_REFERENCE_FIELD}) filled with the player's ID.
 */
export function formFields(
  group: PayGroupRow,
  player: PlayerProfile,
): z.infer<typeof WithdrawalFieldDefinition>[] {
  return storedFields(group).map((field) => {
    const value =
      field.name === TRANSFER_REFERENCE_FIELD
        ? player.externalId
        : profileValue(field.type, player);
    if (value === null || (field.user_requisite ?? null) !== null) return field;
    return { ...field, user_requisite: value };
  });
}

/**
 * The submitted values with the read-only fields set by the server: a read-only field shows the
 * server's value (the profile's phone, a definition's user_requisite), so whatever the client
 * sends for it is replaced by that value, or dropped when there is none (SPEC §3 isDisabled,
 * userRequisite). A deposit's card block and a payout's saved card are left to their own rules
 * (`ownRules`). The fields are those of {@link formFields}, mapped.
 */
export function withServerValues<V>(
  fields: readonly FormField[],
  values: Readonly<Record<string, V>>,
  ownRules: (field: FormField) => boolean,
): Record<string, V | string> {
  const readOnly = fields.filter((field) => field.isDisabled && !ownRules(field));
  const names = new Set(readOnly.map((field) => field.name));
  const kept = Object.entries(values).filter(([name]) => !names.has(name));
  const server = readOnly.flatMap((field): [string, string][] =>
    field.userRequisite === undefined ? [] : [[field.name, field.userRequisite]],
  );
  return Object.fromEntries<V | string>([...kept, ...server]);
}

/** Deposit field definitions: the withdrawal-only properties dropped by the contract's schema. */
export function depositFields(
  fields: readonly z.infer<typeof WithdrawalFieldDefinition>[],
): z.infer<typeof FieldDefinition>[] {
  return fields.map((field) => {
    const parsed = z.safeParse(FieldDefinition, field);
    if (!parsed.success) throw new Error(`field ${field.name} is not a deposit field`);
    return parsed.data;
  });
}

/** Whether a form has a bet-shop field (SPEC §3 betShop kind), whose shops the detail lists. */
export function hasBetShopField(group: PayGroupRow): boolean {
  return storedFields(group).some((field) => fieldKind(mapField(field)) === 'betShop');
}

/** SPEC §3 view_data of a pay group (stored free-form; what the contract refuses is dropped). */
export function viewDataOf(group: PayGroupRow): z.infer<typeof ViewData> {
  const parsed = z.safeParse(ViewData, group.viewData);
  return parsed.success ? parsed.data : [];
}
