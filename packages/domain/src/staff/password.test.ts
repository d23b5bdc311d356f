import { describe, expect, it } from 'vitest';
import { STAFF_PASSWORD_MIN_LENGTH, staffPasswordProblem } from './password';

describe('staffPasswordProblem', () => {
  it('refuses a password shorter than twelve characters, counting what is seen', () => {
    expect(STAFF_PASSWORD_MIN_LENGTH).toBe(12);
    expect(staffPasswordProblem('short-pass1')).toBe('too_short');
    expect(staffPasswordProblem('eleven-char')).toBe('too_short');
    // Eleven emoji are 22 UTF-16 units but eleven characters.
    expect(staffPasswordProblem('🙂'.repeat(11))).toBe('too_short');
    expect(staffPasswordProblem('twelve-chars')).toBeNull();
  });

  it('refuses the common passwords, whatever their case and the digits added at the end', () => {
    expect(staffPasswordProblem('Password1234')).toBe('common');
    expect(staffPasswordProblem('QWERTYUIOP!!')).toBe('common');
    expect(staffPasswordProblem('123456789012')).toBe('common');
    expect(staffPasswordProblem('xxxxxxxxxxxx')).toBe('common');
    expect(staffPasswordProblem('cashdesk2026!')).toBe('common');
  });

  it('takes a long passphrase', () => {
    expect(staffPasswordProblem('correct horse battery staple')).toBeNull();
  });

  it('refuses more than 256 characters', () => {
    expect(staffPasswordProblem('a1'.repeat(129))).toBe('too_long');
  });
});
