/**
 * The rule of a staff member's password, kept here so the back office warns as the person types
 * and the server refuses the same passwords: at least {@link STAFF_PASSWORD_MIN_LENGTH}
 * characters (code points, so a password of emoji or CJK counts what is seen), and not one of the
 * passwords people pick most (compared ignoring case and the digits and punctuation people add at
 * the end: `Password123!` is `password`).
 *
 * @packageDocumentation
 */

/** The shortest password a staff member may set. */
export const STAFF_PASSWORD_MIN_LENGTH = 12;

/** The longest (the contract's StaffPassword allows no more; scrypt would take any length). */
const STAFF_PASSWORD_MAX_LENGTH = 256;

/**
 * The most common passwords of twelve characters or more and the stems people lengthen to twelve
 * with digits and signs (public breach lists), lower case.
 */
const COMMON_PASSWORDS: ReadonlySet<string> = new Set([
  'password',
  'passw0rd',
  'qwerty',
  'qwertyuiop',
  'qwertyuiopasdfghjkl',
  'asdfghjkl',
  'zxcvbnm',
  'iloveyou',
  'letmein',
  'welcome',
  'admin',
  'administrator',
  'changeme',
  'cashdesk',
  'monkey',
  'dragon',
  'football',
  'baseball',
  'sunshine',
  'princess',
  'trustno1',
  'superman',
  'starwars',
  'whatever',
  'abc',
  'abcdefghijkl',
  'abcdefghijklmnopqrstuvwxyz',
  '1q2w3e4r5t6y',
  '1qaz2wsx3edc',
  'qazwsxedcrfv',
  'aaaaaaaaaaaa',
]);

/** Why a password may not be set, or `null` when it may. */
export type StaffPasswordProblem = 'too_short' | 'too_long' | 'common';

/** Whether `password` may be a staff member's password (see the module comment). */
export function staffPasswordProblem(password: string): StaffPasswordProblem | null {
  // Code points: a surrogate pair is one character.
  const length = password.replace(/[\uD800-\uDBFF][\uDC00-\uDFFF]/g, '_').length;
  if (length < STAFF_PASSWORD_MIN_LENGTH) return 'too_short';
  if (length > STAFF_PASSWORD_MAX_LENGTH) return 'too_long';
  const lower = password.toLowerCase();
  const stem = lower.replace(/[^a-z]+$/, '');
  if (COMMON_PASSWORDS.has(lower) || COMMON_PASSWORDS.has(stem)) return 'common';
  // Digits only, or one character repeated: the first guesses of any attacker.
  if (/^[0-9]+$/.test(password) || /^(.)\1+$/u.test(password)) return 'common';
  return null;
}
