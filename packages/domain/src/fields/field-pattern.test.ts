import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compileFieldPattern, escapeRegExp, matchesFieldPattern } from './field-pattern';

describe('server field patterns (SPEC §5 generic fields)', () => {
  it.each([
    ['^\\d{5}$', '12345', true],
    ['^\\d{5}$', '1234', false],
    ['[A-Z]{2}', 'xxAByy', true],
    ['+380', '+380501234567', true],
    ['+380', '380501234567', false],
    ['+1 (555)', 'call +1 (555) now', true],
    ['+1.5', '+1x5', false],
  ])('pattern %s on %s matches: %s (SPEC §5)', (pattern, value, expected) => {
    expect(matchesFieldPattern(pattern, value)).toBe(expected);
  });

  it('takes a pattern starting with + literally instead of throwing on the dangling + (SPEC §5)', () => {
    expect(compileFieldPattern('+7')?.source).toBe('\\+7');
    expect(compileFieldPattern('+[a')?.test('+[a')).toBe(true);
  });

  it.each(['[', '(abc', '*x', 'a{2,1}'])(
    'gives null for the invalid pattern %s (SPEC §5)',
    (pattern) => {
      expect(compileFieldPattern(pattern)).toBeNull();
    },
  );

  it('lets a value pass an invalid pattern by default, or fail when asked (SPEC §5)', () => {
    expect(matchesFieldPattern('[', 'anything')).toBe(true);
    expect(matchesFieldPattern('[', 'anything', 'pass')).toBe(true);
    expect(matchesFieldPattern('[', 'anything', 'fail')).toBe(false);
  });

  it('escapes any text so it matches itself exactly (SPEC §5, property)', () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        expect(new RegExp(`^${escapeRegExp(text)}$`).test(text)).toBe(true);
      }),
    );
  });

  it('never throws on any pattern (SPEC §5 totality, property)', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (pattern, value) => {
        expect(typeof matchesFieldPattern(pattern, value)).toBe('boolean');
      }),
    );
  });
});
