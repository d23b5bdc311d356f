/**
 * The player's contacts as they may be shown (SPEC §2 "choose a contact for confirmation", §3
 * contact type email or phone): the withdrawal select's trusted_contacts, otp/send's
 * masked_contact and the sandbox outbox all mask an address the same way.
 *
 * @packageDocumentation
 */
import type { ContactType } from '@cashdesk/contract';

/** Masks an e-mail address for display: first letter, then stars, then the domain. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return '***';
  return `${email.slice(0, 1)}***${email.slice(at)}`;
}

/** Masks a phone number for display: the country part and the last three digits stay. */
export function maskPhone(phone: string): string {
  if (phone.length <= 8) return `${phone.slice(0, 2)}****`;
  return `${phone.slice(0, 5)}****${phone.slice(-3)}`;
}

/** Masks an address of a contact type for display. */
export function maskContact(contactType: ContactType, address: string): string {
  return contactType === 'email' ? maskEmail(address) : maskPhone(address);
}
