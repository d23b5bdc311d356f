import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compileFieldPattern, matchesFieldPattern } from './field-pattern';

describe('server field patterns (SPEC §5 generic fields)', () => {
  it.each([
    ['^\\d{5}$', '12345', true],
    ['^\\d{5}$', '1234', false],
    ['[A-Z]{2}', 'xxAByy', true],
    ['+380', '+380501234567', true],
    ['+380', '380501234567', false],
    ['+380\\d{9}', '+380501234567', true],
    ['+380\\d{9}', '+380\\d{9}', false],
    ['+380\\d{9}', '+38050123456', false],
    ['+1 \\(555\\)', 'call +1 (555) now', true],
    ['+1.5', '+1x5', true],
    ['+1\\.5', '+1x5', false],
  ])('SPEC §5: pattern %s on %s matches: %s', (pattern, value, expected) => {
    expect(matchesFieldPattern(pattern, value)).toBe(expected);
  });

  it.each([
    ['+380', '\\+380'],
    ['+380\\d{9}', '\\+380\\d{9}'],
    ['+7', '\\+7'],
    ['^\\+\\d{10,15}$', '^\\+\\d{10,15}$'],
    ['\\d+', '\\d+'],
  ])(
    'SPEC §5: a pattern starting with + keeps the plus literal and the rest a regex (%j compiles to /%s/)',
    (pattern, source) => {
      expect(compileFieldPattern(pattern)?.source).toBe(source);
    },
  );

  it.each(['[', '(abc', '*x', 'a{2,1}', '+(', '+[a', '[0-'])(
    'SPEC §5: gives null for the invalid pattern %s',
    (pattern) => {
      expect(compileFieldPattern(pattern)).toBeNull();
    },
  );

  it('SPEC §5: lets a value pass an invalid pattern by default, or fail when asked', () => {
    expect(matchesFieldPattern('[', 'anything')).toBe(true);
    expect(matchesFieldPattern('[', 'anything', 'pass')).toBe(true);
    expect(matchesFieldPattern('[', 'anything', 'fail')).toBe(false);
  });

  it.each(['', ' ', '  \t'])(
    'SPEC §5: a blank pattern %j is no pattern: any value matches',
    (p) => {
      expect(matchesFieldPattern(p, 'x')).toBe(true);
      expect(matchesFieldPattern(p, '')).toBe(true);
      expect(matchesFieldPattern(p, 'x', 'fail')).toBe(true);
    },
  );

  it('SPEC §5: after a leading + the rest of the pattern is a regex (+source$ accepts + and a full match of source, property)', () => {
    // The value holds one plus, in front, and the pattern ends in $: the match must span the
    // whole value, so the pattern accepts exactly "+" followed by a full match of the source.
    const sources = ['\\d{3}', '[0-9]{2,4}', '(44|49)\\d+', '1?\\d{2}', '\\d*', '380\\d{9}'];
    fc.assert(
      fc.property(
        fc.constantFrom(...sources),
        fc.stringMatching(/^[0-9]{0,13}$/),
        (source, digits) => {
          const fullMatch = new RegExp(`^(?:${source})$`).test(digits);
          expect(matchesFieldPattern(`+${source}$`, `+${digits}`)).toBe(fullMatch);
          expect(matchesFieldPattern(`+${source}$`, digits)).toBe(false);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('SPEC §5: never throws on any pattern (totality, property)', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (pattern, value) => {
        expect(typeof matchesFieldPattern(pattern, value)).toBe('boolean');
      }),
      { numRuns: 200 },
    );
  });
});
