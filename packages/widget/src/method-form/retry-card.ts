/**
 * "Try again" after a decline opens the method form with the card the player typed (number, expiry,
 * cardholder, or the saved card chosen), never its CVV, which is typed again.
 *
 * The card is kept in this page's memory only: never in storage and never in router state (the
 * browser writes a history entry's state to its session history, so a card number there would
 * outlive the page). A reload or a new page forgets it; so does a payment that went through and
 * a method form opened other than by "Try again".
 *
 * @packageDocumentation
 */
import { fieldKind } from '@cashdesk/domain';
import type { FieldValue, FormField } from '@cashdesk/domain';

/** The card fields a retry keeps: the card choice, number, expiry and cardholder, not the CVV. */
function keptOnRetry(field: Pick<FormField, 'name' | 'type' | 'extendedType'>): boolean {
  const kind = fieldKind(field);
  return (
    kind === 'card' ||
    kind === 'cardPan' ||
    kind === 'expirationDate' ||
    field.extendedType === 'card_cardholder_name'
  );
}

interface KeptCard {
  readonly payGroupId: string;
  readonly values: Readonly<Record<string, FieldValue>>;
}

let kept: KeptCard | null = null;

/** Keeps the card fields of a submit of `payGroupId`'s form (called as the payment is sent). */
export function keepCardForRetry(
  payGroupId: string,
  fields: readonly FormField[],
  values: Readonly<Record<string, FieldValue>>,
): void {
  const card: Record<string, FieldValue> = {};
  for (const field of fields) {
    if (keptOnRetry(field) && Object.hasOwn(values, field.name)) {
      card[field.name] = values[field.name];
    }
  }
  kept = Object.keys(card).length === 0 ? null : { payGroupId, values: card };
}

/**
 * The kept card of `payGroupId` for a retry's form, limited to the fields the form has; empty
 * when another method's card (or none) is kept. Reading does not forget (React may build a
 * form's initial values twice).
 */
export function cardForRetry(
  payGroupId: string,
  fields: readonly FormField[],
): Readonly<Record<string, FieldValue>> {
  if (kept?.payGroupId !== payGroupId) return {};
  const card: Record<string, FieldValue> = {};
  for (const field of fields) {
    if (keptOnRetry(field) && Object.hasOwn(kept.values, field.name)) {
      card[field.name] = kept.values[field.name];
    }
  }
  return card;
}

/** Forgets the kept card (a payment went through, or a form opened other than by a retry). */
export function forgetCardForRetry(): void {
  kept = null;
}
