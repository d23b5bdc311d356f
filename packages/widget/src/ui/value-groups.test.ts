import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { valueGroups } from './value-groups';

describe('long values in groups (reference, IBAN, voucher code)', () => {
  it.each([
    // A 12-digit voucher code: three groups of four, never broken mid-number.
    ['123456789012', ['1234', '5678', '9012'], true],
    ['1234 5678 9012', ['1234', '5678', '9012'], true],
    ['1234567890', ['1234', '5678', '90'], true],
    // An IBAN, typed with or without its spaces: groups of four (ISO 13616 paper format).
    ['DE89370400440532013000', ['DE89', '3704', '0044', '0532', '0130', '00'], true],
    ['DE89 3704 0044 0532 0130 00', ['DE89', '3704', '0044', '0532', '0130', '00'], true],
    // Words stay words.
    ['Cashdesk Demo Ltd', ['Cashdesk', 'Demo', 'Ltd'], true],
    // A reference breaks after its hyphens and underscores only.
    ['SBX-EFF7D4DD8B', ['SBX-', 'EFF7D4DD8B'], false],
    [
      '3f2a9c1e-8b7d-4e21-9a0f-5c6d7e8f9a0b',
      ['3f2a9c1e-', '8b7d-', '4e21-', '9a0f-', '5c6d7e8f9a0b'],
      false,
    ],
    ['tx_01HZX9', ['tx_', '01HZX9'], false],
    // Short codes and amounts are one group.
    ['1234567', ['1234567'], false],
    ['VCH42', ['VCH42'], false],
    ['  ', [], false],
  ])('%s shows as %j', (value, groups, spaced) => {
    expect(valueGroups(value)).toEqual({ groups, spaced });
  });

  it('keeps every character of the value, in order', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 60 }), (value) => {
        const { groups } = valueGroups(value);
        expect(groups.join('')).toBe(value.trim().replace(/\s+/g, ''));
        expect(groups.every((group) => group !== '')).toBe(true);
      }),
      { numRuns: 300 },
    );
  });
});
